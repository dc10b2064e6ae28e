/**
 * The gateway protocol as far as a bot needs it (facts §9.3): opcodes, close
 * codes, intents, and which intent each dispatch the emulator sends needs.
 */

export const GATEWAY_VERSION = 10;

export const GatewayOp = {
  DISPATCH: 0,
  HEARTBEAT: 1,
  IDENTIFY: 2,
  PRESENCE_UPDATE: 3,
  VOICE_STATE_UPDATE: 4,
  RESUME: 6,
  RECONNECT: 7,
  REQUEST_GUILD_MEMBERS: 8,
  INVALID_SESSION: 9,
  HELLO: 10,
  HEARTBEAT_ACK: 11,
  REQUEST_SOUNDBOARD_SOUNDS: 31,
} as const;

/** Opcodes a client may send; any other is closed with UNKNOWN_OPCODE. */
export const CLIENT_OPS: ReadonlySet<number> = new Set([
  GatewayOp.HEARTBEAT,
  GatewayOp.IDENTIFY,
  GatewayOp.PRESENCE_UPDATE,
  GatewayOp.VOICE_STATE_UPDATE,
  GatewayOp.RESUME,
  GatewayOp.REQUEST_GUILD_MEMBERS,
  GatewayOp.REQUEST_SOUNDBOARD_SOUNDS,
]);

export const GatewayClose = {
  UNKNOWN_ERROR: 4000,
  UNKNOWN_OPCODE: 4001,
  DECODE_ERROR: 4002,
  NOT_AUTHENTICATED: 4003,
  AUTHENTICATION_FAILED: 4004,
  ALREADY_AUTHENTICATED: 4005,
  INVALID_SEQ: 4007,
  RATE_LIMITED: 4008,
  SESSION_TIMED_OUT: 4009,
  INVALID_SHARD: 4010,
  INVALID_API_VERSION: 4012,
  INVALID_INTENTS: 4013,
  DISALLOWED_INTENTS: 4014,
} as const;

/** The reason each close is sent with, as the service words it (the close-code table's texts; 4013 and 4014 observed, facts §6). */
export const GATEWAY_CLOSE_REASONS: Readonly<Record<(typeof GatewayClose)[keyof typeof GatewayClose], string>> = {
  [GatewayClose.UNKNOWN_ERROR]: 'Unknown error.',
  [GatewayClose.UNKNOWN_OPCODE]: 'Unknown opcode.',
  [GatewayClose.DECODE_ERROR]: 'Error while decoding payload.',
  [GatewayClose.NOT_AUTHENTICATED]: 'Not authenticated.',
  [GatewayClose.AUTHENTICATION_FAILED]: 'Authentication failed.',
  [GatewayClose.ALREADY_AUTHENTICATED]: 'You sent more than one identify payload.',
  [GatewayClose.INVALID_SEQ]: 'Invalid seq.',
  [GatewayClose.RATE_LIMITED]: 'You are being rate limited.',
  [GatewayClose.SESSION_TIMED_OUT]: 'Session timed out.',
  [GatewayClose.INVALID_SHARD]: 'Invalid shard.',
  [GatewayClose.INVALID_API_VERSION]: 'Invalid API version provided.',
  [GatewayClose.INVALID_INTENTS]: 'Invalid intent(s).',
  [GatewayClose.DISALLOWED_INTENTS]: 'Disallowed intent(s).',
};

export const Intent = {
  GUILDS: 1 << 0,
  GUILD_MEMBERS: 1 << 1,
  GUILD_MODERATION: 1 << 2,
  GUILD_EXPRESSIONS: 1 << 3,
  GUILD_INTEGRATIONS: 1 << 4,
  GUILD_WEBHOOKS: 1 << 5,
  GUILD_INVITES: 1 << 6,
  GUILD_VOICE_STATES: 1 << 7,
  GUILD_PRESENCES: 1 << 8,
  GUILD_MESSAGES: 1 << 9,
  GUILD_MESSAGE_REACTIONS: 1 << 10,
  GUILD_MESSAGE_TYPING: 1 << 11,
  DIRECT_MESSAGES: 1 << 12,
  DIRECT_MESSAGE_REACTIONS: 1 << 13,
  DIRECT_MESSAGE_TYPING: 1 << 14,
  MESSAGE_CONTENT: 1 << 15,
  GUILD_SCHEDULED_EVENTS: 1 << 16,
  AUTO_MODERATION_CONFIGURATION: 1 << 20,
  AUTO_MODERATION_EXECUTION: 1 << 21,
  GUILD_MESSAGE_POLLS: 1 << 24,
  DIRECT_MESSAGE_POLLS: 1 << 25,
} as const;

/** Every defined intent bit: an Identify asking for any other bit is closed with INVALID_INTENTS. */
export const KNOWN_INTENTS = Object.values(Intent).reduce((all, bit) => all | bit, 0);

/**
 * The intent each dispatch needs; a dispatch not listed needs none
 * (INTERACTION_CREATE, APPLICATION_COMMAND_PERMISSIONS_UPDATE, READY, RESUMED).
 */
export const DISPATCH_INTENT: Readonly<Record<string, number>> = {
  GUILD_CREATE: Intent.GUILDS,
  GUILD_ROLE_CREATE: Intent.GUILDS,
  GUILD_ROLE_UPDATE: Intent.GUILDS,
  GUILD_ROLE_DELETE: Intent.GUILDS,
  GUILD_BAN_ADD: Intent.GUILD_MODERATION,
  GUILD_BAN_REMOVE: Intent.GUILD_MODERATION,
  WEBHOOKS_UPDATE: Intent.GUILD_WEBHOOKS,
};

/** The service's default heartbeat interval, in ms. */
export const HEARTBEAT_INTERVAL_MS = 41_250;

/** A client may send at most this many frames per window before being closed with RATE_LIMITED. */
export const CLIENT_SEND_LIMIT = { frames: 120, windowMs: 60_000 } as const;

/** The largest frame a client may send (the service's limit on Identify and other payloads). */
export const MAX_CLIENT_FRAME_BYTES = 4096;

/** Members per GUILD_MEMBERS_CHUNK, and at most per prefix or id request (op 8). */
export const MEMBERS_PER_CHUNK = 1000;
export const MEMBERS_PER_QUERY = 100;

/** Identify's `large_threshold`: the range it may give, and its default (GUILD_CREATE lists fewer members above it). */
export const LARGE_THRESHOLD = { min: 50, max: 250, default: 50 } as const;

/** Which shard a guild's events go to. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}
