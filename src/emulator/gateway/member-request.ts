/**
 * REQUEST_GUILD_MEMBERS (op 8) read and answered as the service answers it
 * (facts §7.5): by prefix query, by ids, or the whole list (the GUILD_MEMBERS
 * intent, one per guild and application each 30 s), in GUILD_MEMBERS_CHUNK
 * payloads of at most 1000 members. Pure but for the rate limit's memory.
 */
import { GatewayClose, Intent, MEMBERS_PER_CHUNK, MEMBERS_PER_QUERY } from '../../wire/gateway.js';
import { isSnowflake } from '../../wire/snowflake.js';
import type { Application, Guild } from '../state/world.js';
import type { Refusal } from './frames.js';
import { guildMembers } from './members.js';
import type { Obj } from '../../wire/rules/values.js';

export interface MemberRequest {
  guildId: string;
  /** A username prefix; '' with limit 0 asks for every member. */
  query?: string;
  limit: number;
  userIds?: string[];
  presences: boolean;
  nonce?: string;
}

/** One all-members request per guild per application in this window. */
export const FULL_LIST_WINDOW_MS = 30_000;
const NONCE_MAX_BYTES = 32;

const invalid: Refusal = { close: GatewayClose.UNKNOWN_OPCODE, reason: 'Invalid payload for REQUEST_GUILD_MEMBERS.' };
const idText = (v: unknown): string | undefined =>
  isSnowflake(v) ? v : Number.isSafeInteger(v) && (v as number) >= 0 ? String(v) : undefined;

/** The request, or the close for a payload the service refuses (4001: no guild, or neither `query` nor `user_ids`, or `query` without `limit`). */
export function readMemberRequest(d: unknown): MemberRequest | Refusal {
  if (typeof d !== 'object' || d === null || Array.isArray(d)) return invalid;
  const o = d as Obj;
  const guildId = idText(o.guild_id);
  if (guildId === undefined) return invalid;
  const req: MemberRequest = { guildId, limit: 0, presences: o.presences === true };
  if (o.user_ids !== undefined && o.user_ids !== null) {
    const ids = (Array.isArray(o.user_ids) ? o.user_ids : [o.user_ids]).map(idText);
    if (ids.some((id) => id === undefined)) return invalid;
    req.userIds = [...new Set(ids as string[])];
  } else if (typeof o.query === 'string') {
    if (!Number.isSafeInteger(o.limit) || (o.limit as number) < 0) return invalid;
    req.query = o.query;
    req.limit = o.limit as number;
  } else return invalid;
  // An invalid nonce is ignored: the chunks come without it.
  if (typeof o.nonce === 'string' && Buffer.byteLength(o.nonce) <= NONCE_MAX_BYTES) req.nonce = o.nonce;
  return req;
}

export const isFullList = (req: MemberRequest): boolean => req.userIds === undefined && req.query === '';

/**
 * The GUILD_MEMBERS_CHUNK payloads answering `req`, or undefined when the
 * service sends nothing: the whole list (query '') without GUILD_MEMBERS.
 */
export function memberChunks(
  req: MemberRequest,
  guild: Guild,
  app: Application,
  intents: number,
): Array<Obj> | undefined {
  if (isFullList(req) && !(intents & Intent.GUILD_MEMBERS)) return undefined;
  const all = guildMembers(guild, app);
  const idOf = (m: (typeof all)[number]) => (m.user as { id: string }).id;
  let found = all;
  let notFound: string[] | undefined;
  if (req.userIds) {
    const asked = req.userIds.slice(0, MEMBERS_PER_QUERY);
    found = asked.flatMap((id) => all.filter((m) => idOf(m) === id));
    notFound = asked.filter((id) => !all.some((m) => idOf(m) === id));
  } else {
    const prefix = req.query!.toLowerCase();
    const cap =
      req.query === '' && req.limit === 0
        ? Number.POSITIVE_INFINITY
        : Math.min(req.limit || MEMBERS_PER_QUERY, MEMBERS_PER_QUERY);
    const matches = (m: (typeof all)[number]) =>
      [(m.user as { username: string }).username, m.nick].some(
        (name) => typeof name === 'string' && name.toLowerCase().startsWith(prefix),
      );
    found = all.filter(matches).slice(0, cap);
  }
  const count = Math.max(1, Math.ceil(found.length / MEMBERS_PER_CHUNK));
  const withPresences = req.presences && (intents & Intent.GUILD_PRESENCES) !== 0;
  return Array.from({ length: count }, (_, i) => ({
    guild_id: guild.id,
    members: found.slice(i * MEMBERS_PER_CHUNK, (i + 1) * MEMBERS_PER_CHUNK),
    chunk_index: i,
    chunk_count: count,
    ...(i === 0 && notFound && notFound.length > 0 ? { not_found: notFound } : {}),
    // No member of the emulator is online: the presences asked for are none.
    ...(withPresences ? { presences: [] } : {}),
    nonce: req.nonce,
  }));
}

/** When each application last asked for a guild's whole list; a second within the window is answered RATE_LIMITED. */
export class FullListLimiter {
  private readonly last = new Map<string, number>();

  /** The RATE_LIMITED payload when `req` comes too soon, else undefined (and the request is counted). */
  check(applicationId: string, req: MemberRequest, now: number): Obj | undefined {
    if (!isFullList(req)) return undefined;
    const key = `${applicationId}:${req.guildId}`;
    const since = now - (this.last.get(key) ?? Number.NEGATIVE_INFINITY);
    if (since < FULL_LIST_WINDOW_MS) {
      return {
        opcode: 8,
        retry_after: (FULL_LIST_WINDOW_MS - since) / 1000,
        meta: { guild_id: req.guildId, nonce: req.nonce },
      };
    }
    this.last.set(key, now);
    return undefined;
  }
}
