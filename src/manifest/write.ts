/**
 * Actual state -> a manifest document (`cmdsync pull`). The inverse of
 * `manifestToWire`: remote commands as the service returns them become the
 * spellings a person writes (enum names, permission names, `everyone`),
 * without response-only fields or values equal to the service's defaults, so
 * that loading the result back gives commands that normalize to the remote
 * ones and a plan against it is empty.
 */
/** The modeline that points YAML editors at the schema shipped in the package. */
export const SCHEMA_MODELINE = '# yaml-language-server: $schema=./node_modules/cmdsync/schemas/manifest.schema.json';
import { cleanLocalizations } from '../wire/defaults.js';
import {
  ChannelType,
  CommandType,
  EntryPointHandler,
  IntegrationType,
  InteractionContext,
  OptionType,
  PermissionEntryType,
  enumName,
  type EnumTable,
} from '../wire/enums.js';
import { allChannelsId, permissionNames } from '../wire/permissions.js';
import type { Scope } from '../wire/scope.js';
import { isSnowflake } from '../wire/snowflake.js';
import type { PermissionEntry, PermissionSet, ScopeState, State, StateCommand, WebhookState } from '../wire/state.js';
import { yamlLib } from './yaml-lib.js';
import type { Obj } from '../wire/rules/values.js';

export interface ManifestFromStateOptions {
  /** Guild id -> a name to write beside the id (for people; cmdsync does not use it). */
  guildNames?: Record<string, string>;
  /** Told about what could not be written as it is (duplicates, permissions of unknown commands). */
  onWarning?: (message: string) => void;
  /**
   * The webhooks to declare, as desired state (channel, name, key, avatar
   * source), in the order to write them; none or empty: no `webhooks:` key,
   * so a plan leaves webhooks alone.
   */
  webhooks?: readonly WebhookState[];
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An enum value as its lower-case name; a value the table does not know stays a number (lint will name it). */
function friendly(table: EnumTable, value: unknown): unknown {
  if (typeof value !== 'number') return value;
  return enumName(table, value)?.toLowerCase() ?? value;
}

function friendlyList(table: EnumTable, value: unknown): unknown {
  return Array.isArray(value) ? value.map((v) => friendly(table, v)) : value;
}

/**
 * Strings are interpolated when a manifest is loaded (`${VAR}`); a remote
 * text holding `${` must be written as `$${` to read back as itself.
 */
function literal<T>(value: T): T {
  return (typeof value === 'string' ? value.replaceAll('${', () => '$${') : value) as T;
}

function localizations(dict: unknown, defaultValue: unknown): Obj | undefined {
  const clean = cleanLocalizations(dict, defaultValue);
  if (!clean) return undefined;
  return Object.fromEntries(Object.entries(clean).map(([locale, text]) => [locale, literal(text)]));
}

/** Sets `key` only when `value` is not undefined, keeping the key order of the calls. */
function put(out: Obj, key: string, value: unknown): void {
  if (value !== undefined) out[key] = value;
}

function choiceToManifest(choice: unknown): Obj {
  const c = isObj(choice) ? choice : {};
  const out: Obj = { name: literal(c.name) };
  put(out, 'name_localizations', localizations(c.name_localizations, c.name));
  out.value = literal(c.value);
  return out;
}

function optionToManifest(option: unknown): Obj {
  const o = isObj(option) ? option : {};
  const out: Obj = { type: friendly(OptionType, o.type), name: literal(o.name) };
  put(out, 'name_localizations', localizations(o.name_localizations, o.name));
  out.description = literal(o.description ?? '');
  put(out, 'description_localizations', localizations(o.description_localizations, o.description));
  const container = o.type === OptionType.SUB_COMMAND || o.type === OptionType.SUB_COMMAND_GROUP;
  if (o.required === true && !container) out.required = true;
  if (Array.isArray(o.choices) && o.choices.length > 0) out.choices = o.choices.map(choiceToManifest);
  if (Array.isArray(o.channel_types) && o.channel_types.length > 0)
    out.channel_types = friendlyList(ChannelType, o.channel_types);
  for (const key of ['min_value', 'max_value', 'min_length', 'max_length'] as const) {
    if (typeof o[key] === 'number') out[key] = o[key];
  }
  if (o.autocomplete === true) out.autocomplete = true;
  if (Array.isArray(o.options) && o.options.length > 0) out.options = o.options.map(optionToManifest);
  return out;
}

/** `default_member_permissions` as permission names; `"0"` (administrators only) stays `"0"`; null is the default. */
function permissionsToManifest(value: unknown): unknown {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^\d+$/.test(text)) return undefined;
  if (BigInt(text) === 0n) return '0';
  return permissionNames(text);
}

/**
 * One remote command (any response shape: list GET, GET one, create
 * response) in manifest spelling. Only fields a manifest may hold are
 * written; ids, versions, legacy and client-side fields are left out.
 */
export function commandToManifest(body: Obj, scope: Scope): Obj {
  const type = typeof body.type === 'number' ? body.type : CommandType.CHAT_INPUT;
  const contextMenu = type === CommandType.USER || type === CommandType.MESSAGE;
  const out: Obj = {};
  if (type !== CommandType.CHAT_INPUT) out.type = friendly(CommandType, type);
  out.name = literal(body.name);
  put(out, 'name_localizations', localizations(body.name_localizations, body.name));
  // Context-menu commands come back with description "" and the service refuses one on create.
  if (!contextMenu) {
    out.description = literal(typeof body.description === 'string' ? body.description : '');
    put(out, 'description_localizations', localizations(body.description_localizations, body.description));
  }
  put(out, 'default_member_permissions', permissionsToManifest(body.default_member_permissions));
  if (scope.kind === 'global') {
    const contexts = Array.isArray(body.contexts) ? body.contexts : undefined;
    put(out, 'contexts', contexts && friendlyList(InteractionContext, contexts));
    // Filled in from the app's install settings when never sent; written as is, so the file says what is live.
    if (Array.isArray(body.integration_types))
      out.integration_types = friendlyList(IntegrationType, body.integration_types);
    // Deprecated and ignored once contexts is set (the service returns both); only a real `false` is worth writing.
    if (body.dm_permission === false && !contexts) out.dm_permission = false;
  }
  if (body.nsfw === true) out.nsfw = true;
  if (
    type === CommandType.PRIMARY_ENTRY_POINT &&
    typeof body.handler === 'number' &&
    body.handler !== EntryPointHandler.APP_HANDLER
  ) {
    out.handler = friendly(EntryPointHandler, body.handler);
  }
  if (type === CommandType.CHAT_INPUT && Array.isArray(body.options) && body.options.length > 0)
    out.options = body.options.map(optionToManifest);
  return out;
}

const commandTypeOf = (c: StateCommand): number =>
  typeof c.body.type === 'number' ? c.body.type : CommandType.CHAT_INPUT;
const commandNameOf = (c: StateCommand): string => String(c.body.name ?? '');
const identity = (c: StateCommand): string => `${commandTypeOf(c)}:${commandNameOf(c)}`;
const describeCommand = (c: StateCommand): string =>
  `${enumName(CommandType, commandTypeOf(c))?.toLowerCase() ?? commandTypeOf(c)} command "${commandNameOf(c)}"`;

/** The scope's commands, one per (type, name): the service can hold duplicates after racing creates; a manifest cannot. */
function uniqueCommands(scope: ScopeState, where: string, warn: (m: string) => void): StateCommand[] {
  const seen = new Set<string>();
  return scope.commands.filter((c) => {
    const key = identity(c);
    if (!seen.has(key)) {
      seen.add(key);
      return true;
    }
    warn(
      `${where}: ${describeCommand(c)} exists twice remotely (id ${c.id ?? '?'}); only the first is written, so a plan will delete the other.`,
    );
    return false;
  });
}

/** `{ role|user|channel: ID, allow }`, with `everyone` and `all_channels` for the guild's constants. */
function entryToManifest(entry: PermissionEntry, guildId: string): Obj {
  const id = String(entry.id);
  switch (entry.type) {
    case PermissionEntryType.ROLE:
      return { role: id === guildId ? 'everyone' : id, allow: entry.permission };
    case PermissionEntryType.USER:
      return { user: id, allow: entry.permission };
    case PermissionEntryType.CHANNEL:
      return {
        channel: isSnowflake(guildId) && id === allChannelsId(guildId) ? 'all_channels' : id,
        allow: entry.permission,
      };
    default:
      return { id, type: entry.type, permission: entry.permission };
  }
}

/**
 * A guild's permission sets keyed as the manifest names them: the command
 * name, `type:name` when guild and global commands share the name across
 * types, `*` for the application-wide row. A set whose command is neither in
 * the guild nor global (deleted meanwhile) cannot be named and is skipped.
 */
function permissionSetsToManifest(
  sets: PermissionSet[],
  guildId: string,
  guildCommands: StateCommand[],
  globalCommands: StateCommand[],
  warn: (m: string) => void,
): Obj {
  const candidates = [...guildCommands, ...globalCommands];
  const out: Obj = {};
  const where = `guild ${guildId}`;
  for (const set of sets) {
    if (set.entries.length === 0) continue;
    let key: string;
    if (set.target.kind === 'application') key = '*';
    else {
      const targetId = set.target.id;
      const command = candidates.find((c) => c.id !== undefined && c.id === targetId);
      if (!command) {
        warn(
          `${where}: permissions for command ${targetId ?? '?'} are not written: no such command in the guild or the global scope.`,
        );
        continue;
      }
      const name = commandNameOf(command);
      const sameName = candidates.filter((c) => commandNameOf(c) === name);
      // The loader matches a key against guild and global commands alike; an exact twin in the guild shadows a global command.
      if (guildCommands.includes(command) === false && guildCommands.some((c) => identity(c) === identity(command))) {
        warn(
          `${where}: permissions for the global ${describeCommand(command)} are not written: a guild command of the same type and name takes its key.`,
        );
        continue;
      }
      const typed = new Set(sameName.map(commandTypeOf)).size > 1;
      key = typed ? `${String(friendly(CommandType, commandTypeOf(command)))}:${name}` : name;
    }
    out[literal(key)] = set.entries.map((e) => entryToManifest(e, guildId));
  }
  return out;
}

/**
 * The manifest document for `actual`: `application_id`, the global
 * commands (always written, even empty, since a manifest without them would
 * plan to delete every global command), each guild scope with its
 * commands and, when they were read and any exist, its permission sets, and
 * the webhooks given.
 */
export function manifestFromState(actual: State, opts: ManifestFromStateOptions = {}): Obj {
  const warn = opts.onWarning ?? (() => {});
  const globalScope = actual.scopes.find((s) => s.scope.kind === 'global');
  const globalCommands = globalScope ? uniqueCommands(globalScope, 'global', warn) : [];
  const doc: Obj = { application_id: actual.applicationId };
  doc.commands = globalCommands.map((c) => commandToManifest(c.body, { kind: 'global' }));
  const guilds: Obj[] = [];
  for (const scope of actual.scopes) {
    if (scope.scope.kind !== 'guild') continue;
    const guildId = scope.scope.guildId;
    const commands = uniqueCommands(scope, `guild ${guildId}`, warn);
    const guild: Obj = { id: guildId };
    const name = opts.guildNames?.[guildId];
    if (name) guild.name = literal(name);
    guild.commands = commands.map((c) => commandToManifest(c.body, scope.scope));
    if (scope.permissions) {
      const permissions = permissionSetsToManifest(scope.permissions, guildId, commands, globalCommands, warn);
      if (Object.keys(permissions).length > 0) guild.permissions = permissions;
    }
    guilds.push(guild);
  }
  if (guilds.length > 0) doc.guilds = guilds;
  if (opts.webhooks && opts.webhooks.length > 0) doc.webhooks = opts.webhooks.map(webhookToManifest);
  return doc;
}

/** One webhook entry: never an id or a token (the lock file maps ids to keys; tokens stay with the service). */
function webhookToManifest(w: WebhookState): Obj {
  const out: Obj = { channel_id: w.channelId, name: literal(w.name) };
  put(out, 'key', w.key === undefined ? undefined : literal(w.key));
  if (w.avatar) out.avatar = literal(w.avatar.source);
  return out;
}

/** The schema reference `init` writes, as a path for JSON's `$schema` key. */
export const SCHEMA_REF = SCHEMA_MODELINE.replace(/^#\s*yaml-language-server:\s*\$schema=/, '');

/**
 * The document as file text: YAML with the editor's schema modeline on top,
 * or JSON with a `$schema` key. Ids stay quoted strings in YAML (the library
 * quotes any string that would read back as a number); short lists and
 * permission entries are written inline, as a person would.
 */
export function stringifyManifest(doc: Obj, format: 'yaml' | 'json'): string {
  if (format === 'json') return `${JSON.stringify({ $schema: SCHEMA_REF, ...doc }, null, 2)}\n`;
  const Y = yamlLib();
  const document = new Y.Document(doc);
  Y.visit(document, {
    Seq(_key, node) {
      if (node.items.every((item) => Y.isScalar(item))) node.flow = true;
    },
    Map(_key, node, path) {
      const parent = path[path.length - 1];
      // Permission entries and plain choices read best on one line each.
      const keys = node.items.map((pair) => (Y.isScalar(pair.key) ? String(pair.key.value) : ''));
      const entry = keys.includes('allow') || keys.includes('permission');
      const choice = keys.length === 2 && keys[0] === 'name' && keys[1] === 'value';
      if (Y.isSeq(parent) && (entry || choice)) node.flow = true;
    },
  });
  const body = document.toString({ lineWidth: 0, flowCollectionPadding: true });
  return `${SCHEMA_MODELINE}\n${body}`;
}
