/**
 * Every numeric enumeration of the interface, as data: name -> value.
 * Names are the interface's own (facts §4.1); the manifest accepts them in any
 * case, with `-` for `_`, plus the few aliases listed beside each table.
 * test/wire/enums.test.ts checks each table against discord-api-types.
 */

export type EnumTable = Readonly<Record<string, number>>;

export const CommandType = {
  CHAT_INPUT: 1,
  USER: 2,
  MESSAGE: 3,
  PRIMARY_ENTRY_POINT: 4,
} as const;
export type CommandTypeValue = (typeof CommandType)[keyof typeof CommandType];

export const OptionType = {
  SUB_COMMAND: 1,
  SUB_COMMAND_GROUP: 2,
  STRING: 3,
  INTEGER: 4,
  BOOLEAN: 5,
  USER: 6,
  CHANNEL: 7,
  ROLE: 8,
  MENTIONABLE: 9,
  NUMBER: 10,
  ATTACHMENT: 11,
} as const;
export type OptionTypeValue = (typeof OptionType)[keyof typeof OptionType];

export const EntryPointHandler = {
  APP_HANDLER: 1,
  DISCORD_LAUNCH_ACTIVITY: 2,
} as const;

export const IntegrationType = {
  GUILD_INSTALL: 0,
  USER_INSTALL: 1,
} as const;

export const InteractionContext = {
  GUILD: 0,
  BOT_DM: 1,
  PRIVATE_CHANNEL: 2,
} as const;

export const PermissionEntryType = {
  ROLE: 1,
  USER: 2,
  CHANNEL: 3,
} as const;

export const ChannelType = {
  GUILD_TEXT: 0,
  DM: 1,
  GUILD_VOICE: 2,
  GROUP_DM: 3,
  GUILD_CATEGORY: 4,
  GUILD_ANNOUNCEMENT: 5,
  ANNOUNCEMENT_THREAD: 10,
  PUBLIC_THREAD: 11,
  PRIVATE_THREAD: 12,
  GUILD_STAGE_VOICE: 13,
  GUILD_DIRECTORY: 14,
  GUILD_FORUM: 15,
  GUILD_MEDIA: 16,
} as const;

export const WebhookType = {
  INCOMING: 1,
  CHANNEL_FOLLOWER: 2,
  APPLICATION: 3,
} as const;

/** Message component types (buttons and selects of v1; layout and content of components v2). */
export const ComponentType = {
  ACTION_ROW: 1,
  BUTTON: 2,
  STRING_SELECT: 3,
  TEXT_INPUT: 4,
  USER_SELECT: 5,
  ROLE_SELECT: 6,
  MENTIONABLE_SELECT: 7,
  CHANNEL_SELECT: 8,
  SECTION: 9,
  TEXT_DISPLAY: 10,
  THUMBNAIL: 11,
  MEDIA_GALLERY: 12,
  FILE: 13,
  SEPARATOR: 14,
  CONTENT_INVENTORY_ENTRY: 16,
  CONTAINER: 17,
  LABEL: 18,
  FILE_UPLOAD: 19,
  RADIO_GROUP: 21,
  CHECKBOX_GROUP: 22,
  CHECKBOX: 23,
} as const;

/** The select menus among the component types. */
export const SELECT_COMPONENT_TYPES: readonly number[] = [
  ComponentType.STRING_SELECT,
  ComponentType.USER_SELECT,
  ComponentType.ROLE_SELECT,
  ComponentType.MENTIONABLE_SELECT,
  ComponentType.CHANNEL_SELECT,
];

/** Button styles; LINK and PREMIUM buttons never call the app back. */
export const ButtonStyle = {
  PRIMARY: 1,
  SECONDARY: 2,
  SUCCESS: 3,
  DANGER: 4,
  LINK: 5,
  PREMIUM: 6,
} as const;

/** The padding a components-v2 Separator adds. */
export const SeparatorSpacing = {
  SMALL: 1,
  LARGE: 2,
} as const;

/** Message types the emulator writes: plain posts, the "pinned a message" notice, and an app's answer to a slash or context-menu command. */
export const MessageType = {
  DEFAULT: 0,
  CHANNEL_PINNED_MESSAGE: 6,
  REPLY: 19,
  CHAT_INPUT_COMMAND: 20,
  CONTEXT_MENU_COMMAND: 23,
} as const;

/** Text input styles (modals): one line, or several. */
export const TextInputStyle = {
  SHORT: 1,
  PARAGRAPH: 2,
} as const;

/** `message_reference.type`: a reply (DEFAULT) or a forward. */
export const MessageReferenceType = {
  DEFAULT: 0,
  FORWARD: 1,
} as const;

/** A poll's layout; the service knows one. */
export const PollLayoutType = {
  DEFAULT: 1,
} as const;

/** Who a channel permission overwrite is for. */
export const OverwriteType = {
  ROLE: 0,
  MEMBER: 1,
} as const;

/** The audit log's action types for what a bot does to members and roles (the Audit Log resource). */
export const AuditLogEvent = {
  CHANNEL_CREATE: 10,
  CHANNEL_UPDATE: 11,
  CHANNEL_DELETE: 12,
  CHANNEL_OVERWRITE_CREATE: 13,
  CHANNEL_OVERWRITE_UPDATE: 14,
  CHANNEL_OVERWRITE_DELETE: 15,
  MEMBER_KICK: 20,
  MEMBER_BAN_ADD: 22,
  MEMBER_BAN_REMOVE: 23,
  MEMBER_UPDATE: 24,
  MEMBER_ROLE_UPDATE: 25,
  ROLE_CREATE: 30,
  ROLE_UPDATE: 31,
  ROLE_DELETE: 32,
  THREAD_CREATE: 110,
  THREAD_UPDATE: 111,
  THREAD_DELETE: 112,
} as const;

export const MessageFlag = {
  CROSSPOSTED: 1 << 0,
  IS_CROSSPOST: 1 << 1,
  SUPPRESS_EMBEDS: 1 << 2,
  SOURCE_MESSAGE_DELETED: 1 << 3,
  URGENT: 1 << 4,
  HAS_THREAD: 1 << 5,
  EPHEMERAL: 1 << 6,
  LOADING: 1 << 7,
  FAILED_TO_MENTION_SOME_ROLES_IN_THREAD: 1 << 8,
  SUPPRESS_NOTIFICATIONS: 1 << 12,
  IS_VOICE_MESSAGE: 1 << 13,
  HAS_SNAPSHOT: 1 << 14,
  IS_COMPONENTS_V2: 1 << 15,
} as const;

/** Extra spellings accepted in manifests, keyed by the canonical name. */
const ALIASES: Readonly<Record<string, string>> = {
  SLASH: 'CHAT_INPUT',
  ENTRY_POINT: 'PRIMARY_ENTRY_POINT',
  SUBCOMMAND: 'SUB_COMMAND',
  SUBCOMMAND_GROUP: 'SUB_COMMAND_GROUP',
  GROUP: 'SUB_COMMAND_GROUP',
  DOUBLE: 'NUMBER',
  FLOAT: 'NUMBER',
  TEXT: 'GUILD_TEXT',
  VOICE: 'GUILD_VOICE',
  CATEGORY: 'GUILD_CATEGORY',
  ANNOUNCEMENT: 'GUILD_ANNOUNCEMENT',
  FORUM: 'GUILD_FORUM',
  MEDIA: 'GUILD_MEDIA',
  STAGE: 'GUILD_STAGE_VOICE',
  DM: 'BOT_DM',
};

function canonicalKey(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[-\s]+/g, '_');
}

/**
 * Resolves a manifest spelling (`message`, `STRING`, `bot-dm`, `3`) to the
 * enum's number, or undefined when it names nothing in the table.
 */
export function enumValue(table: EnumTable, input: unknown): number | undefined {
  if (typeof input === 'number') return Object.values(table).includes(input) ? input : undefined;
  if (typeof input !== 'string') return undefined;
  const key = canonicalKey(input);
  if (key in table) return table[key];
  const alias = ALIASES[key];
  if (alias !== undefined && alias in table) return table[alias];
  return undefined;
}

/** The canonical name of a value, for messages and for `pull`. */
export function enumName(table: EnumTable, value: number): string | undefined {
  for (const [name, v] of Object.entries(table)) if (v === value) return name;
  return undefined;
}

/** Every accepted spelling of a table, lower-case, for the JSON Schema. */
export function enumSpellings(table: EnumTable): string[] {
  const names = Object.keys(table);
  const aliases = Object.entries(ALIASES)
    .filter(([, target]) => names.includes(target))
    .map(([alias]) => alias);
  return [...names, ...aliases].map((n) => n.toLowerCase());
}

export function describeEnum(table: EnumTable): string {
  return Object.entries(table)
    .map(([name, v]) => `${name} (${v})`)
    .join(', ');
}
