import { diffWordsWithSpace } from 'diff';
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
} from '../../wire/enums.js';
import { DECIMAL_PERMISSIONS, permissionNames } from '../../wire/permissions.js';
import type { PermissionEntry } from '../../wire/state.js';

/**
 * Values as a manifest spells them (`[SEND_MESSAGES]`, `[guild, bot_dm]`,
 * `string`), not as the wire carries them (`"2048"`, `[0, 1]`, `3`): a
 * reviewer compares the plan with the file they edited. Pure functions.
 */

/** What a value belongs to: a command's `type` is a command type, an option's an option type. */
export type Owner = 'command' | 'option' | 'choice';

/** JSON string escaping keeps control characters (and terminal escapes) out of the layout; no truncation. */
export const quote = (s: string): string => JSON.stringify(s);

function lowerName(table: EnumTable, value: unknown): string | undefined {
  return typeof value === 'number' ? enumName(table, value)?.toLowerCase() : undefined;
}

function nameList(table: EnumTable, value: unknown): string | undefined {
  if (!Array.isArray(value)) return undefined;
  return `[${value.map((v) => lowerName(table, v) ?? JSON.stringify(v)).join(', ')}]`;
}

/** `[SEND_MESSAGES] ("2048")`; "0" is the service's "administrators only", null its "everyone". */
function permissionSet(value: unknown): string | undefined {
  if (value === null) return 'null (everyone)';
  if (typeof value !== 'string' || !DECIMAL_PERMISSIONS.test(value)) return undefined;
  if (value === '0') return '[] ("0": administrators only)';
  return `[${permissionNames(value).join(', ')}] (${quote(value)})`;
}

const LIST_ENUMS: Readonly<Record<string, EnumTable>> = {
  contexts: InteractionContext,
  integration_types: IntegrationType,
  channel_types: ChannelType,
};

export function displayValue(key: string, value: unknown, owner: Owner): string {
  if (value === undefined) return '(none)';
  if (key === 'type') {
    const name = lowerName(owner === 'command' ? CommandType : OptionType, value);
    if (name) return name;
  }
  if (key === 'handler') {
    const name = lowerName(EntryPointHandler, value);
    if (name) return name;
  }
  if (key === 'default_member_permissions') {
    const shown = permissionSet(value);
    if (shown) return shown;
  }
  const table = LIST_ENUMS[key];
  if (table) {
    const shown = nameList(table, value);
    if (shown) return shown;
  }
  if (typeof value === 'string') return quote(value);
  return JSON.stringify(value) ?? String(value);
}

/** Strings at least this long read better as a word-level change than as two full copies. */
export const LONG_TEXT = 40;

/**
 * A long text change as one string with git's plain word-diff marks:
 * `"Set a reminder [-in this channel-]{+by direct message+}"`. Changed words
 * separated only by spaces are one run, so a replaced phrase reads whole.
 * Undefined when the strings are short (side by side reads fine) or share no words.
 */
export function wordDiff(before: string, after: string): string | undefined {
  if (Math.max(before.length, after.length) < LONG_TEXT) return undefined;
  const parts = diffWordsWithSpace(before, after);
  if (!parts.some((p) => !p.added && !p.removed && p.value.trim() !== '')) return undefined;
  const esc = (s: string): string => quote(s).slice(1, -1);
  let out = '';
  let removed = '';
  let added = '';
  /** Whitespace between two changes, held until we know whether another change follows. */
  let gap = '';
  const flush = (): void => {
    if (removed) out += `[-${esc(removed)}-]`;
    if (added) out += `{+${esc(added)}+}`;
    removed = added = '';
  };
  for (const p of parts) {
    if (p.added || p.removed) {
      if (gap && (removed || added)) {
        removed += removed ? gap : '';
        added += added ? gap : '';
      } else out += esc(gap);
      gap = '';
      if (p.added) added += p.value;
      else removed += p.value;
    } else if (p.value.trim() === '' && (removed || added)) {
      gap += p.value;
    } else {
      flush();
      out += esc(gap) + esc(p.value);
      gap = '';
    }
  }
  flush();
  return `"${out}${esc(gap)}"`;
}

/** The service's two pseudo-ids, named as the manifest writes them: `role everyone`, `channel all_channels`. */
export function entryLabel(entry: PermissionEntry, guildId: string | undefined): string {
  const type = (enumName(PermissionEntryType, entry.type) ?? `type ${entry.type}`).toLowerCase();
  if (guildId !== undefined && /^\d+$/.test(guildId) && /^\d+$/.test(entry.id)) {
    if (entry.type === PermissionEntryType.ROLE && entry.id === guildId) return `${type} everyone (${entry.id})`;
    if (entry.type === PermissionEntryType.CHANNEL && BigInt(entry.id) === BigInt(guildId) - 1n)
      return `${type} all_channels (${entry.id})`;
  }
  return `${type} ${entry.id}`;
}
