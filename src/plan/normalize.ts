import { canonicalCommand } from '../wire/defaults.js';
import { CommandType, InteractionContext } from '../wire/enums.js';
import type { Scope } from '../wire/scope.js';
import { compareSnowflakes } from '../wire/snowflake.js';
import type { PermissionEntry } from '../wire/state.js';
import type { Obj } from '../wire/rules/values.js';

/**
 * The one normalizer both sides pass through before they are compared
 * (docs/architecture.md): a manifest's body and the service's record become the same
 * value whenever the service would store the one as the other.
 *
 * It starts from what the service stores (`canonicalCommand` in wire/defaults:
 * defaults filled in, `required: false` dropped, localizations equal to the
 * default dropped, `null` ≡ `{}` ≡ absent…), then removes what differs only
 * in spelling: set-valued lists are sorted, dictionary keys are ordered.
 * Option and choice order is kept: it is what users see (peers §3.3).
 */

export type Normalized = Obj;

/** The fields whose remote value comes from the application's settings when the manifest is silent. */
const DONT_CARE_WHEN_OMITTED = ['integration_types', 'dm_permission'] as const;

const ALL_CONTEXTS = [InteractionContext.GUILD, InteractionContext.BOT_DM, InteractionContext.PRIVATE_CHANNEL];

function sortedDict(dict: unknown): unknown {
  if (dict === null || typeof dict !== 'object') return dict;
  return Object.fromEntries(Object.entries(dict as Obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function sortedSet(list: unknown): unknown {
  return Array.isArray(list) ? [...new Set(list)].sort((a, b) => Number(a) - Number(b)) : list;
}

function normalizeOption(option: Obj): Normalized {
  const out: Normalized = { ...option };
  out.name_localizations = sortedDict(option.name_localizations);
  out.description_localizations = sortedDict(option.description_localizations);
  if (out.channel_types !== undefined) out.channel_types = sortedSet(out.channel_types);
  if (Array.isArray(option.choices)) {
    out.choices = option.choices.map((c: Obj) => ({
      ...c,
      name_localizations: sortedDict(c.name_localizations),
    }));
  }
  if (Array.isArray(option.options)) out.options = option.options.map((o) => normalizeOption(o as Obj));
  return out;
}

/** A command body or remote record in comparable form for `scope`. */
export function normalizeCommand(body: Obj, scope: Scope): Normalized {
  // canonicalCommand fills in every field the service defaults: the record has the shape Normalized names.
  const record = canonicalCommand(body, scope, []) as unknown as Normalized;
  const out: Normalized = { ...record };
  out.name_localizations = sortedDict(record.name_localizations);
  out.description_localizations = sortedDict(record.description_localizations);
  if (Array.isArray(record.options)) out.options = record.options.map((o) => normalizeOption(o as Obj));
  if (scope.kind === 'global') {
    out.integration_types = sortedSet(record.integration_types);
    // "Never set" comes back as null; some responses show every context instead. Same meaning.
    const contexts = sortedSet(record.contexts) as number[] | null;
    out.contexts =
      contexts && contexts.length === ALL_CONTEXTS.length && ALL_CONTEXTS.every((c, i) => contexts[i] === c)
        ? null
        : contexts;
  }
  return out;
}

/**
 * Compares the normalized desired command against the normalized remote one:
 * fields the manifest leaves to the service (the application's installation
 * contexts, the deprecated DM flag) take the remote value, so a manifest that
 * omits them never shows a perpetual diff (peers §4.6).
 */
export function alignUnmanaged(desired: Normalized, desiredBody: Obj, remote: Normalized): Normalized {
  const out = { ...desired };
  for (const key of DONT_CARE_WHEN_OMITTED) {
    const given = desiredBody[key];
    if ((given === undefined || given === null) && key in remote) out[key] = remote[key];
  }
  // dm_permission is ignored by the service once contexts are set.
  if (Array.isArray(desiredBody.contexts) && 'dm_permission' in remote) out.dm_permission = remote.dm_permission;
  if (desired.type !== CommandType.PRIMARY_ENTRY_POINT) delete out.handler;
  return out;
}

/** Permission entries as a set: order and duplicates do not matter to the service. */
export function normalizePermissions(entries: readonly PermissionEntry[]): PermissionEntry[] {
  const seen = new Map<string, PermissionEntry>();
  for (const e of entries) seen.set(`${e.type}:${e.id}`, { id: String(e.id), type: e.type, permission: e.permission });
  return [...seen.values()].sort((a, b) => a.type - b.type || compareSnowflakes(a.id, b.id));
}
