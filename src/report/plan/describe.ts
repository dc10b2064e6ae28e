import { CommandType, OptionType, PermissionEntryType, enumName } from '../../spec/enums.js';
import type { PermissionEntry } from '../../spec/state.js';
import type { CommandAction, CommandActionKind, FieldChange, PermissionAction, Plan, ScopePlan } from '../../plan/model.js';

/**
 * The words and symbols every plan renderer shares (text, markdown), as plain
 * strings without colour: each renderer only decides how to decorate them, so
 * the terminal and the step summary never disagree about what a plan says.
 */

/** The sign of one line: added, removed, changed in place, replaced, unchanged. */
export type Sign = '+' | '-' | '~' | '-/+' | ' ';

export interface Line {
  sign: Sign;
  text: string;
  /** A trailing remark (`# forces replacement`), dimmed in the terminal. */
  note?: string;
}

export const ACTION_SIGN: Record<CommandActionKind, Sign> = {
  create: '+',
  update: '~',
  rename: '~',
  replace: '-/+',
  delete: '-',
  noop: ' ',
};

/** `global/chat_input/ping` shown under the `global` heading reads `chat_input/ping`. */
export function localAddress(scopeKey: string, address: string): string {
  return address.startsWith(scopeKey + '/') ? address.slice(scopeKey.length + 1) : address;
}

/** `global`, or `guild:123 (My server)` when the caller knows the guild's name. */
export function scopeTitle(scope: ScopePlan, guildNames?: Readonly<Record<string, string>>): string {
  if (scope.scope.kind !== 'guild') return scope.key;
  const name = guildNames?.[scope.scope.guildId];
  return name ? `${scope.key} (${oneLine(name, 60)})` : scope.key;
}

const STRING_MAX = 60;
const VALUE_MAX = 100;

/** Newlines and other control characters would break the layout (and could carry terminal escapes). */
function oneLine(s: string, max: number): string {
  const flat = s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return flat.length > max ? flat.slice(0, max - 1) + '…' : flat;
}

function truncateString(s: string, max: number): string {
  // Truncate by code point so a surrogate pair is never split.
  const chars = Array.from(s);
  return chars.length > max ? chars.slice(0, max - 1).join('') + '…' : s;
}

/**
 * A value as compact JSON on one line. Long strings keep their start, long
 * objects and arrays keep their first members (`name` and `type` first, since
 * they identify an option) and say how many were left out. JSON escaping also
 * neutralises control characters, so a description cannot smuggle in ANSI.
 */
export function compactValue(value: unknown, max: number = VALUE_MAX): string {
  if (value === undefined) return '(none)';
  if (typeof value === 'string') return JSON.stringify(truncateString(value, Math.min(STRING_MAX, Math.max(8, max - 2))));
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value);
  const full = JSON.stringify(value);
  if (full.length <= max) return full;

  const isArray = Array.isArray(value);
  const entries: Array<[string | undefined, unknown]> = isArray
    ? (value as unknown[]).map((v) => [undefined, v])
    : orderKeys(Object.keys(value)).map((k) => [k, (value as Record<string, unknown>)[k]]);
  const [open, close] = isArray ? ['[', ']'] : ['{', '}'];
  const parts: string[] = [];
  let length = 2;
  for (const [key, v] of entries) {
    const child = (key === undefined ? '' : JSON.stringify(key) + ':') + compactValue(v, 30);
    // Leave room for the "… N more" tail.
    if (length + child.length + 12 > max && parts.length > 0) break;
    parts.push(child);
    length += child.length + 1;
  }
  const omitted = entries.length - parts.length;
  if (omitted > 0) parts.push(`… ${omitted} more`);
  return open + parts.join(',') + close;
}

function orderKeys(keys: string[]): string[] {
  const first = ['name', 'type'].filter((k) => keys.includes(k));
  return [...first, ...keys.filter((k) => !first.includes(k))];
}

/** Enum numbers read better as names: `type: CHAT_INPUT → USER`, `options[0].type: STRING`. */
function displayValue(path: string, value: unknown): string {
  if (typeof value === 'number') {
    const name =
      path === 'type' ? enumName(CommandType, value) : /(^|\.)options\[\d+\]\.type$/.test(path) ? enumName(OptionType, value) : undefined;
    if (name) return name;
  }
  return compactValue(value);
}

/** `~ description: "a" → "b"`, `+ options[2]: {…}`, `- nsfw: true`. */
export function fieldChangeLine(change: FieldChange): Line {
  if (change.before === undefined) return { sign: '+', text: `${change.path}: ${displayValue(change.path, change.after)}` };
  if (change.after === undefined) return { sign: '-', text: `${change.path}: ${displayValue(change.path, change.before)}` };
  return { sign: '~', text: `${change.path}: ${displayValue(change.path, change.before)} → ${displayValue(change.path, change.after)}` };
}

/** The field lines under an action; a rename's name change is already in its heading. */
export function fieldLines(action: CommandAction): Line[] {
  return action.changes
    .filter((c) => !(action.kind === 'rename' && c.path === 'name'))
    .map((c) => {
      const line = fieldChangeLine(c);
      // The service cannot edit a command's type, so that field is why it is replaced (Terraform's wording).
      return action.kind === 'replace' && c.path === 'type' ? { ...line, note: '# forces replacement' } : line;
    });
}

function permissionsFollow(scope: ScopePlan, address: string): boolean {
  return scope.permissions.some((p) => p.kind === 'replace' && p.target === address);
}

/** The heading of one command action, e.g. `chat_input/ping will be created`. */
export function actionHeadline(scope: ScopePlan, action: CommandAction): Line {
  const where = localAddress(scope.key, action.address);
  const reason = action.reason ? ` (${oneLine(action.reason, 80)})` : '';
  switch (action.kind) {
    case 'create':
      return { sign: '+', text: `${where} will be created` };
    case 'update':
      return { sign: '~', text: `${where} will be updated in place` };
    case 'rename': {
      const from = action.remote?.name ?? '?';
      return { sign: '~', text: `${where} will be renamed: ${JSON.stringify(from)} → ${JSON.stringify(action.name)} (id kept)` };
    }
    case 'replace': {
      // Deleting and re-creating gives the command a new id, and the service drops permissions with the old id.
      const consequence = permissionsFollow(scope, action.address) ? 'new id; permissions will be re-applied' : 'new id';
      return { sign: '-/+', text: `${where} must be replaced${reason}: ${consequence}` };
    }
    case 'delete':
      return { sign: '-', text: `${where} will be deleted${reason}` };
    case 'noop':
      return { sign: ' ', text: `${where} is up to date` };
  }
}

function permissionTypeName(type: number): string {
  return (enumName(PermissionEntryType, type) ?? `type ${type}`).toLowerCase();
}

/** The service's two pseudo-ids: `@everyone` is the guild id, "all channels" is the guild id minus one. */
function entryLabel(entry: PermissionEntry, guildId: string | undefined): string {
  let label = `${permissionTypeName(entry.type)} ${entry.id}`;
  if (guildId !== undefined && /^\d+$/.test(guildId) && /^\d+$/.test(entry.id)) {
    if (entry.type === PermissionEntryType.ROLE && entry.id === guildId) label += ' (@everyone)';
    if (entry.type === PermissionEntryType.CHANNEL && BigInt(entry.id) === BigInt(guildId) - 1n) label += ' (all channels)';
  }
  return label;
}

const allowDeny = (p: boolean): string => (p ? 'allow' : 'deny');

/** The heading of a permission set replacement: the application-wide row or one command's. */
export function permissionHeadline(scope: ScopePlan, action: PermissionAction): Line {
  const what = action.target === '*' ? 'application-wide permissions' : `permissions of ${localAddress(scope.key, action.target)}`;
  const reason = action.reason ? ` (${oneLine(action.reason, 80)})` : '';
  return action.kind === 'noop'
    ? { sign: ' ', text: `${what} are up to date` }
    : { sign: '~', text: `${what} will be replaced${reason}` };
}

/**
 * Entry-level differences of a permission set, keyed by (type, id): `+ role 1 allow`,
 * `- user 2 deny`, `~ channel 3 deny → allow`. A set sent again unchanged (its
 * command gets a new id) says so instead of listing nothing.
 */
export function permissionLines(scope: ScopePlan, action: PermissionAction): Line[] {
  const guildId = scope.scope.kind === 'guild' ? scope.scope.guildId : undefined;
  const key = (e: PermissionEntry): string => `${e.type}:${e.id}`;
  const before = new Map(action.before.map((e) => [key(e), e]));
  const after = new Map(action.after.map((e) => [key(e), e]));
  const lines: Line[] = [];
  for (const e of action.after) {
    const old = before.get(key(e));
    if (!old) lines.push({ sign: '+', text: `${entryLabel(e, guildId)} ${allowDeny(e.permission)}` });
    else if (old.permission !== e.permission)
      lines.push({ sign: '~', text: `${entryLabel(e, guildId)} ${allowDeny(old.permission)} → ${allowDeny(e.permission)}` });
  }
  for (const e of action.before) {
    if (!after.has(key(e))) lines.push({ sign: '-', text: `${entryLabel(e, guildId)} ${allowDeny(e.permission)}` });
  }
  if (lines.length === 0 && action.kind === 'replace') {
    const n = action.after.length;
    lines.push({ sign: ' ', text: `${n} ${n === 1 ? 'entry' : 'entries'} sent again unchanged` });
  }
  for (const effect of action.effects ?? []) lines.push({ sign: ' ', text: effect });
  return lines;
}

export function keptLine(scope: ScopePlan, kept: ScopePlan['kept'][number]): string {
  return `${localAddress(scope.key, kept.address)} (id ${kept.id}): ${oneLine(kept.reason, 100)}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** `Plan: 1 to create, … 3 permission sets to replace. Apply will send 4 requests.` */
export function summaryLine(plan: Plan): string {
  const s = plan.summary;
  return (
    `Plan: ${s.create} to create, ${s.update} to update, ${s.rename} to rename, ${s.replace} to replace, ${s.delete} to delete, ` +
    `${plural(s.permissions, 'permission set', 'permission sets')} to replace` +
    (s.webhooks ? `; webhooks: ${s.webhooks.create} to create, ${s.webhooks.update} to update, ${s.webhooks.delete} to delete` : '') +
    `. Apply will send ${plural(plan.request_count, 'request', 'requests')}.`
  );
}

export const NO_CHANGES = 'No changes. Remote commands match the manifest.';

/** Whether anything would be sent. The request count decides (as the exit code does); the counts guard an inconsistent plan. */
export function planIsEmpty(plan: Plan): boolean {
  const s = plan.summary;
  return plan.request_count === 0 && s.create + s.update + s.rename + s.replace + s.delete + s.permissions === 0;
}

/** Command actions and permission replacements that change something: what "N more actions not shown" counts. */
export function changingActions(scope: ScopePlan): number {
  return scope.actions.filter((a) => a.kind !== 'noop').length + scope.permissions.filter((p) => p.kind !== 'noop').length;
}

/** Counts per scope, for the markdown table. */
export function scopeCounts(scope: ScopePlan): Record<Exclude<CommandActionKind, 'noop'> | 'permissions', number> {
  const count = (k: CommandActionKind): number => scope.actions.filter((a) => a.kind === k).length;
  return {
    create: count('create'),
    update: count('update'),
    rename: count('rename'),
    replace: count('replace'),
    delete: count('delete'),
    permissions: scope.permissions.filter((p) => p.kind === 'replace').length,
  };
}
