/**
 * What a test runner needs of a running emulator beyond what a member can
 * do: a saved point to return to before each scenario, a clock it moves,
 * knowing when the bot has settled, and what an interaction came to once it
 * has. The bot's gateway sessions, ids and tokens outlive a restore: only
 * the world (messages, commands, permissions, state) and what lives beside
 * it (open modals, fault rules, the clock's offset) go back. Interactions
 * keep their tokens for their 15 minutes, answered in the world they were
 * delivered in (registry.ts `retire`).
 */
import type { Snowflake } from '../../wire/snowflake.js';
import type { FaultController } from '../http/faults.js';
import type { InteractionRegistry } from '../interactions/registry.js';
import { provisionWorld, type ProvisionRequest } from '../state/provision.js';
import type { Store } from '../state/store.js';
import type { World } from '../state/world.js';
import type { AdvancingClock } from './clock.js';
import type { InFlight } from './in-flight.js';
import { answeredFinally, awaiting, interactionsAwaiting, settle, type SettleOptions } from './settle.js';
import type { Obj } from '../../wire/rules/values.js';

export type { SettleOptions } from './settle.js';

/** An interaction's answers as they stand: the original (a reply or the updated message) and follow-ups, each as the channel now holds it. */
export interface InteractionAnswers {
  /** The interaction's type (2 command, 3 component, 4 autocomplete, 5 modal submit). */
  type: number;
  callbackType?: number;
  original?: Obj;
  followups: Obj[];
  /** The message the component was on, as it now is. */
  message?: Obj;
  /** Which of these messages are no longer in the channel (deleted: each is given as it last was). */
  deleted: Snowflake[];
}

export interface EmulatorHarness {
  /** Saves the world as it is now: the point `restore` returns to. */
  save(): void;
  /** Back to the saved world: messages, permissions and state as saved; open modals and fault rules forgotten; earlier interactions answered in the world they left (`retire`); the clock's offset back to 0. */
  restore(): void;
  /** Moves the emulator's clock forward (token expiry). */
  advance(ms: number): void;
  /** The emulator's clock (ms since the epoch): what timeouts and token expiry are judged by. */
  now(): number;
  /**
   * Resolves true once nothing is in flight and nothing happened for the quiet period, false when the bound came first.
   * `interactionId`, the runner's action's interaction: once it has its final answer in its delivery's response and the bot made no request since, a short quiet period suffices.
   */
  settled(options?: SettleOptions, interactionId?: Snowflake): Promise<boolean>;
  /**
   * Nothing in flight (no request of the bot being handled, no action of the runner's) and the interaction, when
   * given, owes nothing it is expected to send (a deferred answer its edit): a reading taken now is not mid-change.
   */
  calm(interactionId?: Snowflake): boolean;
  /** A count of what has happened in the emulator: two readings differ when anything happened between them. */
  activity(): number;
  /** Resolves at the next thing that happens in the emulator (a request begun or ended, a message, a dispatch), or after `ms`. */
  changed(ms: number): Promise<void>;
  /** Counts an action of the runner's as in flight until it settles. */
  track<T>(work: Promise<T>): Promise<T>;
  /** The application has a gateway session identified (a gateway bot is ready). */
  connected(applicationId: Snowflake): boolean;
  /** What the interaction came to, read from the world now. */
  answers(interactionId: Snowflake): InteractionAnswers | undefined;
  /**
   * Adds to the world what `want` names and it lacks (guilds with the
   * application installed, channels), as `plan --emulator` does to its data
   * file: a manifest naming real ids runs unchanged. Before `save`, so a
   * restore keeps them. Whether anything was added.
   */
  provision(want: ProvisionRequest): boolean;
}

export class HarnessError extends Error {
  readonly code = 'EMULATOR_HARNESS';
}

interface Parts {
  store: Store;
  registry: InteractionRegistry;
  faults: FaultController;
  clock: AdvancingClock;
  inFlight: InFlight;
  nextId(): Snowflake;
  hasSessionFor(applicationId: Snowflake): boolean;
}

export function emulatorHarness({
  store,
  registry,
  faults,
  clock,
  inFlight,
  nextId,
  hasSessionFor,
}: Parts): EmulatorHarness {
  let saved: World | undefined;
  const current = (m: { id: Snowflake; message: Obj } | undefined): Obj | undefined =>
    m ? (store.world.messages[m.id]?.message ?? m.message) : undefined;
  return {
    save() {
      if (store.file) throw new HarnessError('a saved point is kept in memory: start the emulator without a data file');
      saved = structuredClone(store.world);
    },
    restore() {
      if (!saved) throw new HarnessError('nothing saved to restore');
      const world = structuredClone(saved);
      // A new serial: whatever cached the world by it (ETags, the view) reads it again.
      world.serial = store.world.serial + 1;
      registry.retire(store.world);
      store.retired = store.world;
      store.world = world;
      faults.clear();
      clock.reset();
      inFlight.touch();
    },
    advance: (ms) => clock.advance(ms),
    now: () => clock.now(),
    settled: (options, interactionId) =>
      settle(
        inFlight,
        () => (options?.owed === false ? 0 : interactionsAwaiting(registry, clock.now())),
        options,
        interactionId !== undefined ? () => answeredFinally(registry, interactionId) : undefined,
      ),
    calm(interactionId) {
      if (inFlight.busy) return false;
      const live = interactionId !== undefined ? registry.get(interactionId) : undefined;
      return live === undefined || !awaiting(live, clock.now(), registry.expired(live));
    },
    changed: (ms) => inFlight.nextChange(ms),
    activity: () => inFlight.happened,
    track: (work) => inFlight.track(work),
    connected: (applicationId) => hasSessionFor(applicationId),
    answers(interactionId) {
      const live = registry.get(interactionId);
      if (!live) return undefined;
      const messageId = live.component?.messageId;
      const first = live.original ?? live.deletedOriginal;
      const original = first && first.id !== messageId ? current(first) : undefined;
      const message = messageId !== undefined ? store.world.messages[messageId]?.message : undefined;
      const shown = [...(first && original ? [first] : []), ...live.followups];
      return {
        type: live.type,
        callbackType: live.answeredWith,
        original,
        followups: live.followups.map((f) => current(f)!),
        message,
        deleted: shown.filter((m) => store.world.messages[m.id] === undefined).map((m) => m.id),
      };
    },
    provision: (want) => provisionWorld(store.world, want, nextId, clock.now()),
  };
}
