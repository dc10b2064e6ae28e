import { describePermissions, evaluateAccess, requiredPermissions, type Labeler } from './evaluate.js';
import { basePermissions, channelPermissions } from './base-permissions.js';
import { indexBoth, type IndexedRows } from './rows.js';
import type { AccessMember, Step } from './types.js';
import { CommandType, PermissionEntryType } from '../enums.js';
import { allChannelsId, Permission, PERMISSION_BITS } from '../permissions.js';
import type { PermissionEntry } from '../state.js';
import { formatNamed } from '../names.js';
import type { CommandSubject, GuildAccess, GuildFacts } from './subjects.js';

/**
 * The matrix of `cmdsync access` and of plan's effects: who (the roles and
 * users the rows name, everyone else, administrators) may use a command in
 * which channel (those the rows name, all other channels), and why. Pure.
 */
export type Principal =
  | { kind: 'administrators' }
  | { kind: 'role'; id: string }
  | { kind: 'user'; id: string }
  | { kind: 'everyone-else' };

export type Column = { kind: 'channel'; id: string } | { kind: 'other-channels' };

export type Outcome = 'allowed' | 'denied' | 'conditional';

export interface Cell {
  outcome: Outcome;
  /** Conditional: the permissions the member must hold in the channel. */
  needs?: bigint;
  because: Step[];
}

export interface Matrix {
  principals: Principal[];
  columns: Column[];
  /** cells[principal][column]. */
  cells: Cell[][];
}

/** Ids no row can name: a member with no named role and a channel with no row. */
const NOBODY = '0';
const ADMINISTRATOR = PERMISSION_BITS.ADMINISTRATOR;

/** The roles, users and channels some row names, in the order first named (constants left out). */
export function mentioned(
  guildId: string,
  rowLists: ReadonlyArray<readonly PermissionEntry[]>,
): { roles: string[]; users: string[]; channels: string[] } {
  const roles = new Set<string>();
  const users = new Set<string>();
  const channels = new Set<string>();
  for (const rows of rowLists) {
    for (const r of rows) {
      if (r.type === PermissionEntryType.ROLE && r.id !== guildId) roles.add(r.id);
      else if (r.type === PermissionEntryType.USER) users.add(r.id);
      else if (r.type === PermissionEntryType.CHANNEL && r.id !== allChannelsId(guildId)) channels.add(r.id);
    }
  }
  return { roles: [...roles], users: [...users], channels: [...channels] };
}

export function commandLabel(name: string, type: number | undefined): string {
  const t = type ?? CommandType.CHAT_INPUT;
  if (t === CommandType.CHAT_INPUT) return `/${name}`;
  if (t === CommandType.USER) return `${name} (user command)`;
  if (t === CommandType.MESSAGE) return `${name} (message command)`;
  return `${name} (entry point)`;
}

export interface AskOptions {
  /** The member's permissions in every channel (`--permissions`): wins over the guild's facts. */
  permissions?: bigint;
  /** The subject's and the guild's rows indexed once (rows.ts `indexBoth`), for many questions about one subject. */
  rows?: IndexedRows;
}

/** The member a principal stands for. */
function memberOf(p: Principal, facts: GuildFacts | undefined): AccessMember {
  if (p.kind === 'role') return { userId: NOBODY, roleIds: [p.id] };
  if (p.kind === 'user') {
    const known = facts?.members.get(p.id);
    return { userId: p.id, roleIds: known?.roleIds ?? [], ...(facts?.ownerId === p.id ? { owner: true } : {}) };
  }
  return { userId: NOBODY, roleIds: [] };
}

/** The member's permissions in the channel, when they can be known. */
export function knownPermissions(
  g: GuildAccess,
  member: AccessMember,
  channelId: string | undefined,
  opts: AskOptions,
): bigint | undefined {
  if (opts.permissions !== undefined) return opts.permissions;
  const facts = g.facts;
  if (!facts) return undefined;
  const roles = new Map([...facts.roles].map(([id, r]) => [id, r.permissions]));
  const base = basePermissions(
    { guildId: g.guildId, ...(facts.ownerId ? { ownerId: facts.ownerId } : {}), roles },
    member,
  );
  const channel = channelId ? facts.channels.get(channelId) : undefined;
  // A thread takes its parent's overwrites, as it takes its parent's rows.
  const holder = channel?.thread && channel.parentId ? facts.channels.get(channel.parentId) : channel;
  return channelPermissions(base, g.guildId, member, holder?.overwrites ?? []);
}

/** Names from the guild's facts (the emulator's world), else from the names the service reported (`GuildAccess.names`). */
export function labeler(g: GuildAccess): Labeler {
  return (kind, id) => {
    const f = g.facts;
    const known = (fact: { name: string } | undefined) => fact?.name ?? g.names?.get(id);
    if (kind === 'role') return known(f?.roles.get(id));
    if (kind === 'user') return known(f?.members.get(id));
    const name = known(f?.channels.get(id));
    return name === undefined ? undefined : `#${name}`;
  };
}

/**
 * One answer. With the member's permissions unknown (offline, no
 * `--permissions`), an answer that would turn on `default_member_permissions`
 * (or a user command's SEND_MESSAGES) is `conditional`: "only with X".
 */
export function ask(
  g: GuildAccess,
  subject: CommandSubject,
  member: AccessMember,
  channel: { id: string; parentId?: string },
  opts: AskOptions = {},
): Cell {
  const base = {
    guildId: g.guildId,
    command: subject.command,
    commandRows: subject.commandRows,
    appRows: g.appRows,
    ...(opts.rows ? { indexed: opts.rows } : {}),
    member,
    channel,
  };
  const label = labeler(g);
  const known = knownPermissions(g, member, channel.id === NOBODY ? undefined : channel.id, opts);
  if (known !== undefined) {
    const r = evaluateAccess({ ...base, permissions: known }, label);
    return { outcome: r.allowed ? 'allowed' : 'denied', because: r.because };
  }
  const required = requiredPermissions(subject.command.default_member_permissions) ?? 0n;
  const userCommand = (subject.command.type ?? 1) === CommandType.USER;
  // Unknown permissions: the member is taken to hold USE_APPLICATION_COMMANDS, as every member of a new guild does.
  const assumed =
    (required | Permission.USE_APPLICATION_COMMANDS | (userCommand ? PERMISSION_BITS.SEND_MESSAGES : 0n)) &
    ~ADMINISTRATOR;
  const r = evaluateAccess({ ...base, permissions: assumed }, label);
  if (!r.allowed) return { outcome: 'denied', because: r.because };
  if (r.because.some((s) => s.kind === 'owner' || s.kind === 'administrator'))
    return { outcome: 'allowed', because: r.because };
  const byDefault = r.because.find((s) => s.kind === 'default-permissions');
  const needs = (byDefault?.required ? byDefault.required : 0n) | (userCommand ? PERMISSION_BITS.SEND_MESSAGES : 0n);
  if (needs === 0n) return { outcome: 'allowed', because: r.because };
  const because = r.because.map(
    (s): Step =>
      s.kind === 'default-permissions' && s.required
        ? { ...s, text: `default_member_permissions: only with ${describePermissions(s.required ?? 0n)}` }
        : s,
  );
  if (userCommand)
    because.push({
      kind: 'send-messages',
      effect: 'deny',
      text: 'a user command also needs SEND_MESSAGES in the channel',
    });
  return { outcome: 'conditional', needs, because };
}

function channelOf(g: GuildAccess, column: Column): { id: string; parentId?: string } {
  if (column.kind === 'other-channels') return { id: NOBODY };
  const known = g.facts?.channels.get(column.id);
  return known?.thread && known.parentId ? { id: column.id, parentId: known.parentId } : { id: column.id };
}

/** The principals and columns the rows of this command (and the app) name. */
export function axes(
  g: GuildAccess,
  rowLists: ReadonlyArray<readonly PermissionEntry[]>,
): { principals: Principal[]; columns: Column[] } {
  const m = mentioned(g.guildId, rowLists);
  return {
    principals: [
      { kind: 'administrators' },
      ...m.roles.map((id) => ({ kind: 'role' as const, id })),
      ...m.users.map((id) => ({ kind: 'user' as const, id })),
      { kind: 'everyone-else' },
    ],
    columns: [...m.channels.map((id) => ({ kind: 'channel' as const, id })), { kind: 'other-channels' }],
  };
}

export function cellFor(g: GuildAccess, subject: CommandSubject, p: Principal, c: Column, opts: AskOptions = {}): Cell {
  if (p.kind === 'administrators') {
    return {
      outcome: 'allowed',
      because: [{ kind: 'administrator', effect: 'allow', text: 'ADMINISTRATOR: may use every command' }],
    };
  }
  return ask(g, subject, memberOf(p, g.facts), channelOf(g, c), opts);
}

/** `columns` narrows the matrix to those channels (`--channel`). */
export function buildMatrix(g: GuildAccess, subject: CommandSubject, opts: AskOptions = {}, only?: Column[]): Matrix {
  const all = axes(g, [subject.commandRows, g.appRows]);
  const principals = all.principals;
  const columns = only ?? all.columns;
  const asked = { ...opts, rows: indexBoth(subject.commandRows, g.appRows) };
  return { principals, columns, cells: principals.map((p) => columns.map((c) => cellFor(g, subject, p, c, asked))) };
}

export function principalLabel(g: GuildAccess, p: Principal): string {
  if (p.kind === 'administrators') return 'administrators';
  if (p.kind === 'everyone-else') return 'everyone else';
  return `${p.kind} ${formatNamed(p.kind, p.id, labeler(g)(p.kind, p.id))}`;
}

export function columnLabel(g: GuildAccess, c: Column): string {
  if (c.kind === 'other-channels') return 'all other channels';
  const name = labeler(g)('channel', c.id);
  return name ? `${name} (${c.id})` : `channel ${c.id}`;
}

export function outcomeText(cell: Cell): string {
  if (cell.outcome === 'allowed') return 'yes';
  if (cell.outcome === 'denied') return 'no';
  return `only with ${describePermissions(cell.needs ?? 0n)}`;
}

/** The step that decided: the last one. */
export function decidingReason(cell: Cell): string {
  const last = cell.because.at(-1);
  // For a conditional answer the permission step is the point, even when SEND_MESSAGES is listed after it.
  const perm =
    cell.outcome === 'conditional'
      ? cell.because.find((s) => s.kind === 'default-permissions' && s.required)
      : undefined;
  return (perm ?? last)?.text ?? '';
}
