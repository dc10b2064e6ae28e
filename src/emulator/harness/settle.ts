/**
 * Settling: a bot has finished reacting once nothing is in flight (no API
 * request being handled, no action of the runner's awaiting its answer, no
 * interaction awaiting its first answer or a deferred answer's edit) and
 * nothing has happened for a quiet period. Bounded: a bot that keeps busy
 * does not hold the run for ever.
 */
import { CallbackType, FIRST_ANSWER_MS, isFinalAnswer } from '../../wire/interactions/callback.js';
import { MessageFlag } from '../../wire/enums.js';
import type { InteractionRegistry, LiveInteraction } from '../interactions/registry.js';
import type { InFlight } from './in-flight.js';

export interface SettleOptions {
  /** How long nothing must happen. Default 200 ms: on a loaded 2-core machine a bot took over 100 ms between a deferred edit and the follow-up right behind it. */
  quietMs?: number;
  /** The bound. Default 5 s. */
  maxMs?: number;
  /** false: what interactions still owe (a deferred answer's edit) is not waited for, only requests in flight and the quiet. */
  owed?: boolean;
}

export const DEFAULT_QUIET_MS = 200;
export const DEFAULT_SETTLE_MAX_MS = 5_000;
/** A deferred update (6) may be all the bot means to do: its edit is awaited as long as a first answer. */
const DEFERRED_UPDATE_EDIT_MS = FIRST_ANSWER_MS;

/** The interaction still owes the member something the bot is expected to send. */
export function awaiting(i: LiveInteraction, now: number, expired: boolean): boolean {
  if (expired) return false;
  const age = now - i.createdAt;
  if (i.answeredWith === undefined) return age < FIRST_ANSWER_MS;
  if (i.answeredWith === CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE) {
    const flags = (i.original?.message.flags as number | undefined) ?? 0;
    return i.original !== undefined && (flags & MessageFlag.LOADING) !== 0;
  }
  if (i.answeredWith === CallbackType.DEFERRED_UPDATE_MESSAGE)
    return age < DEFERRED_UPDATE_EDIT_MS && !i.received.some((r) => r.kind === 'edit-original');
  return false;
}

export function interactionsAwaiting(registry: InteractionRegistry, now: number): number {
  let n = 0;
  // An earlier scenario's interaction is not this one's to wait for: its late answer is attributed to that scenario.
  for (const i of registry.all()) if (i.retiredIn === undefined && awaiting(i, now, registry.expired(i))) n++;
  return n;
}

/**
 * The quiet period once the runner's interaction has its final answer (a
 * message, an update, choices, a modal) and the bot has made no request
 * since the action began but that answer (an HTTP bot's in its delivery's
 * response, a gateway bot's through the callback route): a bot that means
 * to do more (an edit, a follow-up) starts it as it answers, so a short wait
 * sees it, and from its first other request on the full quiet period
 * applies again.
 */
export const ANSWERED_QUIET_MS = 25;
export function answeredFinally(registry: InteractionRegistry, interactionId: string): boolean {
  const answer = registry.get(interactionId)?.answeredWith;
  return answer !== undefined && isFinalAnswer(answer);
}

/** Resolves true once settled, false when the bound came first. `answered`: the runner's interaction has its final answer (see ANSWERED_QUIET_MS). */
export async function settle(
  inFlight: InFlight,
  pending: () => number,
  options: SettleOptions = {},
  answered?: () => boolean,
): Promise<boolean> {
  const fullQuietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  const maxMs = options.maxMs ?? DEFAULT_SETTLE_MAX_MS;
  const start = performance.now();
  for (;;) {
    const quietMs =
      inFlight.otherRequestsSinceAction === 0 && answered?.() ? Math.min(fullQuietMs, ANSWERED_QUIET_MS) : fullQuietMs;
    const busy = inFlight.busy || pending() > 0;
    const idle = inFlight.idleMs;
    if (!busy && idle >= quietMs) return true;
    const left = maxMs - (performance.now() - start);
    if (left <= 0) return false;
    // Busy: look again soon (what ends it is a request's end or an answer); quiet: wake when the period would end.
    await sleep(Math.min(left, busy ? 5 : Math.max(1, quietMs - idle)));
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
