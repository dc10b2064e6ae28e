/**
 * The handler, one at a time (handler-lock.ts), inside a store transaction:
 * what it changed is journaled to the data file before the answer is
 * written, and a handler that throws leaves no change behind. Gateway
 * dispatches and observer notes are held until the change is committed.
 */
import type { EventBus } from '../../gateway/events.js';
import type { World } from '../../state/world.js';
import type { Limits } from '../../../wire/limits.js';
import type { Snowflake } from '../../../wire/snowflake.js';
import type { PipelineEnv } from '../exchange.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http-types.js';
import type { ServerOptions } from '../server-options.js';

/** What one handler call sees; `limits` is an extra the webhook routes read (webhook-access.ts limitsOf). */
class HandlerCall implements HandlerContext {
  readonly nextId: () => Snowflake;
  readonly now: () => number;
  readonly limits: Limits;
  readonly events: EventBus;
  /** The handler said it changed the world. */
  dirty = false;

  constructor(
    readonly world: World,
    options: ServerOptions,
  ) {
    this.nextId = options.nextId;
    this.now = options.now;
    this.limits = options.limits;
    this.events = options.events;
  }

  changed(): void {
    this.dirty = true;
  }
}

async function inTransaction(options: ServerOptions, route: Route, request: EmulatorRequest): Promise<EmulatorResponse> {
  const tx = options.store.begin(request.method !== 'GET');
  options.events.hold();
  const call = new HandlerCall(tx.world, options);
  let answer: EmulatorResponse;
  try {
    // Most handlers answer synchronously: no extra microtask turn for them.
    const out = route.handler(request, call);
    answer = out instanceof Promise ? await out : out;
    tx.commit(call.dirty);
  } catch (err) {
    // A handler that threw after changing the world must not leave the change behind its error answer.
    tx.rollback();
    options.events.discard();
    throw err;
  }
  options.events.flush();
  return answer;
}

export function runHandler({ lock, options }: PipelineEnv, route: Route, request: EmulatorRequest): Promise<EmulatorResponse> {
  return lock.run(() => inTransaction(options, route, request));
}
