/**
 * Control endpoints that change a guild's members as people joining,
 * changing and leaving would (loopback, control token, like the rest of
 * /__emulator); each change is journaled, then the applications installed
 * in the guild are told over the gateway (GUILD_MEMBER_ADD / _UPDATE /
 * _REMOVE, the GUILD_MEMBERS intent):
 *   POST   /__emulator/guilds/:guildId/members           { id?, username, roles?, nick? }: a member joins
 *   PATCH  /__emulator/guilds/:guildId/members/:userId   { username?, roles?, nick? }: their roles or nickname change
 *   DELETE /__emulator/guilds/:guildId/members/:userId   the member leaves
 * `roles` are ids or names of the guild's roles; `nick: null` clears it.
 */
import { isSnowflake, type Snowflake } from '../../wire/snowflake.js';
import type { EmulatorEvent, EventBus } from '../gateway/events.js';
import { memberObject } from '../gateway/members.js';
import type { EmulatorResponse } from '../http/http-types.js';
import { own } from '../state/own.js';
import type { Store } from '../state/store.js';
import type { Guild } from '../state/world.js';
import type { Obj } from '../../wire/rules/values.js';

type Member = Guild['members'][number];

const PATH = /^\/guilds\/([^/]+)\/members(?:\/([^/]+))?$/;
const USERNAME_MAX = 32;
const NICK_MAX = 32;

const bad = (message: string): EmulatorResponse => ({ status: 400, body: { message } });
const user = (m: Member) => ({
  id: m.id,
  username: m.username,
  discriminator: '0',
  global_name: null,
  avatar: null,
  bot: false,
  flags: 0,
});

/** The role ids `refs` name in the guild, or what is wrong. */
function rolesOf(guild: Guild, refs: unknown): Snowflake[] | string {
  if (!Array.isArray(refs)) return 'roles must be a list of role ids or names';
  const out: Snowflake[] = [];
  for (const ref of refs) {
    const role = guild.roles.find((r) => r.id !== guild.id && (r.id === ref || r.name === ref));
    if (!role) return `roles: ${JSON.stringify(ref)} is not a role of guild ${guild.id} (other than @everyone)`;
    out.push(role.id);
  }
  return [...new Set(out)];
}

/** Applies `body`'s username, roles and nick to `m`; the problem, if any, leaves `m` as it was. */
function applyFields(guild: Guild, m: Member, body: Obj): string | undefined {
  const { username, roles, nick } = body;
  if (username !== undefined && (typeof username !== 'string' || username.length < 1 || username.length > USERNAME_MAX))
    return `username must be 1-${USERNAME_MAX} characters`;
  if (nick !== undefined && nick !== null && (typeof nick !== 'string' || nick.length < 1 || nick.length > NICK_MAX))
    return `nick must be 1-${NICK_MAX} characters, or null`;
  const roleIds = roles === undefined ? undefined : rolesOf(guild, roles);
  if (typeof roleIds === 'string') return roleIds;
  if (typeof username === 'string') m.username = username;
  if (roleIds) m.roles = roleIds;
  if (typeof nick === 'string') m.nick = nick;
  else if (nick === null) delete m.nick;
  return undefined;
}

interface Change {
  response: EmulatorResponse;
  /** The dispatch and its payload, sent to each application in the guild once the change is committed. */
  event?: { name: string; data: Obj };
}

function change(
  method: string,
  guild: Guild,
  userId: string | undefined,
  body: unknown,
  now: number,
  nextId: () => Snowflake,
): Change {
  const b = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Obj;
  if (userId === undefined) {
    if (method !== 'POST') return { response: { status: 405, body: { message: 'Method not allowed' } } };
    if (b.id !== undefined && !isSnowflake(b.id)) return { response: bad('id must be a snowflake') };
    if (typeof b.username !== 'string') return { response: bad('Send { "username", "id"?, "roles"?, "nick"? }') };
    const id = (b.id as string | undefined) ?? nextId();
    if (guild.members.some((m) => m.id === id))
      return { response: { status: 409, body: { message: `${id} is already a member of guild ${guild.id}` } } };
    const m: Member = { id, username: '', joinedAt: new Date(now).toISOString() };
    const problem = applyFields(guild, m, b);
    if (problem) return { response: bad(problem) };
    guild.members.push(m);
    const data = { ...memberObject(guild, m, user(m)), guild_id: guild.id };
    return { response: { status: 201, body: data }, event: { name: 'GUILD_MEMBER_ADD', data } };
  }
  const at = guild.members.findIndex((m) => m.id === userId);
  if (at < 0) return { response: { status: 404, body: { message: `${userId} is not a member of guild ${guild.id}` } } };
  const m = guild.members[at]!;
  if (method === 'DELETE') {
    guild.members.splice(at, 1);
    return {
      response: { status: 204 },
      event: { name: 'GUILD_MEMBER_REMOVE', data: { guild_id: guild.id, user: user(m) } },
    };
  }
  if (method !== 'PATCH') return { response: { status: 405, body: { message: 'Method not allowed' } } };
  const problem = applyFields(guild, m, b);
  if (problem) return { response: bad(problem) };
  const data = { ...memberObject(guild, m, user(m)), guild_id: guild.id };
  return { response: { status: 200, body: data }, event: { name: 'GUILD_MEMBER_UPDATE', data } };
}

export function memberControl(
  store: Store,
  events: EventBus,
  nextId: () => Snowflake,
  now: () => number,
): (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined {
  return (method, path, body) => {
    const match = PATH.exec(path);
    if (!match) return undefined;
    const tx = store.begin(true);
    const guild = own(tx.world.guilds, match[1]);
    if (!guild) {
      tx.commit(false);
      return Promise.resolve({ status: 404, body: { message: `unknown guild ${match[1]}` } });
    }
    let result: Change;
    try {
      result = change(method, guild, match[2], body, now(), nextId);
    } catch (err) {
      tx.rollback();
      throw err;
    }
    tx.commit(false);
    // Told after the commit, so a bot that reads on receipt sees the change.
    if (result.event) {
      for (const applicationId of Object.keys(guild.apps)) {
        const event: EmulatorEvent = {
          applicationId,
          name: result.event.name,
          data: result.event.data,
          guildId: guild.id,
        };
        events.emitCommitted(event);
      }
    }
    return Promise.resolve(result.response);
  };
}
