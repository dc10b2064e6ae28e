import { IntegrationType, PermissionEntryType } from '../wire/enums.js';
import { DEFAULT_LIMITS, LIMIT_NAMES, type Limits } from '../wire/limits.js';

import { commandSchema, choiceSchema, optionSchema } from './schema-command.js';
import { enumList, enumOf, EXTENSIONS, snowflake, type JSONSchema } from './schema-parts.js';
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
    description:
      'Files (paths or globs, relative to this manifest) whose commands join this scope. Each file holds one command, a list of commands, or { commands: [...] }.',
    type: 'array',
    items: { type: 'string', minLength: 1 },
  };
}

function webhookSchema(L: Limits): JSONSchema {
  return {
    description:
      'A webhook cmdsync keeps in a channel. Its token is a secret: cmdsync never prints it (see cmdsync webhook url).',
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
      avatar: {
        description: 'An image file (path relative to the manifest) or an http(s) URL, sent as image data.',
        type: 'string',
      },
      key: {
        description:
          'A stable identity, so a rename or a move is not a delete and a create. Recorded in cmdsync.lock.json.',
        type: 'string',
        pattern: '^[A-Za-z0-9_.-]{1,64}$',
      },
      prune: {
        description:
          'false on any webhook of a channel keeps the webhooks of this application there that the manifest does not list (default: delete them).',
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
      commands: {
        description: 'Commands of this guild only.',
        type: 'array',
        items: { $ref: '#/definitions/command' },
      },
      permissions: {
        description:
          'Permission overwrites in this guild, by command name (type:name when names clash across types, e.g. message:Report) or "*" for the application-wide default.',
        type: 'object',
        additionalProperties: {
          type: 'array',
          maxItems: L.permission_overwrites,
          items: { $ref: '#/definitions/permissionEntry' },
        },
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
      application_id: {
        ...snowflake,
        description: 'The application id; may be ${ENV_VAR}. Falls back to DISCORD_APPLICATION_ID.',
      },
      prune: { description: 'Delete global commands the manifest does not list (default true).', type: 'boolean' },
      application: {
        description:
          'What the application is, as its settings say: lint checks every command against it, and --emulator sessions provision it.',
        type: 'object',
        additionalProperties: false,
        patternProperties: EXTENSIONS,
        properties: {
          embedded: {
            description:
              'The app has an Activity (EMBEDDED flag): it may have a primary_entry_point command. Default false.',
            type: 'boolean',
          },
          integration_types: enumList(
            IntegrationType,
            'The installation contexts the app supports: guild_install, user_install. Commands may list only these. Default [guild_install].',
          ),
          discoverable: {
            description: 'Discovery is enabled (App Directory): no age-restricted (nsfw) commands. Default false.',
            type: 'boolean',
          },
        },
      },
      include: { $ref: '#/definitions/include' },
      commands: { description: 'Global commands.', type: 'array', items: { $ref: '#/definitions/command' } },
      guilds: {
        description: 'Guilds and their commands and permissions.',
        type: 'array',
        items: { $ref: '#/definitions/guild' },
      },
      webhooks: {
        description:
          'Webhooks of this application, per channel. Webhooks of other applications and channel-follower webhooks are never touched.',
        type: 'array',
        items: { $ref: '#/definitions/webhook' },
      },
      limits: {
        description:
          'Overrides of the interface limits, for where the live service has raised them (e.g. user_commands: 15).',
        type: 'object',
        additionalProperties: false,
        patternProperties: EXTENSIONS,
        properties: Object.fromEntries(
          LIMIT_NAMES.map((k) => [k, { description: `Default ${DEFAULT_LIMITS[k]}.`, type: 'integer', minimum: 0 }]),
        ),
      },
    },
    definitions,
  };
}
