/**
 * What an identified session may ask of the gateway besides heartbeats:
 * presence updates (op 3: checked, nothing sent back, facts §7.6), voice
 * state (op 4) and soundboard requests (op 31: accepted, nothing sent: the
 * emulator has no voice), and member requests (op 8: GUILD_MEMBERS_CHUNK).
 * Pure but for the member rate limit's memory; the gateway sends the result.
 */
import { GatewayClose, GatewayOp } from '../../wire/gateway.js';
import { own } from '../state/own.js';
import type { Application, World } from '../state/world.js';
import type { Refusal } from './frames.js';
import { type FullListLimiter, isFullList, memberChunks, readMemberRequest } from './member-request.js';
import { guildsOf } from './payloads.js';
import type { Session } from './session.js';
import type { Obj } from '../../wire/rules/values.js';

export interface RequestContext {
  session: Session;
  app: Application;
  world: World;
  now: number;
  fullLists: FullListLimiter;
}

/** What the gateway does: close the connection, or send these dispatches (none at all is an accepted request). */
export type RequestAnswer = Refusal | { dispatches: Array<{ t: string; d: unknown }> };

const STATUSES = new Set(['online', 'dnd', 'idle', 'invisible', 'offline']);
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A presence update as the service takes it: `{ since, activities, status, afk }`. */
export function presenceProblem(d: unknown): boolean {
  if (!isObject(d)) return true;
  if (d.since !== null && !(typeof d.since === 'number' && d.since >= 0)) return true;
  if (typeof d.status !== 'string' || !STATUSES.has(d.status) || typeof d.afk !== 'boolean') return true;
  return (
    !Array.isArray(d.activities) ||
    !d.activities.every((a) => isObject(a) && typeof a.name === 'string' && Number.isInteger(a.type))
  );
}

export function answerRequest(op: number, d: unknown, ctx: RequestContext): RequestAnswer {
  if (op === GatewayOp.PRESENCE_UPDATE)
    return presenceProblem(d)
      ? { close: GatewayClose.UNKNOWN_OPCODE, reason: 'Invalid payload for PRESENCE_UPDATE.' }
      : { dispatches: [] };
  if (op !== GatewayOp.REQUEST_GUILD_MEMBERS) return { dispatches: [] };
  const req = readMemberRequest(d);
  if ('close' in req) return req;
  const { session, app, world } = ctx;
  // A guild the session does not see (not installed, another shard, unknown) gets no answer, as on the service.
  const guild = own(world.guilds, req.guildId);
  if (!guild || !guildsOf(world, app.id, session.shard).includes(guild)) return { dispatches: [] };
  const chunks = memberChunks(req, guild, app, session.intents);
  if (!chunks) return { dispatches: [] };
  const limited = isFullList(req) ? ctx.fullLists.check(app.id, req, ctx.now) : undefined;
  if (limited) return { dispatches: [{ t: 'RATE_LIMITED', d: limited }] };
  return { dispatches: chunks.map((c) => ({ t: 'GUILD_MEMBERS_CHUNK', d: c })) };
}
