/**
 * The control route for a member's message (loopback, control token, like
 * the rest of /__emulator):
 *   POST /__emulator/messages   { "channelId", "userId", "content", "embeds"?, … }   a member says something
 * The channel and the member are ids or names (names.ts).
 * Answers 200 with the message, or the service's refusal ({ code, message }).
 */
import { ErrorAnswers } from '../../wire/error-answers.js';
import type { Limits } from '../../wire/limits.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import { formErrorResponse } from '../http/form-errors.js';
import type { EmulatorResponse } from '../http/http-types.js';
import { postAsMember } from '../models/message-member.js';
import { resolveNames } from '../state/names.js';
import type { Store } from '../state/store.js';
import type { Obj } from '../../wire/rules/values.js';

export const MESSAGES_CONTROL_PATH = '/messages';

export interface MessageControlEnv {
  store: Store;
  events: EventBus;
  nextId(): Snowflake;
  now(): number;
  limits: Limits;
}

/** A member's post (the control route's body): the service's answer as a response. Also `RunningEmulator.say`, for callers in this process. */
export function memberSay(env: MessageControlEnv, body: unknown): EmulatorResponse {
  const b = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Obj) : undefined;
  if (!b || typeof b.channelId !== 'string' || typeof b.userId !== 'string')
    return { status: 400, body: { message: 'Send { "channelId", "userId", "content", … }' } };
  const { channelId: channelRef, userId: userRef, ...message } = b;
  // A channel and a member may be named (`general`, `@bob`), as `cmdsync invoke` takes them.
  const named = resolveNames(
    env.store.world,
    { channelId: channelRef as string, userId: userRef as string },
    env.store.meta.defaultGuildId,
  );
  if ('problem' in named) return { status: 400, body: { message: named.problem } };
  const channelId = named.channelId!;
  const userId = named.userId!;
  const tx = env.store.begin(true);
  env.events.hold();
  let result: ReturnType<typeof postAsMember>;
  try {
    result = postAsMember(tx.world, channelId, userId, message, {
      nextId: env.nextId,
      now: env.now,
      limits: env.limits,
      events: env.events,
    });
  } catch (err) {
    tx.rollback();
    env.events.discard();
    throw err;
  }
  tx.commit(false);
  env.events.flush();
  if (result.ok) return { status: 200, body: result.stored.message };
  const form =
    result.error.code === ErrorAnswers.invalidFormBody.code ? formErrorResponse(result.problems ?? []) : undefined;
  return form ?? { status: result.error.status, body: { code: result.error.code, message: result.error.message } };
}

export function messageControl(
  env: MessageControlEnv,
): (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined {
  return (method, path, body) => {
    if (path !== MESSAGES_CONTROL_PATH) return undefined;
    if (method !== 'POST') return Promise.resolve({ status: 405, body: { message: 'Method not allowed' } });
    return Promise.resolve(memberSay(env, body));
  };
}
