/**
 * The handler, one at a time (handler-lock.ts), inside a store transaction:
 * what it changed is journaled to the data file before the answer is
 * written, and a handler that throws leaves no change behind. Gateway
 * dispatches and observer notes are held until the change is committed.
 */
import type { EventBus } from '../../gateway/events.js';
import type { Transaction } from '../../state/store.js';
import type { World } from '../../state/world.js';
import type { Limits } from '../../../wire/limits.js';
import type { Snowflake } from '../../../wire/snowflake.js';
import type { PipelineEnv } from '../exchange.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http-types.js';
import type { ServerOptions } from '../server-options.js';
import { lateWorld } from './late-world.js';

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

/**
 * The handler inside a store transaction. A synchronous handler (nearly
 * every one) is answered synchronously: no promise is made for it.
 */
function inTransaction(
  options: ServerOptions,
  route: Route,
  request: EmulatorRequest,
): EmulatorResponse | Promise<EmulatorResponse> {
  const tx = options.store.begin(request.method !== 'GET');
  options.events.hold();
  const call = new HandlerCall(tx.world, options);
  let out: EmulatorResponse | Promise<EmulatorResponse>;
  try {
    out = route.handler(request, call);
  } catch (err) {
    throw abort(options, tx, err);
  }
  if (out instanceof Promise)
    return out.then(
      (answer) => commit(options, tx, call, answer),
      (err) => {
        throw abort(options, tx, err);
      },
    );
  return commit(options, tx, call, out);
}

function commit(
  options: ServerOptions,
  tx: Transaction,
  call: HandlerCall,
  answer: EmulatorResponse,
): EmulatorResponse {
  try {
    tx.commit(call.dirty);
  } catch (err) {
    throw abort(options, tx, err);
  }
  options.events.flush();
  return answer;
}

/** A handler that threw after changing the world must not leave the change behind its error answer. */
function abort(options: ServerOptions, tx: Transaction, err: unknown): unknown {
  tx.rollback();
  options.events.discard();
  return err;
}

/** The handler's answer: a value when it ran at once (the lock was free and the handler synchronous), else a promise. */
export function runHandler(
  { lock, options }: PipelineEnv,
  route: Route,
  request: EmulatorRequest,
): EmulatorResponse | Promise<EmulatorResponse> {
  return lock.run(() => {
    const late = lateWorld(options.store, request);
    return late ? inRetiredWorld(options, route, request, late) : inTransaction(options, route, request);
  });
}

/**
 * A late request answered in the world a test runner's reset left behind (late-world.ts): in memory only, so
 * no transaction or journal; its dispatches go out as the current world's do.
 */
function inRetiredWorld(
  options: ServerOptions,
  route: Route,
  request: EmulatorRequest,
  world: World,
): EmulatorResponse | Promise<EmulatorResponse> {
  options.events.hold();
  const done = (answer: EmulatorResponse): EmulatorResponse => {
    options.events.flush(true);
    return { ...answer, retired: true };
  };
  const failed = (err: unknown): never => {
    options.events.discard();
    throw err;
  };
  try {
    const out = route.handler(request, new HandlerCall(world, options));
    return out instanceof Promise ? out.then(done, failed) : done(out);
  } catch (err) {
    return failed(err);
  }
}
