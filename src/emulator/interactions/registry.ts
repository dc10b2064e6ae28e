/**
 * Interactions the emulator has delivered, and everything the application
 * answered: kept in memory only (an interaction token lives 15 minutes; a
 * restart forgets them as a service restart would end them), at most
 * `MAX_LIVE` at a time, the oldest dropped first.
 */
import { FIRST_ANSWER_MS, TOKEN_LIFETIME_MS } from '../../wire/interactions/callback.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { tokenMatches } from '../state/webhook-access.js';
import type { StoredMessage, World } from '../state/world.js';
import { OpenModals } from './modal-open.js';
import type { Obj } from '../../wire/rules/values.js';

export const MAX_LIVE = 1000;

/**
 * Where the emulator's waits for an application get their time (the 3 s
 * first answer, a deferred answer's edit, `--wait`): the process's timers,
 * or a test's clock that moves them on by hand (EmulatorOptions.timers).
 */
export interface Timers {
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const SYSTEM_TIMERS: Timers = {
  setTimeout: (fire, ms) => setTimeout(fire, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** One thing the application did with the interaction, in order: what `--json` prints. */
export interface Received {
  /** ms since delivery. */
  at: number;
  kind: 'callback' | 'followup' | 'edit-original' | 'delete-original' | 'edit-followup' | 'delete-followup';
  body: unknown;
}

export interface LiveInteraction {
  id: Snowflake;
  token: string;
  applicationId: Snowflake;
  /** 2 command, 4 autocomplete. */
  type: number;
  /** 2 chat input, 3 user, 4 message… the command's type, for the response message's type. */
  commandType: number;
  commandName: string;
  userId: Snowflake;
  guildId?: Snowflake;
  channelId: Snowflake;
  payload: Obj;
  createdAt: number;
  /** The first answer's callback type, once answered. */
  answeredWith?: number;
  callbackData?: unknown;
  original?: StoredMessage;
  /** The original as it was when the application deleted it (`delete_after`): a test runner can tell "gone" from "never sent". */
  deletedOriginal?: StoredMessage;
  followups: StoredMessage[];
  received: Received[];
  /**
   * A component's interaction or a modal submit: the message the component is on (6 and 7 change it), what its
   * answers' `interaction_metadata` adds (facts §6.4), and for a form a command opened, that command's name.
   */
  component?: { messageId?: Snowflake; metadata: Obj; openedBy?: string };
  /** Told of every change (registry.ts `when`, `quietFor`): what an invocation waiting for the answer listens to. */
  waiters: Set<() => void>;
  /**
   * Set once a test runner has gone back to its saved world (the next
   * scenario): the world this interaction was answered in. Its token stays
   * valid for its 15 minutes, as on the service; what the application does
   * with it from then on changes that world, not the one the next scenario
   * starts from.
   */
  retiredIn?: World;
}

export class InteractionRegistry {
  private readonly live = new Map<Snowflake, LiveInteraction>();
  /** The modals members have open (callback 9). */
  readonly modals = new OpenModals();
  /** Global command versions each user's client has loaded, by `${userId}:${commandId}` (read-repair). */
  private readonly seen = new Map<string, string>();

  constructor(
    private readonly now: () => number,
    readonly timers: Timers = SYSTEM_TIMERS,
  ) {}

  add(i: LiveInteraction): void {
    this.live.set(i.id, i);
    while (this.live.size > MAX_LIVE) this.live.delete(this.live.keys().next().value!);
  }

  /** Every live interaction, oldest first (a test runner's settling reads them). */
  all(): IterableIterator<LiveInteraction> {
    return this.live.values();
  }

  /** Forgets every interaction and open modal. */
  clear(): void {
    this.live.clear();
    this.modals.clear();
  }

  /**
   * A test runner's reset to its saved world: open modals are forgotten (a
   * member's screen starts afresh), but the interactions live on in `world`,
   * the world they were answered in, so a bot's late answer (a collector's
   * edit after its timeout) still works with its token as on the service.
   */
  retire(world: World): void {
    for (const i of this.live.values()) i.retiredIn ??= world;
    this.modals.clear();
  }

  get(id: Snowflake): LiveInteraction | undefined {
    return this.live.get(id);
  }

  /** By id and token: the callback route. Expired (15 min) counts as unknown. */
  byIdAndToken(id: string, token: string): LiveInteraction | undefined {
    const i = this.live.get(id);
    return i && tokenMatches(i.token, token) && !this.expired(i) ? i : undefined;
  }

  /** By application and token: the application webhook routes. */
  byToken(applicationId: string, token: string): LiveInteraction | 'expired' | undefined {
    for (const i of this.live.values()) {
      if (i.applicationId === applicationId && tokenMatches(i.token, token)) return this.expired(i) ? 'expired' : i;
    }
    return undefined;
  }

  expired(i: LiveInteraction): boolean {
    return this.now() - i.createdAt > TOKEN_LIFETIME_MS;
  }

  /** Interactions whose token still works (the web view's state panel). */
  liveCount(): number {
    let n = 0;
    for (const i of this.live.values()) if (!this.expired(i)) n++;
    return n;
  }

  /** The first answer is accepted only within 3 s of delivery. */
  firstAnswerLate(i: LiveInteraction): boolean {
    return this.now() - i.createdAt > FIRST_ANSWER_MS;
  }

  record(i: LiveInteraction, kind: Received['kind'], body: unknown): void {
    i.received.push({ at: this.now() - i.createdAt, kind, body });
    for (const wake of [...i.waiters]) wake();
  }

  seenVersion(userId: string, commandId: string): string | undefined {
    return this.seen.get(`${userId}:${commandId}`);
  }

  markSeen(userId: string, commandId: string, version: string): void {
    const key = `${userId}:${commandId}`;
    this.seen.delete(key);
    this.seen.set(key, version);
    if (this.seen.size > MAX_LIVE * 10) this.seen.delete(this.seen.keys().next().value!);
  }
}

/**
 * Resolves once `ready(i)` holds (checked now and on each of the
 * interaction's changes), or after `ms`: one promise and one timer, woken by
 * the change itself, never a loop.
 */
export function when(
  i: LiveInteraction,
  ready: (i: LiveInteraction) => boolean,
  ms: number,
  timers: Timers = SYSTEM_TIMERS,
): Promise<void> {
  if (ready(i) || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (ready(i)) done();
    };
    const done = () => {
      timers.clearTimeout(timer);
      i.waiters.delete(check);
      resolve();
    };
    const timer = timers.setTimeout(done, ms);
    i.waiters.add(check);
  });
}

/** Resolves once no change has come for `gapMs`, or after `ms`: what follows an answer arrives close behind it. */
export function quietFor(i: LiveInteraction, gapMs: number, ms: number, timers: Timers = SYSTEM_TIMERS): Promise<void> {
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      timers.clearTimeout(gap);
      timers.clearTimeout(deadline);
      i.waiters.delete(restart);
      resolve();
    };
    const restart = () => {
      timers.clearTimeout(gap);
      gap = timers.setTimeout(done, gapMs);
    };
    let gap = timers.setTimeout(done, Math.min(gapMs, ms));
    const deadline = timers.setTimeout(done, ms);
    i.waiters.add(restart);
  });
}
