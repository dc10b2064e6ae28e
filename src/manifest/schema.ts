import { RESPONSE_ONLY_COMMAND_FIELDS } from '../wire/defaults.js';
import { ChannelType, CommandType, EntryPointHandler, IntegrationType, InteractionContext, OptionType, PermissionEntryType, enumSpellings, type EnumTable } from '../wire/enums.js';
import { DEFAULT_LIMITS, LIMIT_NAMES, type Limits } from '../wire/limits.js';
import { LOCALES } from '../wire/locales.js';
import { PERMISSION_BITS } from '../wire/permissions.js';

/**
 * The manifest's JSON Schema (draft-07), built from the spec tables so enum
 * names, locales and limits are written once. `npm run gen:schema` writes it
 * to schemas/manifest.schema.json and compiles the standalone validator;
 * a test keeps both in step with this file.
 *
 * Inside commands the schema serves editors (completion, hovers); lint takes
 * only its unknown-key findings there, because the spec rules judge values
 * (with the manifest's `limits:` applied) and say more precisely what is wrong.
 */

export const SCHEMA_ID = 'https://cmdsync.dev/schemas/manifest.schema.json';
const DOCS = 'https://github.com/cmdsync/cmdsync#manifest';

type JSONSchema = Record<string, unknown>;

function enumOf(table: EnumTable, description: string): JSONSchema {
  return {
    description,
    anyOf: [
      { type: 'integer', enum: Object.values(table) },
      { type: 'string', enum: enumSpellings(table) },
    ],
  };
}

function enumList(table: EnumTable, description: string): JSONSchema {
  return { description, type: ['array', 'null'], items: enumOf(table, 'One value, as a name or its number.'), uniqueItems: true };
}

const snowflake: JSONSchema = {
  description: 'A snowflake id. Quote it in YAML or write it unquoted: cmdsync keeps every digit.',
  type: ['string', 'integer'],
  pattern: '^(\\d{1,20}|\\$\\{[A-Za-z_][A-Za-z0-9_]*(:-[^}]*)?\\})$',
};

function localizations(what: string, max: number): JSONSchema {
  return {
    description: `${what} per locale (${LOCALES.length} locales, e.g. en-US, fr, pt-BR). Values equal to the default are ignored by the service. Null clears them.`,
    type: ['object', 'null'],
    propertyNames: { enum: [...LOCALES] },
    additionalProperties: { type: ['string', 'null'], maxLength: max },
  };
}

const permissionNames = Object.keys(PERMISSION_BITS);

/** Who may use a command by default, as the manifest may spell it: permission names or the service's decimal bit set. */
const defaultMemberPermissions: JSONSchema = {
  description:
    'Who may use the command by default: a list of permission names (e.g. [MANAGE_GUILD, BAN_MEMBERS]), or the decimal bit set as a string. "0" means administrators only; null means everyone.',
  anyOf: [
    { type: 'null' },
    { type: 'string', pattern: '^\\d+$' },
    { type: 'integer', minimum: 0 },
    {
      type: 'array',
      items: {
        anyOf: [
          { type: 'string', enum: [...permissionNames, ...permissionNames.map((n) => n.toLowerCase())] },
          { type: 'string', pattern: '^\\d+$' },
        ],
      },
    },
  ],
};

/** Every mapping of the manifest takes x-… keys, ignored and never sent: the escape for tooling and YAML anchors. */
const EXTENSIONS = { '^x-': { description: 'Extension keys (x-…) are ignored and never sent: a place for notes, tooling data and YAML anchors.' } };

/** The schema's definitions, one function each; buildManifestSchema lists them in the order they are written out. */
function choiceSchema(L: Limits): JSONSchema {
  return {
    description: 'A predefined value the user picks from.',
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['name', 'value'],
    properties: {
      name: { description: `Shown to the user, 1-${L.choice_name_max} characters.`, type: 'string', minLength: 1, maxLength: L.choice_name_max },
      name_localizations: localizations('Localized choice names', L.choice_name_max),
      value: {
        description: `Sent to the app: a string (up to ${L.choice_string_value_max} characters) for STRING options, a number for INTEGER and NUMBER options.`,
        type: ['string', 'number'],
      },
    },
  };
}

function optionSchema(L: Limits): JSONSchema {
  return {
    description: 'A command option, subcommand or subcommand group.',
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['type', 'name', 'description'],
    properties: {
      type: enumOf(OptionType, 'Option type: sub_command, sub_command_group, string, integer, boolean, user, channel, role, mentionable, number, attachment (or 1-11).'),
      name: { description: `1-${L.name_max} characters: lowercase letters, numbers, - and _.`, type: 'string', minLength: 1, maxLength: L.name_max },
      name_localizations: localizations('Localized option names', L.name_max),
      description: { description: `1-${L.description_max} characters.`, type: 'string', minLength: 1, maxLength: L.description_max },
      description_localizations: localizations('Localized option descriptions', L.description_max),
      required: { description: 'Whether the user must fill it in. Required options come first. Not for subcommands or groups.', type: 'boolean' },
      choices: {
        description: `Up to ${L.choices_per_option} predefined values (STRING, INTEGER, NUMBER only; not with autocomplete).`,
        type: 'array',
        maxItems: L.choices_per_option,
        items: { $ref: '#/definitions/choice' },
      },
      options: {
        description: `Nested options of a subcommand or group, up to ${L.options_per_level}.`,
        type: 'array',
        maxItems: L.options_per_level,
        items: { $ref: '#/definitions/option' },
      },
      channel_types: enumList(ChannelType, 'CHANNEL options only: the channel types shown (guild_text, guild_voice, guild_category, guild_announcement, guild_forum, …).'),
      min_value: { description: 'INTEGER and NUMBER options: the smallest value allowed.', type: 'number' },
      max_value: { description: 'INTEGER and NUMBER options: the largest value allowed.', type: 'number' },
      min_length: {
        description: `STRING options: the shortest input allowed, 0-${L.string_option_length_max}.`,
        type: 'integer',
        minimum: 0,
        maximum: L.string_option_length_max,
      },
      max_length: {
        description: `STRING options: the longest input allowed, 1-${L.string_option_length_max}.`,
        type: 'integer',
        minimum: 1,
        maximum: L.string_option_length_max,
      },
      autocomplete: { description: 'STRING, INTEGER and NUMBER options: the app suggests values as the user types. Not with choices.', type: 'boolean' },
    },
  };
}

function commandSchema(L: Limits): JSONSchema {
  return {
    description: "An application command, in the service's own form plus friendly spellings for enums and permissions.",
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['name'],
    properties: {
      id: { ...snowflake, description: 'Pins the remote command this entry manages, so a rename keeps its id and permissions.' },
      renamed_from: {
        description: 'The previous name(s) of this command: the planner renames the remote command in place (id and permissions kept) instead of deleting it.',
        type: ['string', 'array'],
        items: { type: 'string' },
      },
      type: enumOf(CommandType, 'chat_input (slash, default), user, message, or primary_entry_point (or 1-4).'),
      name: {
        description: `1-${L.name_max} characters. Slash commands: lowercase letters, numbers, - and _. User and message commands: any case, spaces allowed.`,
        type: 'string',
        minLength: 1,
        maxLength: L.name_max,
      },
      name_localizations: localizations('Localized command names', L.name_max),
      description: { description: `Slash commands: 1-${L.description_max} characters. User and message commands take none.`, type: 'string', maxLength: L.description_max },
      description_localizations: localizations('Localized descriptions', L.description_max),
      options: {
        description: `Slash commands only: up to ${L.options_per_level} options, or subcommands and groups.`,
        type: 'array',
        maxItems: L.options_per_level,
        items: { $ref: '#/definitions/option' },
      },
      default_member_permissions: defaultMemberPermissions,
      dm_permission: { description: 'DEPRECATED. Global commands only: usable in DMs with the app. Use contexts instead.', type: ['boolean', 'null'] },
      default_permission: { description: 'DEPRECATED. Use default_member_permissions.', type: ['boolean', 'null'] },
      nsfw: { description: 'Age-restricted command (default false).', type: 'boolean' },
      integration_types: enumList(
        IntegrationType,
        "Global commands only: where the app must be installed: guild_install, user_install. Omitted means the app's configured installation contexts.",
      ),
      contexts: enumList(InteractionContext, 'Global commands only: where the command can be used: guild, bot_dm, private_channel.'),
      handler: enumOf(EntryPointHandler, 'PRIMARY_ENTRY_POINT commands only: app_handler or discord_launch_activity.'),
      // What a GET response carries, so a pasted response lints: read, never sent.
      ...Object.fromEntries(
        [...RESPONSE_ONLY_COMMAND_FIELDS].map((k) => [k, { description: 'Read-only: what the service returns. Accepted so a pasted response lints; never sent.' }]),
      ),
    },
  };
}

function permissionEntrySchema(): JSONSchema {
  return {
    description:
      'One overwrite: `{ role: ID, allow: true }`, `{ user: ID, allow: false }`, `{ channel: ID, allow: true }` (role: everyone and channel: all_channels are the guild-wide constants), or the wire form `{ id, type, permission }`.',
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    properties: {
      role: { description: 'A role id, or everyone.', type: ['string', 'integer'] },
      user: { description: 'A user id.', type: ['string', 'integer'] },
      channel: { description: 'A channel id, or all_channels.', type: ['string', 'integer'] },
      allow: { description: 'true allows, false denies.', type: 'boolean' },
      id: { ...snowflake, description: 'Wire form: the target id.' },
      type: enumOf(PermissionEntryType, 'Wire form: role (1), user (2) or channel (3).'),
      permission: { description: 'Wire form: true allows, false denies.', type: 'boolean' },
    },
  };
}

function includeSchema(): JSONSchema {
  return {
    description: 'Files (paths or globs, relative to this manifest) whose commands join this scope. Each file holds one command, a list of commands, or { commands: [...] }.',
    type: 'array',
    items: { type: 'string', minLength: 1 },
  };
}

function webhookSchema(L: Limits): JSONSchema {
  return {
    description: 'A webhook cmdsync keeps in a channel. Its token is a secret: cmdsync never prints it (see cmdsync webhook url).',
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['channel_id', 'name'],
    properties: {
      channel_id: { ...snowflake, description: 'The channel the webhook posts to. Change it to move the webhook.' },
      name: {
        description: `The webhook's default name, 1-${L.webhook_name_max} characters; may not contain "clyde" or "discord".`,
        type: 'string',
        minLength: 1,
        maxLength: L.webhook_name_max,
      },
      avatar: { description: 'An image file (path relative to the manifest) or an http(s) URL, sent as image data.', type: 'string' },
      key: {
        description: 'A stable identity, so a rename or a move is not a delete and a create. Recorded in cmdsync.lock.json.',
        type: 'string',
        pattern: '^[A-Za-z0-9_.-]{1,64}$',
      },
      prune: {
        description: 'false on any webhook of a channel keeps the webhooks of this application there that the manifest does not list (default: delete them).',
        type: 'boolean',
      },
    },
  };
}

function guildSchema(L: Limits): JSONSchema {
  return {
    description: 'One guild whose commands (and their permissions) cmdsync manages.',
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['id'],
    properties: {
      id: { ...snowflake, description: 'The guild id.' },
      name: { description: 'A label for people; not sent anywhere.', type: 'string' },
      prune: { description: 'Delete guild commands the manifest does not list (default true).', type: 'boolean' },
      include: { $ref: '#/definitions/include' },
      commands: { description: 'Commands of this guild only.', type: 'array', items: { $ref: '#/definitions/command' } },
      permissions: {
        description: 'Permission overwrites in this guild, by command name (type:name when names clash across types, e.g. message:Report) or "*" for the application-wide default.',
        type: 'object',
        additionalProperties: { type: 'array', maxItems: L.permission_overwrites, items: { $ref: '#/definitions/permissionEntry' } },
      },
    },
  };
}

export function buildManifestSchema(): JSONSchema {
  const L = DEFAULT_LIMITS;
  const definitions: Record<string, JSONSchema> = {
    choice: choiceSchema(L),
    option: optionSchema(L),
    command: commandSchema(L),
    permissionEntry: permissionEntrySchema(),
    include: includeSchema(),
    webhook: webhookSchema(L),
    guild: guildSchema(L),
  };
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: SCHEMA_ID,
    title: 'cmdsync manifest',
    description: `Declares an application's commands, per-guild permissions and webhooks.\n${DOCS}`,
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    properties: {
      $schema: { description: 'The schema this file follows (for editors).', type: 'string' },
      application_id: { ...snowflake, description: 'The application id; may be ${ENV_VAR}. Falls back to DISCORD_APPLICATION_ID.' },
      prune: { description: 'Delete global commands the manifest does not list (default true).', type: 'boolean' },
      application: {
        description: 'What the application is, as its settings say: lint checks every command against it, and --emulator sessions provision it.',
        type: 'object',
        additionalProperties: false,
        patternProperties: EXTENSIONS,
        properties: {
          embedded: { description: 'The app has an Activity (EMBEDDED flag): it may have a primary_entry_point command. Default false.', type: 'boolean' },
          integration_types: enumList(
            IntegrationType,
            'The installation contexts the app supports: guild_install, user_install. Commands may list only these. Default [guild_install].',
          ),
          discoverable: { description: 'Discovery is enabled (App Directory): no age-restricted (nsfw) commands. Default false.', type: 'boolean' },
        },
      },
      include: { $ref: '#/definitions/include' },
      commands: { description: 'Global commands.', type: 'array', items: { $ref: '#/definitions/command' } },
      guilds: { description: 'Guilds and their commands and permissions.', type: 'array', items: { $ref: '#/definitions/guild' } },
      webhooks: {
        description: 'Webhooks of this application, per channel. Webhooks of other applications and channel-follower webhooks are never touched.',
        type: 'array',
        items: { $ref: '#/definitions/webhook' },
      },
      limits: {
        description: 'Overrides of the interface limits, for where the live service has raised them (e.g. user_commands: 15).',
        type: 'object',
        additionalProperties: false,
        patternProperties: EXTENSIONS,
        properties: Object.fromEntries(LIMIT_NAMES.map((k) => [k, { description: `Default ${DEFAULT_LIMITS[k]}.`, type: 'integer', minimum: 0 }])),
      },
    },
    definitions,
  };
}
