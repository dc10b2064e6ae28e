/**
 * Delivering a built interaction and waiting for the application's answer:
 * the 3 s for a first callback, then what follows it (a deferred answer's
 * edit, follow-ups within `--wait`). An endpoint that is down or answers
 * 401 or 500 ends the wait at once; either way the cause of no answer (no
 * gateway session among them) is a typed value.
 */
import type { Limits } from '../../wire/limits.js';
import { CallbackType, FIRST_ANSWER_MS } from '../../wire/interactions/callback.js';
import type { NoResponse } from '../../wire/interactions/delivery.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import type { Application, World } from '../state/world.js';
import { applyCallback } from './answer.js';
import { deliverGateway, deliverHttp, type HttpAnswer } from './deliver.js';
import { quietFor, when, type InteractionRegistry, type LiveInteraction } from './registry.js';
import { MessageFlag } from '../../wire/enums.js';
import type { Obj } from '../../wire/rules/values.js';

/** Without --wait, a deferred answer is awaited this long for its edit (a slow command's usual time). */
export const DEFERRED_WAIT_S = 10;
/** After a deferred answer's edit, follow-ups sent right behind it are collected while they keep coming this close together. */
export const SETTLE_MS = 300;

export interface AwaitEnv {
  world(): World;
  registry: InteractionRegistry;
  events: EventBus;
  nextId(): Snowflake;
  now(): number;
  limits: Limits;
  /** Whether a connected gateway session of the application would receive its INTERACTION_CREATE; absent = assume one. */
  hasSessionFor?(applicationId: Snowflake, guildId?: Snowflake): boolean;
  /** Runs a change to the world as one write (journalled with a data file), as a request's handler would. */
  write<T>(change: (world: World) => T): T;
}

export interface Delivered {
  /** The endpoint's HTTP answer (HTTP delivery). */
  endpoint?: { status?: number; error?: string };
  /** Why nothing was answered; absent when the application answered. */
  cause?: NoResponse;
}

/** The cause the endpoint's answer shows at once, before any wait; undefined when a callback may still come. */
function endpointCause(answer: HttpAnswer, refusal: string | undefined): NoResponse | undefined {
  if (answer.timedOut) return { kind: 'endpoint-timeout' };
  if (answer.notCallback !== undefined) return { kind: 'not-a-callback', what: answer.notCallback };
  if (answer.error !== undefined) return { kind: 'endpoint-unreachable', error: answer.error };
  if (answer.status === 401) return { kind: 'signature-rejected' };
  if (refusal !== undefined) return { kind: 'bad-callback', message: refusal };
  if (answer.status !== undefined && (answer.status < 200 || answer.status > 299))
    return { kind: 'endpoint-error', status: answer.status };
  return undefined;
}

/** An HTTP delivery: the endpoint's answer (an inline callback is applied), and the cause of no answer it shows at once. */
async function deliverOverHttp(
  env: AwaitEnv,
  app: Application,
  live: LiveInteraction,
): Promise<Delivered & { early?: NoResponse }> {
  const answer = await deliverHttp(app, live.payload, FIRST_ANSWER_MS, env.now() / 1000);
  const endpoint = answer.error ? { error: answer.error } : { status: answer.status! };
  let refusal: string | undefined;
  // An inline answer (200 with a callback body) is the callback; 202/204 means the app used the callback route.
  if (
    answer.status === 200 &&
    typeof answer.body === 'object' &&
    answer.body !== null &&
    live.answeredWith === undefined
  ) {
    // Through the store, so an inline answer is kept in the data file like every other message.
    const r = env.write((world) =>
      applyCallback(
        env.registry,
        { world, nextId: env.nextId, now: env.now, limits: env.limits, events: env.events },
        live,
        answer.body,
        [],
        false,
      ),
    );
    if (r.status >= 400) refusal = (r.body as { message?: string } | undefined)?.message ?? `HTTP ${r.status}`;
  }
  const early = live.answeredWith === undefined ? endpointCause(answer, refusal) : undefined;
  return early ? { endpoint, early } : { endpoint };
}

const answered = (live: LiveInteraction): boolean => live.answeredWith !== undefined;

/**
 * Delivers the interaction and awaits its first answer: a promise that
 * settles when the callback arrives or the 3 s pass (or at once, when the
 * endpoint's own answer shows none will come). The cause when none came.
 */
export async function deliverAndAwait(env: AwaitEnv, app: Application, live: LiveInteraction): Promise<Delivered> {
  let endpoint: Delivered['endpoint'];
  let early: NoResponse | undefined;
  if (app.interactionsEndpointUrl) ({ endpoint, early } = await deliverOverHttp(env, app, live));
  // Without a session nobody receives it; the 3 s are waited all the same, as an observer of the
  // event bus (a test driving a bot directly) may answer.
  else deliverGateway(env.events, app, live.payload);
  if (early === undefined)
    await when(live, answered, FIRST_ANSWER_MS - (env.now() - live.createdAt), env.registry.timers);
  if (answered(live)) return endpoint ? { endpoint } : {};
  const noSession = !app.interactionsEndpointUrl && env.hasSessionFor?.(app.id, live.guildId) === false;
  const cause: NoResponse = early ?? (noSession ? { kind: 'no-session' } : { kind: 'no-callback' });
  return { endpoint, cause };
}

/** A deferred answer's edit has come (the loading message became the answer), or the original was deleted instead. */
function deferredSettled(live: LiveInteraction): boolean {
  if (live.original === undefined) return live.received.some((r) => r.kind === 'delete-original');
  const m = live.original.message as Obj;
  return ((m.flags as number) & MessageFlag.LOADING) === 0;
}

/**
 * After the first answer: with `waitSeconds`, everything that arrives within
 * it; without, a deferred answer's edit (up to DEFERRED_WAIT_S) and the
 * follow-ups sent right behind it.
 */
export async function collectAfterAnswer(
  env: Pick<AwaitEnv, 'now' | 'registry'>,
  live: LiveInteraction,
  waitSeconds: number | undefined,
): Promise<void> {
  const { timers } = env.registry;
  if (waitSeconds !== undefined) return new Promise<void>((resolve) => timers.setTimeout(resolve, waitSeconds * 1000));
  if (live.answeredWith !== CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE) return;
  const until = env.now() + DEFERRED_WAIT_S * 1000;
  await when(live, deferredSettled, DEFERRED_WAIT_S * 1000, timers);
  if (live.original === undefined) return;
  // Settle: follow-ups sent right behind the edit arrive within moments of it.
  await quietFor(live, SETTLE_MS, until - env.now(), timers);
}
