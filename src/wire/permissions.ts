/** Permission bits for `default_member_permissions` (facts §4.3); bit 47 is unassigned. By name: `Permission.BAN_MEMBERS`. */
export const Permission = {
  CREATE_INSTANT_INVITE: 1n << 0n,
  KICK_MEMBERS: 1n << 1n,
  BAN_MEMBERS: 1n << 2n,
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_AUDIT_LOG: 1n << 7n,
  PRIORITY_SPEAKER: 1n << 8n,
  STREAM: 1n << 9n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  SEND_TTS_MESSAGES: 1n << 12n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  MENTION_EVERYONE: 1n << 17n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  VIEW_GUILD_INSIGHTS: 1n << 19n,
  CONNECT: 1n << 20n,
  SPEAK: 1n << 21n,
  MUTE_MEMBERS: 1n << 22n,
  DEAFEN_MEMBERS: 1n << 23n,
  MOVE_MEMBERS: 1n << 24n,
  USE_VAD: 1n << 25n,
  CHANGE_NICKNAME: 1n << 26n,
  MANAGE_NICKNAMES: 1n << 27n,
  MANAGE_ROLES: 1n << 28n,
  MANAGE_WEBHOOKS: 1n << 29n,
  MANAGE_GUILD_EXPRESSIONS: 1n << 30n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  REQUEST_TO_SPEAK: 1n << 32n,
  MANAGE_EVENTS: 1n << 33n,
  MANAGE_THREADS: 1n << 34n,
  CREATE_PUBLIC_THREADS: 1n << 35n,
  CREATE_PRIVATE_THREADS: 1n << 36n,
  USE_EXTERNAL_STICKERS: 1n << 37n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  USE_EMBEDDED_ACTIVITIES: 1n << 39n,
  MODERATE_MEMBERS: 1n << 40n,
  VIEW_CREATOR_MONETIZATION_ANALYTICS: 1n << 41n,
  USE_SOUNDBOARD: 1n << 42n,
  CREATE_GUILD_EXPRESSIONS: 1n << 43n,
  CREATE_EVENTS: 1n << 44n,
  USE_EXTERNAL_SOUNDS: 1n << 45n,
  SEND_VOICE_MESSAGES: 1n << 46n,
  SET_VOICE_CHANNEL_STATUS: 1n << 48n,
  SEND_POLLS: 1n << 49n,
  USE_EXTERNAL_APPS: 1n << 50n,
  PIN_MESSAGES: 1n << 51n,
  BYPASS_SLOWMODE: 1n << 52n,
} as const;

export type PermissionName = keyof typeof Permission;
/** The same bits looked up by a name read from input (a manifest, a world file, a request). */
export const PERMISSION_BITS: Readonly<Record<string, bigint>> = Permission;

/** Former names that still name the same bit. */
const PERMISSION_ALIASES: Readonly<Record<string, string>> = {
  MANAGE_EMOJIS_AND_STICKERS: 'MANAGE_GUILD_EXPRESSIONS',
  MANAGE_SERVER: 'MANAGE_GUILD',
  USE_VOICE_ACTIVITY: 'USE_VAD',
};

export const ALL_PERMISSION_BITS: bigint = Object.values(PERMISSION_BITS).reduce((a, b) => a | b, 0n);

/**
 * What the @everyone role of a newly created guild holds (the client's
 * defaults; [UNC] the exact set drifts as permissions are added, the value
 * is the one bot libraries and guides quote). It includes
 * USE_APPLICATION_COMMANDS: in a new guild every member may use commands.
 */
export const NEW_GUILD_EVERYONE_PERMISSIONS = 1071698660929n;

/** Who may edit a guild's command permissions besides the owner and administrators (spec "Endpoints" 5). */
export const MANAGE_COMMAND_PERMISSIONS_BITS: bigint = Permission.MANAGE_GUILD | Permission.MANAGE_ROLES;

/** The bit of one permission name (any case, `-` or `_`), or undefined. */
export function permissionBit(name: string): bigint | undefined {
  const key = name
    .trim()
    .toUpperCase()
    .replace(/[-\s]+/g, '_');
  return PERMISSION_BITS[key] ?? PERMISSION_BITS[PERMISSION_ALIASES[key] ?? ''];
}

/** Names of the set bits of a decimal permission string, lowest bit first; unknown bits as numbers. */
export function permissionNames(value: string): string[] {
  let bits = BigInt(value);
  const names: string[] = [];
  for (const [name, bit] of Object.entries(PERMISSION_BITS)) {
    if (bits & bit) {
      names.push(name);
      bits &= ~bit;
    }
  }
  for (let i = 0n; bits > 0n; i++, bits >>= 1n) if (bits & 1n) names.push(String(1n << i));
  return names;
}

export const DECIMAL_PERMISSIONS = /^\d+$/;

/** Guild constants for permission entries (spec: guild id = @everyone, guild id - 1 = all channels). */
export function everyoneId(guildId: string): string {
  return guildId;
}
export function allChannelsId(guildId: string): string {
  return (BigInt(guildId) - 1n).toString();
}

/**
 * A bit set written by a person: a decimal string, or permission names
 * separated by `,` or `|` (or a list of them). Undefined names the first
 * word that is neither.
 */
export function parsePermissionSet(value: string | readonly string[]): { bits: bigint } | { unknown: string } {
  const words = (typeof value === 'string' ? value.split(/[|,]/) : value).map((w) => w.trim()).filter((w) => w !== '');
  let bits = 0n;
  for (const w of words) {
    const bit = DECIMAL_PERMISSIONS.test(w) ? BigInt(w) : permissionBit(w);
    if (bit === undefined) return { unknown: w };
    bits |= bit;
  }
  return { bits };
}
