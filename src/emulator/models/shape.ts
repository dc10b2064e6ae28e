/**
 * Response shaping: a stored command (or permission row) as the service sends
 * it, with the exact field presence of facts §3.1 and the corpus: `null` vs
 * absent, localizations only where that endpoint sends them, global-only
 * fields only on global commands, key order as the service writes it. An
 * option's fields are wire/defaults.ts's `writeOption`, as stored.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { isLocale, localizedValue, LOCALES } from '../../wire/locales.js';
import { CommandType } from '../../wire/enums.js';
import { COMMAND_DEFAULTS, DEFAULT_APP_INTEGRATION_TYPES, writeOption } from '../../wire/defaults.js';
import type { StoredCommand, StoredPermissions } from '../state/world.js';
import type { Obj } from '../../wire/rules/values.js';

type Dict = Record<string, string> | null | undefined;

/**
 * `full`: create/edit/bulk/GET-one responses (localization dictionaries as
 * `null` or the dict). `list`: GET-list; dictionaries only with
 * `with_localizations`, otherwise `*_localized` for the requester's locale.
 */
export type ShapeMode = { kind: 'full' } | { kind: 'list'; withLocalizations: boolean; locale: string | undefined };

function putLocalized(out: Obj, field: 'name' | 'description', value: unknown, dict: Dict, mode: ShapeMode): void {
  out[field] = value;
  if (mode.kind === 'full' || mode.withLocalizations) {
    out[`${field}_localizations`] = dict ?? null;
  } else {
    const localized = localizedValue(dict ?? null, mode.locale);
    if (localized !== undefined) out[`${field}_localized`] = localized;
  }
}

function shapeOption(opt: Obj, mode: ShapeMode): Obj {
  return writeOption(opt, (out, field, value, dict) => putLocalized(out, field, value, dict as Dict, mode));
}

export function shapeCommand(cmd: StoredCommand, mode: ShapeMode): Obj {
  const global = cmd.guild_id === undefined;
  const out: Obj = {
    id: cmd.id,
    application_id: cmd.application_id,
    version: cmd.version,
    default_member_permissions: cmd.default_member_permissions ?? null,
    type: cmd.type,
  };
  putLocalized(out, 'name', cmd.name, cmd.name_localizations, mode);
  const contextMenu = cmd.type === CommandType.USER || cmd.type === CommandType.MESSAGE;
  putLocalized(
    out,
    'description',
    contextMenu ? '' : (cmd.description ?? ''),
    contextMenu ? null : cmd.description_localizations,
    mode,
  );
  if (global) {
    out.dm_permission = cmd.dm_permission ?? COMMAND_DEFAULTS.dm_permission;
    out.contexts = cmd.contexts ?? COMMAND_DEFAULTS.contexts;
    out.integration_types = cmd.integration_types ?? [...DEFAULT_APP_INTEGRATION_TYPES];
  } else {
    out.guild_id = cmd.guild_id;
  }
  if (Array.isArray(cmd.options) && cmd.options.length > 0)
    out.options = (cmd.options as Obj[]).map((o) => shapeOption(o, mode));
  out.nsfw = cmd.nsfw === true;
  if (cmd.type === CommandType.PRIMARY_ENTRY_POINT && cmd.handler !== undefined) out.handler = cmd.handler;
  return out;
}

export function shapePermissions(row: StoredPermissions): Obj {
  return {
    id: row.id,
    application_id: row.application_id,
    guild_id: row.guild_id,
    permissions: row.permissions.map((p) => ({ id: p.id, type: p.type, permission: p.permission })),
  };
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** A language tag as one of the service's locales: exact (any case), else its primary subtag (`fr-FR` → `fr`). */
function asLocale(tag: string): string | undefined {
  const t = tag.trim();
  if (!t || t === '*') return undefined;
  if (isLocale(t)) return t;
  const exact = LOCALES.find((l) => l.toLowerCase() === t.toLowerCase().replace('_', '-'));
  if (exact) return exact;
  const primary = t.split(/[-_]/)[0]!.toLowerCase();
  return LOCALES.find((l) => l === primary);
}

/** The requester's locale: `X-Discord-Locale` first, then `Accept-Language` by preference (facts §3.3). */
export function requestLocale(headers: IncomingHttpHeaders): string | undefined {
  const explicit = headerValue(headers['x-discord-locale']);
  if (explicit) {
    const l = asLocale(explicit);
    if (l) return l;
  }
  const accept = headerValue(headers['accept-language']);
  if (!accept) return undefined;
  const ranked = accept
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag ?? '', q: q === undefined ? 1 : Number(q), i };
    })
    .filter((e) => e.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const e of ranked) {
    const l = asLocale(e.tag);
    if (l) return l;
  }
  return undefined;
}

/** Boolean query strings as the service reads them: true/false/True/False/1/0 (facts §3.3). */
export function queryBoolean(value: string | null): boolean | undefined {
  if (value === null) return undefined;
  if (value === 'true' || value === 'True' || value === '1') return true;
  if (value === 'false' || value === 'False' || value === '0') return false;
  return undefined;
}
