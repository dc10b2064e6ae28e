/**
 * What the member control routes share: the body as an object, the channel
 * and member it names (ids or names, names.ts), the act run in one
 * transaction whose events go out only if it commits, and the service's
 * answer as a response.
 */
import { ErrorAnswers } from '../../wire/error-answers.js';
import type { Limits } from '../../wire/limits.js';
import type { ChannelError } from '../../wire/messages/index.js';
import type { Problem } from '../../wire/problem.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import { formErrorResponse } from '../http/form-errors.js';
import type { EmulatorResponse } from '../http/http-types.js';
import { resolveNames } from '../state/names.js';
import type { Store } from '../state/store.js';
import type { World } from '../state/world.js';

export interface MemberControlEnv {
  store: Store;
  events: EventBus;
  nextId(): Snowflake;
  now(): number;
  limits: Limits;
}

export type ActOutcome =
  | { ok: true; body?: unknown }
  | { ok: false; error: ChannelError; problems?: Problem[]; why?: string };

export const bodyOf = (body: unknown): Obj | undefined => (isObject(body) ? body : undefined);

export const badRequest = (message: string): EmulatorResponse => ({ status: 400, body: { message } });

/** The channel and member a body names, as ids; a 400 naming what is wrong. */
export function memberInChannel(
  env: MemberControlEnv,
  b: Obj,
): { channelId: Snowflake; userId: Snowflake } | EmulatorResponse {
  if (typeof b.channelId !== 'string' || typeof b.userId !== 'string')
    return badRequest('Name the channel and the member: { "channelId", "userId", … }');
  const named = resolveNames(
    env.store.world,
    { channelId: b.channelId, userId: b.userId },
    env.store.meta.defaultGuildId,
  );
  if ('problem' in named) return badRequest(named.problem);
  return { channelId: named.channelId!, userId: named.userId! };
}

/** Runs `act` on the world in a transaction: kept, and its events sent, only when it succeeds. */
export function inTransaction(env: MemberControlEnv, act: (world: World) => ActOutcome): EmulatorResponse {
  const tx = env.store.begin(true);
  env.events.hold();
  let result: ActOutcome;
  try {
    result = act(tx.world);
  } catch (err) {
    tx.rollback();
    env.events.discard();
    throw err;
  }
  if (!result.ok) {
    tx.rollback();
    env.events.discard();
    return refusal(result);
  }
  tx.commit(false);
  env.events.flush();
  return result.body === undefined ? { status: 204 } : { status: 200, body: result.body };
}

function refusal(result: Extract<ActOutcome, { ok: false }>): EmulatorResponse {
  const form =
    result.error.code === ErrorAnswers.invalidFormBody.code ? formErrorResponse(result.problems ?? []) : undefined;
  const message = result.why ? `${result.error.message}: ${result.why}` : result.error.message;
  return form ?? { status: result.error.status, body: { code: result.error.code, message } };
}
