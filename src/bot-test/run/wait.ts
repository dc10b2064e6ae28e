/**
 * A step's expectations read again as the world changes, the way
 * Playwright's `expect` waits: each reading is matched, and the step ends
 * as soon as it holds (once no request of the bot is mid-way and its
 * interaction owes nothing more), or fails when an expectation still does
 * not hold when its time (`within:`) runs out, with what was last seen. No
 * fixed sleep: the emulator wakes the reader at each thing that happens
 * (a request begun or ended, a message, a dispatch), and the bot's exit
 * wakes it too. An outcome that can no longer change (refused, no answer
 * by the service's deadline) is not waited on.
 */
import { matchStep } from '../match/step.js';
import { DEFAULT_WITHIN_MS, type Expectation, type Mismatch, type Observed, type Step } from '../model.js';
import type { Acted, StepContext } from './acted.js';

export interface WaitContext extends StepContext {
  /** Resolves true once the bot's process has exited (and false while it runs). */
  botGone(): Promise<boolean>;
  /** Resolves when the bot's process exits: it wakes a reader waiting for a change. */
  botExits(): Promise<unknown>;
}

export interface Reading {
  observed: Observed;
  mismatches: Mismatch[];
  /** The step failed because this much time passed without its expectations holding. */
  withinMs?: number;
}

export async function untilHolds(
  ctx: WaitContext,
  acted: Acted,
  step: Step & { expect: Expectation },
): Promise<Reading> {
  const started = performance.now();
  const within = withinOf(step);
  const longest = Math.max(...Object.values(within.keys), within.step);
  // Wakes the reader once, when a reading may change with nothing happening (a say's quiet decides no-answer).
  let decided = acted.decided?.then(() => {
    decided = undefined;
  });
  for (;;) {
    const observed = acted.read();
    const mismatches = matchStep(step.expect, observed);
    const waited = performance.now() - started;
    let wake: number;
    if (mismatches.length === 0) {
      // Holds: read once more when the bot is mid-way, so what the step reports is not half of a change.
      if (ctx.harness.calm(acted.interactionId) || waited >= longest) return { observed, mismatches };
      wake = longest - waited;
    } else {
      const deadline = Math.min(...mismatches.map((m) => within.of(m.path)));
      if (waited >= deadline) return { observed, mismatches, withinMs: deadline };
      if (acted.final || (await ctx.botGone())) return { observed, mismatches };
      wake = deadline - waited;
    }
    await Promise.race([ctx.harness.changed(wake), ctx.botExits(), ...(decided ? [decided] : [])]);
  }
}

/** How long each expectation may take: its own `within:` (a reply's, a follow-up's…), else the step's, else the default. */
function withinOf(step: Step & { expect: Expectation }) {
  const base = step.withinMs ?? DEFAULT_WITHIN_MS;
  const e = step.expect;
  const keys: Record<string, number> = {};
  for (const key of ['reply', 'update', 'message', 'modal'] as const) {
    const own = e[key]?.withinMs;
    if (own !== undefined) keys[key] = own;
  }
  for (const list of ['followups', 'messages'] as const) {
    // The list as a whole (its count) waits as long as its slowest item may.
    const items = (e[list] ?? []).map((f) => f.withinMs ?? base);
    if (items.length) keys[list] = Math.max(...items);
    e[list]?.forEach((f, i) => {
      if (f.withinMs !== undefined) keys[`${list}[${i}]`] = f.withinMs;
    });
  }
  return {
    step: base,
    keys,
    /** A mismatch's bound, by its path (`followups[1].content`: the item's, else the list's, else the step's). */
    of(path: string): number {
      const item = /^[a-z-]+\[\d+\]/i.exec(path)?.[0];
      const key = /^[a-z-]+/i.exec(path)?.[0] ?? path;
      return (item !== undefined ? keys[item] : undefined) ?? keys[key] ?? base;
    },
  };
}
