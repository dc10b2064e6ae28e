import { indexBoth } from '../wire/access/rows.js';
import {
  buildMatrix,
  cellFor,
  columnLabel,
  commandLabel,
  outcomeText,
  principalLabel,
  type Cell,
  type Matrix,
} from '../wire/access/matrix.js';
import type { CommandSubject, GuildAccess } from '../wire/access/subjects.js';
import type { PermissionEntry, ScopeState } from '../wire/state.js';
import type { CommandAction, PermissionAction, PlanWarning } from './model.js';
import { normalizePermissions } from './normalize.js';
import { effectiveMemberPermissions } from '../wire/defaults.js';
import type { Obj } from '../wire/rules/values.js';

/** One command of the guild before and after apply: its default and its own rows. */
export interface CommandAccessChange {
  address: string;
  name: string;
  type: number;
  dmpBefore: string | null;
  dmpAfter: string | null;
  rowsBefore: PermissionEntry[];
  rowsAfter: PermissionEntry[];
}

/**
 * What the guild's permission-set changes do in effect: each command is
 * evaluated with the access model before and after, over the roles, users
 * and channels either side's rows name (members' permissions unknown, so
 * "only with X" is an outcome of its own). Pure.
 */
export function accessEffects(
  guildId: string,
  appBefore: PermissionEntry[],
  appAfter: PermissionEntry[],
  commands: CommandAccessChange[],
): { byTarget: Map<string, string[]>; warnings: PlanWarning[] } {
  const byTarget = new Map<string, string[]>();
  const warnings: PlanWarning[] = [];
  const appChanged = !sameRows(appBefore, appAfter);
  for (const c of commands) {
    const ownChanged = !sameRows(c.rowsBefore, c.rowsAfter);
    // App rows reach a command only where it has no row of its own deciding first; the model sorts that out.
    if (!ownChanged && !appChanged) continue;
    const label = commandLabel(c.name, c.type);
    const subject = (dmp: string | null, rows: PermissionEntry[]): CommandSubject => ({
      label,
      name: c.name,
      command: { type: c.type, default_member_permissions: dmp },
      commandRows: rows,
    });
    const before: GuildAccess = { guildId, appRows: appBefore, commands: [] };
    const after: GuildAccess = { guildId, appRows: appAfter, commands: [] };
    const union = [...c.rowsBefore, ...c.rowsAfter];
    const both: GuildAccess = { guildId, appRows: [...appBefore, ...appAfter], commands: [] };
    const axesOf = buildMatrix(both, subject(c.dmpAfter, union));
    const was = cellsOver(before, subject(c.dmpBefore, c.rowsBefore), axesOf);
    const now = cellsOver(after, subject(c.dmpAfter, c.rowsAfter), axesOf);
    const lines = describeChanges(after, label, axesOf, was, now);
    const target = ownChanged ? c.address : '*';
    if (lines.length > 0 || ownChanged) byTarget.set(target, [...(byTarget.get(target) ?? []), ...lines]);
    if (adminsOnly(now) && !adminsOnly(was)) {
      warnings.push({
        code: 'access-locked',
        scope: `guild:${guildId}`,
        message: `After apply only administrators can use ${label} in guild ${guildId}: every role, user and channel its rows name is denied.`,
      });
    }
  }
  for (const [target, lines] of byTarget)
    if (lines.length === 0) byTarget.set(target, ["after apply: nobody's access changes"]);
  return { byTarget, warnings };
}

function sameRows(a: PermissionEntry[], b: PermissionEntry[]): boolean {
  return JSON.stringify(normalizePermissions(a)) === JSON.stringify(normalizePermissions(b));
}

/** The cells of `subject` over the principals and columns of both sides: a row removed still leaves its role in the question. */
function cellsOver(g: GuildAccess, subject: CommandSubject, m: Matrix): Cell[][] {
  // The rows indexed once: each cell is then a look-up, not a scan of both sets.
  const opts = { rows: indexBoth(subject.commandRows, g.appRows) };
  return m.principals.map((p) => m.columns.map((col) => cellFor(g, subject, p, col, opts)));
}

/** Everyone but administrators is denied everywhere the rows name. */
function adminsOnly(cells: Cell[][]): boolean {
  return cells.slice(1).every((row) => row.every((c) => c.outcome === 'denied'));
}

function describeChanges(g: GuildAccess, label: string, m: Matrix, was: Cell[][], now: Cell[][]): string[] {
  const lines: string[] = [];
  m.principals.forEach((p, pi) => {
    if (p.kind === 'administrators') return;
    const changed = m.columns.map((_, ci) => outcomeText(was[pi][ci]) !== outcomeText(now[pi][ci]));
    if (!changed.some(Boolean)) return;
    // Group columns by the same before → after, so one sentence covers them.
    const groups = new Map<string, number[]>();
    changed.forEach((ch, ci) => {
      if (!ch) return;
      const key = `${outcomeText(was[pi][ci])}→${outcomeText(now[pi][ci])}`;
      groups.set(key, [...(groups.get(key) ?? []), ci]);
    });
    for (const cols of groups.values()) {
      const all = cols.length === m.columns.length;
      const where = (everywhere: string) =>
        all ? everywhere : `in ${cols.map((ci) => columnLabel(g, m.columns[ci])).join(', ')}`;
      const after = now[pi][cols[0]];
      const before = was[pi][cols[0]];
      const who = principalLabel(g, p);
      let text: string;
      if (after.outcome === 'denied') text = `${who} can no longer use ${label} ${where('in any channel')}`;
      else if (after.outcome === 'allowed')
        text = `${who} can now use ${label} ${where('in every channel')}${before.outcome === 'conditional' ? ` without needing ${outcomeText(before).replace(/^only with /, '')}` : ''}`;
      else
        text = `${who} can use ${label} ${where('in every channel')} only with ${outcomeText(after).replace(/^only with /, '')}${before.outcome === 'allowed' ? ' (before: without)' : ' (before: not at all)'}`;
      lines.push(`after apply: ${text}`);
    }
  });
  return lines;
}

/** Rows of a command on either side of the plan. */
export function rowsOf(
  actions: PermissionAction[],
  address: string,
  fallback: PermissionEntry[],
): { before: PermissionEntry[]; after: PermissionEntry[] } {
  const a = actions.find((x) => x.target === address);
  return a ? { before: a.before, after: a.after } : { before: fallback, after: fallback };
}

/** The inputs of one guild's effects, as buildPlan has them. */
export interface GuildPlanSides {
  applicationId: string;
  guildId: string;
  desired: ScopeState;
  actual: ScopeState;
  desiredGlobal?: ScopeState;
  actualGlobal?: ScopeState;
  actions: { guild: CommandAction[]; global: CommandAction[] };
  permissions: PermissionAction[];
}

/** The command's default as the service stores it (`default_permission: false` included). */
const dmpOf = (body: Obj | undefined): string | null => (body ? effectiveMemberPermissions(body) : null);

/**
 * Sets each changed permission set's `effects` and returns the lock-out
 * warnings. Guilds whose permissions the manifest does not manage have no
 * permission actions, so nothing is said of them.
 */
export function annotateAccessEffects(s: GuildPlanSides): PlanWarning[] {
  if (!s.permissions.some((p) => p.kind === 'replace')) return [];
  const appAction = s.permissions.find((p) => p.target === '*');
  const remoteApp = s.actual.permissions?.find((p) => p.target.kind === 'application')?.entries ?? [];
  const appBefore = appAction?.before ?? remoteApp;
  const appAfter = appAction?.after ?? remoteApp;
  const remoteRows = new Map(
    (s.actual.permissions ?? []).flatMap((p) =>
      p.target.kind === 'command' && p.target.id ? [[p.target.id, p.entries] as const] : [],
    ),
  );
  const remoteBodies = new Map([...s.actual.commands, ...(s.actualGlobal?.commands ?? [])].map((c) => [c.id, c.body]));
  const desiredBodies = [...s.desired.commands, ...(s.desiredGlobal?.commands ?? [])].map((c) => c.body);
  const commands: CommandAccessChange[] = [...s.actions.guild, ...s.actions.global]
    .filter((a) => a.kind !== 'delete')
    .map((a) => {
      const desired = desiredBodies.find((b) => b.name === a.name && ((b.type as number | undefined) ?? 1) === a.type);
      const dmpAfter = dmpOf(desired);
      const kept = a.remote && (a.kind === 'noop' || a.kind === 'update' || a.kind === 'rename');
      const fallback = kept ? (remoteRows.get(a.remote!.id) ?? []) : [];
      const rows = rowsOf(s.permissions, a.address, fallback);
      return {
        address: a.address,
        name: a.name,
        type: a.type,
        dmpBefore: kept ? dmpOf(remoteBodies.get(a.remote!.id)) : dmpAfter,
        dmpAfter,
        rowsBefore: rows.before,
        rowsAfter: rows.after,
      };
    });
  const { byTarget, warnings } = accessEffects(s.guildId, appBefore, appAfter, commands);
  for (const p of s.permissions) {
    const lines = byTarget.get(p.target);
    if (p.kind === 'replace' && lines) p.effects = lines;
  }
  return warnings;
}
