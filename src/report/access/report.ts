import {
  columnLabel,
  labeler,
  outcomeText,
  principalLabel,
  decidingReason,
  type Cell,
  type Column,
  type Matrix,
  type Principal,
} from '../../wire/access/matrix.js';
import { formatNamed } from '../../wire/names.js';
import type { CommandSubject, GuildAccess } from '../../wire/access/subjects.js';
import { permissionNames } from '../../wire/permissions.js';

/** What `cmdsync access` answers, before it is written as text or JSON. */
export interface AccessReport {
  guild: GuildAccess;
  /** Where the rows came from. */
  source: 'manifest' | 'remote' | 'emulator' | 'defaults';
  notes: string[];
  /** The member asked about, if one was. */
  member?: { userId?: string; roleIds: string[]; permissions?: bigint };
  commands: Array<{ subject: CommandSubject; matrix?: Matrix; answers?: Array<{ column: Column; cell: Cell }> }>;
}

function dmpText(s: CommandSubject): string {
  const v = s.command.default_member_permissions;
  if (v === null || v === undefined) return 'default_member_permissions: none (everyone)';
  if (v === '0') return 'default_member_permissions: "0" (administrators only)';
  return `default_member_permissions: ${permissionNames(v).join(', ')}`;
}

function pad(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - text.length));
}

/** `user @alice (1234) with role @Moderators (5678)`: names next to ids where known. */
function memberText(r: AccessReport): string {
  const m = r.member!;
  const name = labeler(r.guild);
  const roles = m.roleIds.map((id) => formatNamed('role', id, name('role', id)));
  const parts = [
    m.userId ? `user ${formatNamed('user', m.userId, name('user', m.userId))}` : 'a member',
    roles.length > 0
      ? `with role${roles.length > 1 ? 's' : ''} ${roles.join(', ')}`
      : 'with no other role than @everyone',
  ];
  return parts.join(' ');
}

function answerLine(cell: Cell): string {
  return cell.outcome === 'allowed'
    ? 'yes'
    : cell.outcome === 'denied'
      ? 'no'
      : `only if they hold ${permissionNames((cell.needs ?? 0n).toString()).join(', ')}`;
}

/** The matrix with one footnote per distinct reason. */
function matrixLines(g: GuildAccess, m: Matrix): string[] {
  const notes: string[] = [];
  const noteOf = (cell: Cell): number => {
    const reason = decidingReason(cell);
    let i = notes.indexOf(reason);
    if (i < 0) i = notes.push(reason) - 1;
    return i + 1;
  };
  const header = ['', ...m.columns.map((c) => columnLabel(g, c))];
  const rows = m.principals.map((p: Principal, pi) => [
    principalLabel(g, p),
    ...m.cells[pi].map((cell) => `${outcomeText(cell)} [${noteOf(cell)}]`),
  ]);
  const widths = header.map((_, i) => Math.max(header[i].length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === cells.length - 1 ? c : pad(c, widths[i]))).join('   ')}`.trimEnd();
  return [line(header), ...rows.map(line), ...notes.map((n, i) => `  [${i + 1}] ${n}`)];
}

export function formatAccessText(r: AccessReport): string {
  const g = r.guild;
  const out: string[] = [
    `Guild ${g.guildId}${g.guildName ? ` (${g.guildName})` : ''}: rows from ${r.source === 'defaults' ? "nowhere (the commands' defaults only)" : `the ${r.source}`}`,
  ];
  for (const n of r.notes) out.push(`note: ${n}`);
  if (r.member?.permissions !== undefined)
    out.push(
      `Permissions taken as: ${r.member.permissions === 0n ? 'none' : permissionNames(r.member.permissions.toString()).join(', ')}`,
    );
  for (const c of r.commands) {
    out.push('', `${c.subject.label}   ${dmpText(c.subject)}`);
    if (c.matrix) out.push(...matrixLines(g, c.matrix));
    for (const a of c.answers ?? []) {
      out.push(`  ${memberText(r)} in ${columnLabel(g, a.column)}: ${answerLine(a.cell)}`);
      for (const step of a.cell.because) out.push(`    - ${step.text}`);
    }
  }
  return `${out.join('\n')}\n`;
}

const cellJson = (cell: Cell) => ({
  outcome: cell.outcome,
  ...(cell.needs !== undefined ? { needs: permissionNames(cell.needs.toString()) } : {}),
  reason: decidingReason(cell),
  because: cell.because.map((s) => ({ kind: s.kind, effect: s.effect, text: s.text })),
});

const columnJson = (g: GuildAccess, c: Column) => ({
  channel_id: c.kind === 'channel' ? c.id : null,
  label: columnLabel(g, c),
});

export function formatAccessJson(r: AccessReport): string {
  const g = r.guild;
  const doc = {
    guild_id: g.guildId,
    ...(g.guildName ? { guild_name: g.guildName } : {}),
    source: r.source,
    notes: r.notes,
    ...(r.member
      ? {
          member: {
            user_id: r.member.userId ?? null,
            role_ids: r.member.roleIds,
            permissions: r.member.permissions?.toString() ?? null,
          },
        }
      : {}),
    commands: r.commands.map((c) => ({
      name: c.subject.name,
      label: c.subject.label,
      type: c.subject.command.type ?? 1,
      default_member_permissions: c.subject.command.default_member_permissions ?? null,
      ...(c.matrix
        ? {
            columns: c.matrix.columns.map((col) => columnJson(g, col)),
            rows: c.matrix.principals.map((p, pi) => ({
              principal: p.kind === 'role' || p.kind === 'user' ? { kind: p.kind, id: p.id } : { kind: p.kind },
              label: principalLabel(g, p),
              cells: c.matrix!.cells[pi].map(cellJson),
            })),
          }
        : {}),
      ...(c.answers
        ? {
            answers: c.answers.map((a) => ({
              ...columnJson(g, a.column),
              allowed: a.cell.outcome === 'conditional' ? null : a.cell.outcome === 'allowed',
              ...cellJson(a.cell),
            })),
          }
        : {}),
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
