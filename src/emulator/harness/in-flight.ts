/**
 * What is going on inside the emulator, for a runner that must know when a
 * bot has finished reacting: API requests being handled (counted from the
 * server's `request` event to the response's end, so the pipeline in http/
 * is untouched), the runner's own actions (an invocation awaiting its
 * answer), and the moment anything last happened (a request, a note, a
 * dispatch).
 */
import type { Server } from 'node:http';
import type { EventBus } from '../gateway/events.js';
import { API_PREFIX } from '../http/server.js';

const API_ROOT = API_PREFIX.replace(/\/v\d+$/, '/');
/** An interaction's first answer over REST (how a gateway bot answers): `/api[/vN]/interactions/{id}/{token}/callback`. */
const CALLBACK = /\/interactions\/\d+\/[^/]+\/callback(?:\?|$)/;

export class InFlight {
  private requests = 0;
  private actions = 0;
  /** API requests begun in all, and as the runner's latest action began: whether the bot has made a request since. */
  private begun = 0;
  private begunAtAction = 0;
  /** Of those, first answers to interactions (callback routes). */
  private callbacks = 0;
  private callbacksAtAction = 0;
  private last: number = performance.now();
  /** Everything that happened, counted: whether anything did between two readings. */
  private touches = 0;
  private readonly detach: Array<() => void> = [];
  /** Told once of the next thing that happens: a runner reading an expectation again as the world changes. */
  private readonly waiters = new Set<() => void>();

  constructor(server: Server, events: EventBus) {
    const onRequest = (req: { url?: string }, res: NodeJS.EventEmitter) => {
      // The web view's streams stay open for ever: only the API counts.
      if (!req.url?.startsWith(API_ROOT)) return;
      this.requests++;
      this.begun++;
      if (CALLBACK.test(req.url)) this.callbacks++;
      this.touch();
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        this.requests--;
        this.touch();
      };
      res.once('finish', end);
      res.once('close', end);
    };
    server.prependListener('request', onRequest);
    this.detach.push(() => server.off('request', onRequest));
    this.detach.push(events.observe(() => this.touch()));
    this.detach.push(events.subscribe(() => this.touch()));
  }

  touch(): void {
    this.touches++;
    this.last = performance.now();
    if (this.waiters.size === 0) return;
    const woken = [...this.waiters];
    this.waiters.clear();
    for (const wake of woken) wake();
  }

  /** Resolves at the next thing that happens (a request begun or ended, a note, a dispatch, an action's end), or after `ms`. */
  nextChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      this.waiters.add(wake);
    });
  }

  /** Counts `work` as in flight until it settles (an invocation awaiting the bot's answer). */
  async track<T>(work: Promise<T>): Promise<T> {
    this.actions++;
    this.begunAtAction = this.begun;
    this.callbacksAtAction = this.callbacks;
    this.touch();
    try {
      return await work;
    } finally {
      this.actions--;
      this.touch();
    }
  }

  /** How many things have happened so far (requests begun and ended, notes, dispatches, actions). */
  get happened(): number {
    return this.touches;
  }

  get busy(): boolean {
    return this.requests > 0 || this.actions > 0;
  }

  /** API requests begun since the runner's latest action began (a gateway bot's callback, an edit, a follow-up, a message). */
  get requestsSinceAction(): number {
    return this.begun - this.begunAtAction;
  }

  /** Requests since the latest action began other than first answers through the callback route: what a bot did beyond answering. */
  get otherRequestsSinceAction(): number {
    return this.requestsSinceAction - (this.callbacks - this.callbacksAtAction);
  }

  /** ms since anything last happened. */
  get idleMs(): number {
    return performance.now() - this.last;
  }

  close(): void {
    for (const d of this.detach) d();
  }
}
