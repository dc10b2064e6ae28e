/**
 * What running a step gives back (`Acted`), shared by the steps that reach
 * the bot through an interaction (steps.ts) and through what a member does
 * (member-steps.ts).
 */
import type { EmulatorHarness, RunningEmulator } from '../../emulator/index.js';
import type { Observed } from '../model.js';
import type { BotClockState } from './bot-clock.js';
import type { NotReady } from './ready.js';
import type { StepMark } from './caused.js';

export interface StepContext {
  emulator: RunningEmulator;
  harness: EmulatorHarness;
  applicationId: string;
  /** The bot's clock, which `advance` moves with the emulator's (absent: only the emulator's moves). */
  clock?: BotClockState;
  /** Stops the bot and starts it again, the world kept; why not when it is not ready again. */
  restartBot?(): Promise<NotReady | undefined>;
}

/**
 * What a step's action came to, read as it stands whenever asked: a step
 * with an expectation reads it again as the world changes until it holds
 * (wait.ts); one without is settled, then read once (`settle`).
 */
export interface Acted {
  read(): Observed;
  /** The runner's interaction, when the action made one: a reading is calm once it owes nothing more (a deferred answer's edit). */
  interactionId?: string;
  /** What it came to can no longer change: the service refused it, the bot's deadline passed, or it changed only the world. */
  final: boolean;
  /** Waits until the bot has settled after it (`full`: the whole quiet period, even after a final answer). */
  settle(full?: boolean): Promise<unknown>;
  /** Resolves when a reading may change without anything happening in the emulator (a `say`'s `no-answer`: once the bot has been quiet). */
  decided?: Promise<unknown>;
}

export type StepRun = Acted | { problem: string };

export const nothing = (): Observed => ({ followups: [], messages: [] });

/**
 * A member's doing (a post, a reaction, an edit, a join) got through: what it caused is read from the world
 * (caused.ts). With expectations, the step is read again once the bot has been quiet after it: then it is
 * `no-answer` unless something came.
 */
export function quietAfter(ctx: StepContext, mark: StepMark, expects: boolean): Acted {
  const settle = () =>
    ctx.harness.settled().then((r) => {
      mark.quiet = true;
      return r;
    });
  const decided = expects ? settle() : undefined;
  return { read: nothing, final: false, settle, ...(decided ? { decided } : {}) };
}
