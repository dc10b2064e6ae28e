/**
 * The control route for a member's messages (loopback, control token, like
 * the rest of /__emulator):
 *   POST   /__emulator/messages   { "channelId", "userId", "content", "embeds"?, … }   a member says something
 *   POST   /__emulator/messages   { "dm": true, "userId", "applicationId"?, "content", … }   writes to the bot in their DM
 *   PATCH  /__emulator/messages   { "channelId", "messageId", "userId", "content" }   edits their own message
 *   DELETE /__emulator/messages   { "channelId", "messageId", "userId" }              deletes a message
 *   PUT    /__emulator/reactions  { "channelId", "messageId", "userId", "emoji" }     reacts (a unicode emoji)
 *   DELETE /__emulator/reactions  { "channelId", "messageId", "userId", "emoji" }     takes the reaction back
 * The channel and the member are ids or names (names.ts). Answers 200 with
 * the message (204 for a delete), or the service's refusal ({ code, message }).
 */
import type { EmulatorResponse } from '../http/http-types.js';
import { deleteAsMember, editAsMember, reactAsMember } from '../models/member-acts.js';
import { postAsMember } from '../models/message-member.js';
import { postInDm } from '../models/dm.js';
import { resolveNames } from '../state/names.js';
import { own } from '../state/own.js';
import { ChannelErrors } from '../../wire/messages/index.js';
import type { Obj } from '../../wire/rules/values.js';
import { badRequest, bodyOf, inTransaction, memberInChannel, type MemberControlEnv } from './control-acts.js';

export const MESSAGES_CONTROL_PATH = '/messages';
export const REACTIONS_CONTROL_PATH = '/reactions';

export type MessageControlEnv = MemberControlEnv;

/** A member writes to a bot (the default application's, or `applicationId`) in their DM, opened on first use. */
function memberSayInDm(env: MessageControlEnv, b: Obj): EmulatorResponse {
  if (typeof b.userId !== 'string') return badRequest('Send { "dm": true, "userId", "content", … }');
  const refs = { userId: b.userId, ...(typeof b.applicationId === 'string' ? { applicationId: b.applicationId } : {}) };
  const named = resolveNames(env.store.world, refs, env.store.meta.defaultGuildId);
  if ('problem' in named) return badRequest(named.problem);
  const appId = named.applicationId ?? env.store.meta.defaultApplicationId;
  const { dm: _d, userId: _u, applicationId: _a, ...message } = b;
  return inTransaction(env, (world) => {
    const app = own(world.applications, appId);
    if (!app) return { ok: false, error: ChannelErrors.unknownUser, why: `no application ${appId}` };
    const result = postInDm(world, app, named.userId, message, env);
    return result.ok ? { ok: true, body: result.stored.message } : result;
  });
}

/** A member's post (the control route's body): the service's answer as a response. Also `RunningEmulator.say`, for callers in this process. */
export function memberSay(env: MessageControlEnv, body: unknown): EmulatorResponse {
  const b = bodyOf(body);
  if (b?.dm === true) return memberSayInDm(env, b);
  if (!b || typeof b.channelId !== 'string' || typeof b.userId !== 'string')
    return badRequest('Send { "channelId", "userId", "content", … } (or { "dm": true, "userId", "content", … })');
  const at = memberInChannel(env, b);
  if ('status' in at) return at;
  const { channelId: _c, userId: _u, ...message } = b;
  return inTransaction(env, (world) => {
    const result = postAsMember(world, at.channelId, at.userId, message, env);
    return result.ok ? { ok: true, body: result.stored.message } : result;
  });
}

/** A member edits (PATCH) the text of their own message, or deletes (DELETE) a message. */
export function memberChange(env: MessageControlEnv, method: 'PATCH' | 'DELETE', body: unknown): EmulatorResponse {
  const b = bodyOf(body);
  const fields =
    method === 'PATCH' ? '"channelId", "messageId", "userId", "content"' : '"channelId", "messageId", "userId"';
  if (!b || typeof b.messageId !== 'string' || (method === 'PATCH' && typeof b.content !== 'string'))
    return badRequest(`Send { ${fields} }`);
  const at = memberInChannel(env, b);
  if ('status' in at) return at;
  const where = { ...at, messageId: b.messageId };
  return inTransaction(env, (world) => {
    const result =
      method === 'PATCH' ? editAsMember(world, where, b.content as string, env) : deleteAsMember(world, where, env);
    if (!result.ok) return result;
    return method === 'PATCH' ? { ok: true, body: result.stored.message } : { ok: true };
  });
}

/** A member reacts (PUT) or takes their reaction back (DELETE). */
export function memberReact(env: MessageControlEnv, method: 'PUT' | 'DELETE', body: unknown): EmulatorResponse {
  const b = bodyOf(body);
  if (!b || typeof b.messageId !== 'string' || typeof b.emoji !== 'string')
    return badRequest('Send { "channelId", "messageId", "userId", "emoji" }');
  const at = memberInChannel(env, b);
  if ('status' in at) return at;
  const where = { ...at, messageId: b.messageId };
  return inTransaction(env, (world) => {
    const result = reactAsMember(world, where, b.emoji as string, method === 'PUT', env);
    return result.ok ? { ok: true } : result;
  });
}

export function messageControl(
  env: MessageControlEnv,
): (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined {
  return (method, path, body) => {
    if (path === REACTIONS_CONTROL_PATH) {
      if (method === 'PUT' || method === 'DELETE') return Promise.resolve(memberReact(env, method, body));
      return Promise.resolve({ status: 405, body: { message: 'Method not allowed' } });
    }
    if (path !== MESSAGES_CONTROL_PATH) return undefined;
    if (method === 'POST') return Promise.resolve(memberSay(env, body));
    if (method === 'PATCH' || method === 'DELETE') return Promise.resolve(memberChange(env, method, body));
    return Promise.resolve({ status: 405, body: { message: 'Method not allowed' } });
  };
}
