import { CommandType } from '../enums.js';
import { allChannelsId, Permission, PERMISSION_BITS, permissionNames } from '../permissions.js';
import type { PermissionEntry } from '../state.js';
import { indexBoth, roleRowFor, type IndexedRows, type RowIndex } from './rows.js';
import type { AccessQuery, AccessResult, Layer, Step } from './types.js';

/** How a role, user or channel id is shown in a reason; the default is its id. */
export type Labeler = (kind: 'role' | 'user' | 'channel', id: string) => string | undefined;

const ADMINISTRATOR = PERMISSION_BITS.ADMINISTRATOR;
const SEND_MESSAGES = PERMISSION_BITS.SEND_MESSAGES;
const USE_APPLICATION_COMMANDS = Permission.USE_APPLICATION_COMMANDS;

/** `default_member_permissions` as bits: null for "everyone" (absent or null). */
export function requiredPermissions(value: string | null | undefined): bigint | null {
  return value === undefined || value === null ? null : BigInt(value);
}

const described = new Map<bigint, string>();

/** `BAN_MEMBERS, MANAGE_GUILD`; remembered, since lint and plan describe the same few sets thousands of times. */
export function describePermissions(bits: bigint): string {
  let text = described.get(bits);
  if (text === undefined) {
    text = bits === 0n ? 'no permissions' : permissionNames(bits.toString()).join(', ');
    if (described.size < 1024) described.set(bits, text);
  }
  return text;
}

/**
 * May this member use this command in this channel? Facts §6.1, in the order
 * of the published flowchart as we read it ([UNC] there: the order inside the
 * channel and member steps is our reading of the diagram, not text):
 *
 * 1. the guild owner and ADMINISTRATOR pass; a member without
 *    USE_APPLICATION_COMMANDS in the channel may use none (facts §4.3);
 * 2. channel: the command's row for the channel (a thread's parent), else its
 *    all-channels row, else the app's row for the channel, else the app's
 *    all-channels row; `false` denies, `true` or none goes on;
 * 3. member: the command's USER row decides; else its rows for the member's
 *    roles (any allow wins over any deny); else its @everyone row; else the
 *    same three at app level, where a deny denies and an allow only goes on;
 * 4. `default_member_permissions`: null passes, otherwise every bit is needed.
 *
 * A user command also needs SEND_MESSAGES in the channel (spec: interactions).
 * Pure: the same query always gives the same answer.
 */
export function evaluateAccess(q: AccessQuery, label: Labeler = () => undefined): AccessResult {
  const because: Step[] = [];
  const everywhere = allChannelsId(q.guildId);
  const name = (kind: 'role' | 'user' | 'channel', id: string): string => {
    if (kind === 'role' && id === q.guildId) return '@everyone';
    if (kind === 'channel' && id === everywhere) return 'all channels';
    const l = label(kind, id);
    return l ? `${kind} ${l}` : `${kind} ${id}`;
  };
  const rowText: RowText = (layer, row, kind) =>
    `${layer} row: ${name(kind, row.id)} ${row.permission ? 'allow' : 'deny'}`;
  const done = (allowed: boolean): AccessResult => ({ allowed, because });

  if (q.member.owner) {
    because.push({ kind: 'owner', effect: 'allow', text: 'guild owner: may use every command' });
    return done(true);
  }
  if (q.permissions & ADMINISTRATOR) {
    because.push({ kind: 'administrator', effect: 'allow', text: 'ADMINISTRATOR: may use every command' });
    return done(true);
  }
  const held = q.permissions;
  if (!(held & USE_APPLICATION_COMMANDS)) {
    because.push({
      kind: 'use-commands',
      effect: 'deny',
      text: 'the member lacks USE_APPLICATION_COMMANDS in this channel: no command is offered to them',
    });
    return done(false);
  }

  const rows = q.indexed ?? indexBoth(q.commandRows, q.appRows);
  if (!channelStep(q, rows, because, rowText, everywhere)) return done(false);
  const who = memberStep(q, rows, because, rowText);
  if (who !== 'continue') return done(who === 'allow' && userCommandCheck(q, held, because));
  return done(defaultPermissionsStep(q, held, because) && userCommandCheck(q, held, because));
}

type RowText = (layer: Layer, row: PermissionEntry, kind: 'role' | 'user' | 'channel') => string;

/** 2. Where: the first channel row found decides whether to go on. */
function channelStep(
  q: AccessQuery,
  rows: IndexedRows,
  because: Step[],
  rowText: RowText,
  everywhere: string,
): boolean {
  const channelId = q.channel.parentId ?? q.channel.id;
  const channelChoice = (
    [
      ['command', rows.command, channelId],
      ['command', rows.command, everywhere],
      ['app', rows.app, channelId],
      ['app', rows.app, everywhere],
    ] as const
  )
    .map(([layer, index, id]) => ({ layer, row: index.channel.get(id) }))
    .find((c) => c.row !== undefined);
  if (!channelChoice?.row) {
    because.push({ kind: 'no-channel-row', effect: 'continue', text: 'no row for this channel or all channels' });
    return true;
  }
  const { layer, row } = channelChoice;
  const thread = q.channel.parentId !== undefined && row.id === q.channel.parentId ? " (the thread's channel)" : '';
  because.push({
    kind: 'channel-row',
    layer,
    row,
    effect: row.permission ? 'continue' : 'deny',
    text: rowText(layer, row, 'channel') + thread,
  });
  return row.permission;
}

/** 3. Who: the member's own row, then their roles, then @everyone; command level first. */
function memberStep(
  q: AccessQuery,
  rows: IndexedRows,
  because: Step[],
  rowText: RowText,
): 'allow' | 'deny' | 'continue' {
  for (const layer of ['command', 'app'] as const) {
    const found = memberRow(rows[layer], q);
    if (!found) continue;
    const { row, target } = found;
    const text = rowText(layer, row, target === 'user' ? 'user' : 'role');
    if (!row.permission) {
      because.push({ kind: 'member-row', layer, target, row, effect: 'deny', text });
      return 'deny';
    }
    if (layer === 'command') {
      because.push({
        kind: 'member-row',
        layer,
        target,
        row,
        effect: 'allow',
        text: `${text} (overrides default_member_permissions)`,
      });
      return 'allow';
    }
    because.push({
      kind: 'member-row',
      layer,
      target,
      row,
      effect: 'continue',
      text: `${text} (default_member_permissions still applies)`,
    });
    return 'continue';
  }
  because.push({ kind: 'no-member-row', effect: 'continue', text: 'no row for this member, their roles or @everyone' });
  return 'continue';
}

/** 4. The command's own default. */
function defaultPermissionsStep(q: AccessQuery, held: bigint, because: Step[]): boolean {
  const required = requiredPermissions(q.command.default_member_permissions);
  if (required === null) {
    because.push({
      kind: 'default-permissions',
      required,
      missing: 0n,
      effect: 'allow',
      text: 'default_member_permissions is null: everyone',
    });
    return true;
  }
  if (required === 0n) {
    because.push({
      kind: 'default-permissions',
      required,
      missing: 0n,
      effect: 'deny',
      text: 'default_member_permissions is "0": administrators only',
    });
    return false;
  }
  // Unknown bits are required too: only administrators can hold them.
  const missing = required & ~held;
  const needs = `default_member_permissions needs ${describePermissions(required)}`;
  because.push({
    kind: 'default-permissions',
    required,
    missing,
    effect: missing === 0n ? 'allow' : 'deny',
    text: missing === 0n ? `${needs}; the member has it` : `${needs}; the member lacks ${describePermissions(missing)}`,
  });
  return missing === 0n;
}

function memberRow(
  rows: RowIndex,
  q: AccessQuery,
): { row: PermissionEntry; target: 'user' | 'role' | 'everyone' } | undefined {
  const user = rows.user.get(q.member.userId);
  if (user) return { row: user, target: 'user' };
  const role = roleRowFor(rows, q.member.roleIds, q.guildId);
  if (role) return { row: role, target: 'role' };
  const everyone = rows.role.get(q.guildId)?.first.row;
  return everyone ? { row: everyone, target: 'everyone' } : undefined;
}

function userCommandCheck(q: AccessQuery, held: bigint, because: Step[]): boolean {
  if ((q.command.type ?? CommandType.CHAT_INPUT) !== CommandType.USER || held & SEND_MESSAGES) return true;
  because.push({
    kind: 'send-messages',
    effect: 'deny',
    text: 'a user command also needs SEND_MESSAGES in the channel; the member lacks it',
  });
  return false;
}
