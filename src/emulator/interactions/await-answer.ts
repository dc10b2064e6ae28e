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
import { nextChange, type InteractionRegistry, type LiveInteraction } from './registry.js';
import { MessageFlag } from '../../wire/enums.js';

type Obj = Record<string, unknown>;

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
  if (answer.error !== undefined) return { kind: 'endpoint-unreachable', error: answer.error };
  if (answer.status === 401) return { kind: 'signature-rejected' };
  if (refusal !== undefined) return { kind: 'bad-callback', message: refusal };
  if (answer.status !== undefined && (answer.status < 200 || answer.status > 299)) return { kind: 'endpoint-error', status: answer.status };
  return undefined;
}

/** Sends the interaction and waits up to the 3 s for its first answer; the cause when none came. */
export async function deliverAndAwait(env: AwaitEnv, app: Application, live: LiveInteraction): Promise<Delivered> {
  let endpoint: Delivered['endpoint'];
  let early: NoResponse | undefined;
  if (app.interactionsEndpointUrl) {
    const answer = await deliverHttp(app, live.payload, FIRST_ANSWER_MS, env.now() / 1000);
    endpoint = answer.error ? { error: answer.error } : { status: answer.status! };
    let refusal: string | undefined;
    // An inline answer (200 with a callback body) is the callback; 202/204 means the app used the callback route.
    if (answer.status === 200 && typeof answer.body === 'object' && answer.body !== null && live.answeredWith === undefined) {
      // Through the store, so an inline answer is kept in the data file like every other message.
      const r = env.write((world) =>
        applyCallback(env.registry, { world, nextId: env.nextId, now: env.now, limits: env.limits, events: env.events }, live, answer.body, [], false),
      );
      if (r.status >= 400) refusal = (r.body as { message?: string } | undefined)?.message ?? `HTTP ${r.status}`;
    }
    if (live.answeredWith === undefined) early = endpointCause(answer, refusal);
  } else {
    // Without a session nobody receives it; the 3 s are waited all the same, as an observer of the
    // event bus (a test driving a bot directly) may answer.
    deliverGateway(env.events, app, live.payload);
  }
  while (early === undefined && live.answeredWith === undefined && env.now() - live.createdAt < FIRST_ANSWER_MS)
    await nextChange(live, FIRST_ANSWER_MS - (env.now() - live.createdAt));
  if (live.answeredWith !== undefined) return endpoint ? { endpoint } : {};
  const noSession = !app.interactionsEndpointUrl && env.hasSessionFor?.(app.id, live.guildId) === false;
  const cause: NoResponse = early ?? (noSession ? { kind: 'no-session' } : { kind: 'no-callback' });
  return { ...(endpoint ? { endpoint } : {}), cause };
}

function loading(live: LiveInteraction): boolean {
  const m = live.original?.message as Obj | undefined;
  return m !== undefined && ((m.flags as number) & MessageFlag.LOADING) !== 0;
}

/**
 * After the first answer: with `waitSeconds`, everything that arrives within
 * it; without, a deferred answer's edit (up to DEFERRED_WAIT_S) and the
 * follow-ups sent right behind it.
 */
export async function collectAfterAnswer(env: Pick<AwaitEnv, 'now'>, live: LiveInteraction, waitSeconds: number | undefined): Promise<void> {
  if (waitSeconds !== undefined) {
    const until = env.now() + waitSeconds * 1000;
    while (env.now() < until) await nextChange(live, until - env.now());
    return;
  }
  if (live.answeredWith !== CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE) return;
  const until = env.now() + DEFERRED_WAIT_S * 1000;
  while (env.now() < until && (live.original === undefined || loading(live))) {
    if (live.original === undefined && live.received.some((r) => r.kind === 'delete-original')) return;
    await nextChange(live, until - env.now());
  }
  // Settle: follow-ups sent right behind the edit arrive within moments of it.
  let last = live.received.length;
  while (env.now() < until) {
    await nextChange(live, Math.min(SETTLE_MS, until - env.now()));
    if (live.received.length === last) return;
    last = live.received.length;
  }
}
