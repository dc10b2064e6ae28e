/** The JSON Schema of one command, its options and their choices (the manifest's `commands:` entries). */
import { RESPONSE_ONLY_COMMAND_FIELDS } from '../wire/defaults.js';
import {
  ChannelType,
  CommandType,
  EntryPointHandler,
  IntegrationType,
  InteractionContext,
  OptionType,
} from '../wire/enums.js';
import type { Limits } from '../wire/limits.js';

import {
  defaultMemberPermissions,
  enumList,
  enumOf,
  EXTENSIONS,
  localizations,
  snowflake,
  type JSONSchema,
} from './schema-parts.js';

/** The schema's definitions, one function each; buildManifestSchema lists them in the order they are written out. */
export function choiceSchema(L: Limits): JSONSchema {
  return {
    description: 'A predefined value the user picks from.',
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['name', 'value'],
    properties: {
      name: {
        description: `Shown to the user, 1-${L.choice_name_max} characters.`,
        type: 'string',
        minLength: 1,
        maxLength: L.choice_name_max,
      },
      name_localizations: localizations('Localized choice names', L.choice_name_max),
      value: {
        description: `Sent to the app: a string (up to ${L.choice_string_value_max} characters) for STRING options, a number for INTEGER and NUMBER options.`,
        type: ['string', 'number'],
      },
    },
  };
}

export function optionSchema(L: Limits): JSONSchema {
  return {
    description: 'A command option, subcommand or subcommand group.',
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['type', 'name', 'description'],
    properties: {
      type: enumOf(
        OptionType,
        'Option type: sub_command, sub_command_group, string, integer, boolean, user, channel, role, mentionable, number, attachment (or 1-11).',
      ),
      name: {
        description: `1-${L.name_max} characters: lowercase letters, numbers, - and _.`,
        type: 'string',
        minLength: 1,
        maxLength: L.name_max,
      },
      name_localizations: localizations('Localized option names', L.name_max),
      description: {
        description: `1-${L.description_max} characters.`,
        type: 'string',
        minLength: 1,
        maxLength: L.description_max,
      },
      description_localizations: localizations('Localized option descriptions', L.description_max),
      required: {
        description: 'Whether the user must fill it in. Required options come first. Not for subcommands or groups.',
        type: 'boolean',
      },
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
      channel_types: enumList(
        ChannelType,
        'CHANNEL options only: the channel types shown (guild_text, guild_voice, guild_category, guild_announcement, guild_forum, …).',
      ),
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
      autocomplete: {
        description: 'STRING, INTEGER and NUMBER options: the app suggests values as the user types. Not with choices.',
        type: 'boolean',
      },
    },
  };
}

export function commandSchema(L: Limits): JSONSchema {
  return {
    description: "An application command, in the service's own form plus friendly spellings for enums and permissions.",
    type: 'object',
    additionalProperties: false,
    patternProperties: EXTENSIONS,
    required: ['name'],
    properties: {
      id: {
        ...snowflake,
        description: 'Pins the remote command this entry manages, so a rename keeps its id and permissions.',
      },
      renamed_from: {
        description:
          'The previous name(s) of this command: the planner renames the remote command in place (id and permissions kept) instead of deleting it.',
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
      description: {
        description: `Slash commands: 1-${L.description_max} characters. User and message commands take none.`,
        type: 'string',
        maxLength: L.description_max,
      },
      description_localizations: localizations('Localized descriptions', L.description_max),
      options: {
        description: `Slash commands only: up to ${L.options_per_level} options, or subcommands and groups.`,
        type: 'array',
        maxItems: L.options_per_level,
        items: { $ref: '#/definitions/option' },
      },
      default_member_permissions: defaultMemberPermissions,
      dm_permission: {
        description: 'DEPRECATED. Global commands only: usable in DMs with the app. Use contexts instead.',
        type: ['boolean', 'null'],
      },
      default_permission: { description: 'DEPRECATED. Use default_member_permissions.', type: ['boolean', 'null'] },
      nsfw: { description: 'Age-restricted command (default false).', type: 'boolean' },
      integration_types: enumList(
        IntegrationType,
        "Global commands only: where the app must be installed: guild_install, user_install. Omitted means the app's configured installation contexts.",
      ),
      contexts: enumList(
        InteractionContext,
        'Global commands only: where the command can be used: guild, bot_dm, private_channel.',
      ),
      handler: enumOf(EntryPointHandler, 'PRIMARY_ENTRY_POINT commands only: app_handler or discord_launch_activity.'),
      // What a GET response carries, so a pasted response lints: read, never sent.
      ...Object.fromEntries(
        [...RESPONSE_ONLY_COMMAND_FIELDS].map((k) => [
          k,
          { description: 'Read-only: what the service returns. Accepted so a pasted response lints; never sent.' },
        ]),
      ),
    },
  };
}
