/**
 * The bodies a bot sends to change members and roles (the Guild resource:
 * Modify Guild Member, Create and Modify Guild Role, Modify Guild Role
 * Positions), read into typed changes with the permission each part needs,
 * or the service's 50035 findings. Pure.
 */
import { GUILD_FORMAT } from '../limits.js';
import { DECIMAL_PERMISSIONS, Permission } from '../permissions.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isObject } from '../rules/values.js';
import { isSnowflake, type Snowflake } from '../snowflake.js';
import { parseTimeoutUntil } from './moderation.js';

/** What a Modify Guild Member body changes; absent fields stay. */
export interface MemberChange {
  /** null or "" clears it. */
  nick?: string | null;
  roles?: Snowflake[];
  /** null lifts a timeout. */
  timeoutUntil?: string | null;
}

/** Fields of Modify Guild Member the emulator does not keep (voice state, member flags): named in its refusal. */
export const MEMBER_FIELDS_NOT_EMULATED = ['mute', 'deaf', 'channel_id', 'flags'] as const;

/** The permission each field of a member change needs of the bot. */
export const MEMBER_CHANGE_NEEDS: Readonly<Record<keyof MemberChange, bigint>> = {
  nick: Permission.MANAGE_NICKNAMES,
  roles: Permission.MANAGE_ROLES,
  timeoutUntil: Permission.MODERATE_MEMBERS,
};

/** A text field of a member or role body: a string of at most `max` characters, else the problem. */
function textProblem(rule: string, key: string, v: unknown, max: number): Problem | undefined {
  if (typeof v !== 'string') return problem(rule, [key], `${key} must be a string.`, ApiErrors.string());
  if (v.length > max) return problem(rule, [key], `${key} is at most ${max} characters.`, ApiErrors.maxLength(max));
  return undefined;
}

export function parseMemberChange(body: unknown, nowMs: number): MemberChange | Problem[] {
  const b = isObject(body) ? body : {};
  const out: Problem[] = [];
  const change: MemberChange = {};
  if (b.nick !== undefined) {
    if (b.nick === null || b.nick === '') change.nick = null;
    else {
      const bad = textProblem('member-nick', 'nick', b.nick, GUILD_FORMAT.nick_max);
      if (bad) out.push(bad);
      else change.nick = b.nick as string;
    }
  }
  if (b.roles !== undefined && b.roles !== null) {
    if (!Array.isArray(b.roles))
      out.push(problem('member-roles', ['roles'], 'roles must be a list of role ids.', ApiErrors.array()));
    else {
      b.roles.forEach((r, i) => {
        if (!isSnowflake(r)) out.push(problem('member-roles', ['roles', i], 'a role id.', ApiErrors.snowflake(r)));
      });
      change.roles = [...new Set(b.roles.filter(isSnowflake))];
    }
  }
  if (b.communication_disabled_until !== undefined) {
    const t = parseTimeoutUntil(b.communication_disabled_until, nowMs);
    if ('until' in t) change.timeoutUntil = t.until;
    else out.push(t);
  }
  return out.length > 0 ? out : change;
}

/** A role's editable fields as the service keeps them. */
export interface RoleFields {
  name?: string;
  /** A decimal bit set. */
  permissions?: string;
  color?: number;
  hoist?: boolean;
  mentionable?: boolean;
}

/** Create (`creating`: name defaults to "new role") or Modify Guild Role's body. */
export function parseRoleFields(body: unknown): RoleFields | Problem[] {
  const b = isObject(body) ? body : {};
  const out: Problem[] = [];
  const f: RoleFields = {};
  if (b.name !== undefined && b.name !== null) {
    const bad = textProblem('role-name', 'name', b.name, GUILD_FORMAT.role_name_max);
    if (bad) out.push(bad);
    else f.name = b.name as string;
  }
  if (b.permissions !== undefined && b.permissions !== null) {
    const p = String(b.permissions);
    if (!DECIMAL_PERMISSIONS.test(p))
      out.push(
        problem(
          'role-permissions',
          ['permissions'],
          'permissions must be a decimal bit set.',
          ApiErrors.integer(b.permissions),
        ),
      );
    else f.permissions = BigInt(p).toString();
  }
  if (b.color !== undefined && b.color !== null) {
    if (typeof b.color !== 'number' || !Number.isInteger(b.color) || b.color < 0)
      out.push(problem('role-color', ['color'], 'color must be a whole number.', ApiErrors.integer(b.color)));
    else f.color = b.color;
  }
  for (const key of ['hoist', 'mentionable'] as const) {
    const v = b[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'boolean')
      out.push(problem(`role-${key}`, [key], `${key} must be true or false.`, ApiErrors.boolean(v)));
    else f[key] = v;
  }
  return out.length > 0 ? out : f;
}

/** Modify Guild Role Positions: a list of `{ id, position }`. */
export function parseRolePositions(body: unknown): { moves: Array<{ id: Snowflake; position: number }> } | Problem[] {
  if (!Array.isArray(body)) return [problem('role-positions', [], 'a list of { id, position }.', ApiErrors.array())];
  const out: Problem[] = [];
  const moves: Array<{ id: Snowflake; position: number }> = [];
  body.forEach((m, i) => {
    const o = isObject(m) ? m : {};
    if (!isSnowflake(o.id)) out.push(problem('role-positions', [i, 'id'], 'a role id.', ApiErrors.snowflake(o.id)));
    else if (typeof o.position !== 'number' || !Number.isInteger(o.position))
      out.push(problem('role-positions', [i, 'position'], 'a whole number.', ApiErrors.integer(o.position)));
    else moves.push({ id: o.id, position: o.position });
  });
  return out.length > 0 ? out : { moves };
}
