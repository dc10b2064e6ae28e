/**
 * What the service fills in, drops, or rewrites when it stores a command: the
 * data behind "the shape GET returns" (facts §3.1, corpus "Observed GET
 * shape"). The emulator builds its stored records with `canonicalCommand`;
 * the planner's normalizer reuses the same defaults so that a manifest that
 * omits a field and a remote record that carries the filled-in value compare
 * equal.
 */
import { CommandType, EntryPointHandler, IntegrationType, OptionType } from './enums.js';
import { defaultStopsFallback } from './locales.js';
import type { Scope } from './scope.js';
import type { Obj } from './rules/values.js';

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Field defaults of a command record. Global-only fields are marked. */
export const COMMAND_DEFAULTS = {
  type: CommandType.CHAT_INPUT,
  nsfw: false,
  /** null means "no restriction" (everyone may use it). */
  default_member_permissions: null,
  /** Global commands only; guild commands never carry it. */
  dm_permission: true,
  /** Global commands only; `null` means "never set" (not `[0,1,2]`). */
  contexts: null,
  /** USER and MESSAGE commands always come back with an empty description. */
  context_menu_description: '',
  /** PRIMARY_ENTRY_POINT commands created without a handler (emulator choice; facts silent). */
  entry_point_handler: EntryPointHandler.APP_HANDLER,
} as const;

/** An application's installation contexts when its configuration says nothing: guild install only. */
export const DEFAULT_APP_INTEGRATION_TYPES: readonly number[] = [IntegrationType.GUILD_INSTALL];

/**
 * The entry point command the service creates by itself for an app with an
 * Activity (spec rule A.9). The description is the emulator's choice: the
 * facts do not record the live one.
 */
export const AUTO_ENTRY_POINT = {
  type: CommandType.PRIMARY_ENTRY_POINT,
  name: 'Launch',
  description: 'Launch an activity',
  handler: EntryPointHandler.DISCORD_LAUNCH_ACTIVITY,
} as const;

/** Command fields that exist only on global commands. */
export const GLOBAL_ONLY_COMMAND_FIELDS = ['dm_permission', 'contexts', 'integration_types'] as const;

/** The command fields a PATCH may replace (spec "PATCH params"); `type` is immutable. */
export const PATCHABLE_COMMAND_FIELDS = [
  'name',
  'name_localizations',
  'description',
  'description_localizations',
  'options',
  'default_member_permissions',
  'dm_permission',
  'default_permission',
  'integration_types',
  'contexts',
  'nsfw',
  'handler',
] as const;

/**
 * Fields a command response carries that no request takes: what the service
 * assigns (ids, version) and the locale-resolved copies of the names. A
 * pasted response may hold them; they are never compared or sent.
 */
export const RESPONSE_ONLY_COMMAND_FIELDS: ReadonlySet<string> = new Set([
  'application_id',
  'version',
  'guild_id',
  'name_localized',
  'description_localized',
]);

/** A command as the service stores it, minus the ids it assigns (id, application_id, guild_id, version). */
export interface CommandRecord {
  type: number;
  name: string;
  name_localizations: Record<string, string> | null;
  description: string;
  description_localizations: Record<string, string> | null;
  options?: Obj[];
  default_member_permissions: string | null;
  dm_permission?: boolean;
  contexts?: number[] | null;
  integration_types?: number[];
  nsfw: boolean;
  handler?: number;
}

/**
 * A localization dictionary as stored: entries equal to the default value and
 * null entries are ignored by the service, except a default that keeps its
 * locale from falling back to another locale's value (en-US beside en-GB);
 * an empty result is `null` (the service sends `null`, never `{}`).
 */
export function cleanLocalizations(dict: unknown, defaultValue: unknown): Record<string, string> | null {
  if (!isObj(dict)) return null;
  const out: Record<string, string> = {};
  for (const [locale, value] of Object.entries(dict)) {
    if (typeof value === 'string' && (value !== defaultValue || defaultStopsFallback(dict, locale, defaultValue)))
      out[locale] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/**
 * How one name (or description) of an option or choice is written: the stored
 * record and a full response carry the value and its dictionary; a GET list
 * may carry a locale-resolved copy instead (emulator/models/shape.ts).
 */
export type PutLocalized = (out: Obj, field: 'name' | 'description', value: unknown, dict: unknown) => void;

/** The stored form: the value, then its dictionary cleaned (`null` when empty). */
const putCleaned: PutLocalized = (out, field, value, dict) => {
  out[field] = value;
  out[`${field}_localizations`] = cleanLocalizations(dict, value);
};

function writeChoice(choice: unknown, put: PutLocalized): Obj {
  const c = isObj(choice) ? choice : {};
  const out: Obj = {};
  put(out, 'name', c.name, c.name_localizations);
  out.value = c.value;
  return out;
}

/**
 * One option with the field presence and key order the service writes
 * (facts §3.1): known fields only; `required` only when true and never on a
 * subcommand or group (spec "Command option": it does not apply to them, and
 * the guild GET list shows subcommands without it); `autocomplete` only when
 * true; `choices`, `channel_types` and nested `options` only when non-empty;
 * min/max only when set. The stored record and every response use this one
 * definition; only how names are written differs (`put`).
 */
export function writeOption(option: unknown, put: PutLocalized): Obj {
  const o = isObj(option) ? option : {};
  const out: Obj = { type: o.type };
  put(out, 'name', o.name, o.name_localizations);
  put(out, 'description', o.description, o.description_localizations);
  const container = o.type === OptionType.SUB_COMMAND || o.type === OptionType.SUB_COMMAND_GROUP;
  if (o.required === true && !container) out.required = true;
  if (Array.isArray(o.choices) && o.choices.length > 0) out.choices = o.choices.map((c) => writeChoice(c, put));
  if (Array.isArray(o.channel_types) && o.channel_types.length > 0) out.channel_types = [...o.channel_types];
  for (const key of ['min_value', 'max_value', 'min_length', 'max_length'] as const) {
    if (typeof o[key] === 'number') out[key] = o[key];
  }
  if (o.autocomplete === true) out.autocomplete = true;
  if (Array.isArray(o.options) && o.options.length > 0) out.options = o.options.map((child) => writeOption(child, put));
  return out;
}

/** One option as stored: `writeOption` with localizations cleaned. */
export function canonicalOption(option: unknown): Obj {
  return writeOption(option, putCleaned);
}

/** `default_member_permissions` as stored: a canonical decimal string, or null. */
export function canonicalPermissions(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value).toString();
  return null;
}

/**
 * `default_member_permissions` as the service stores it, `default_permission`
 * (deprecated, still accepted: spec "Deprecations") taken into account: a
 * command "not enabled by default" is one nobody but administrators may use
 * until a row allows someone, which is what `"0"` says since permissions v2
 * ([UNC]: the mapping is our reading of the docs; see docs/deviations.md).
 * A `default_member_permissions` given alongside wins.
 */
export function effectiveMemberPermissions(body: Obj): string | null {
  const stated = canonicalPermissions(body.default_member_permissions);
  return stated === null && body.default_permission === false ? '0' : stated;
}

/**
 * A command body (create, bulk entry, or a PATCH merged onto the stored
 * record) as the service stores it in `scope`. Assumes the body passed
 * `validateCommand`; fields the service ignores are dropped (e.g.
 * `dm_permission`/`contexts`/`integration_types` on guild commands,
 * `default_permission` everywhere).
 *
 * `appIntegrationTypes` is the application's configured installation contexts,
 * the default of `integration_types`.
 */
export function canonicalCommand(
  body: Obj,
  scope: Scope,
  appIntegrationTypes: readonly number[] = DEFAULT_APP_INTEGRATION_TYPES,
): CommandRecord {
  const type = typeof body.type === 'number' ? body.type : COMMAND_DEFAULTS.type;
  const contextMenu = type === CommandType.USER || type === CommandType.MESSAGE;
  // The service trims the spaces around context-menu names (facts §10).
  const rawName = typeof body.name === 'string' ? body.name : '';
  const name = contextMenu ? rawName.trim() : rawName;
  const description = contextMenu
    ? COMMAND_DEFAULTS.context_menu_description
    : typeof body.description === 'string'
      ? body.description
      : '';
  const record: CommandRecord = {
    type,
    name,
    name_localizations: cleanLocalizations(body.name_localizations, name),
    description,
    description_localizations: contextMenu ? null : cleanLocalizations(body.description_localizations, description),
    default_member_permissions: effectiveMemberPermissions(body),
    nsfw: body.nsfw === true,
  };
  if (type === CommandType.CHAT_INPUT && Array.isArray(body.options) && body.options.length > 0) {
    record.options = body.options.map(canonicalOption);
  }
  if (scope.kind === 'global') {
    record.dm_permission =
      typeof body.dm_permission === 'boolean' ? body.dm_permission : COMMAND_DEFAULTS.dm_permission;
    record.contexts = Array.isArray(body.contexts) ? [...(body.contexts as number[])] : COMMAND_DEFAULTS.contexts;
    record.integration_types = Array.isArray(body.integration_types)
      ? [...(body.integration_types as number[])]
      : [...appIntegrationTypes];
  }
  if (type === CommandType.PRIMARY_ENTRY_POINT) {
    record.handler = typeof body.handler === 'number' ? body.handler : COMMAND_DEFAULTS.entry_point_handler;
  }
  return record;
}
