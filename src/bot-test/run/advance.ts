/**
 * `advance: DURATION`: the emulator's clock and the bot's timers move
 * together (issue 38). The jump is taken timer by timer, as fake-timers'
 * `tickAsync` takes it inside one process: to the bot's next timer, the
 * bot left to do what fell due (its requests answered, its next timers
 * set), then on. A `tasks.loop` every 10 minutes therefore posts three
 * times in `advance: 30m`, as it would in thirty real minutes, instead of
 * once (a loop that wakes late skips what it missed). Without a clock shim
 * in the bot (`bot.clock: real`, or a runtime the shims do not reach) only
 * the emulator's clock moves, and the file's result says so.
 */
import type { EmulatorHarness } from '../../emulator/index.js';
import type { ClockReach } from '../model.js';
import type { StepAction } from '../model.js';
import { nothing, type StepContext, type StepRun, quietAfter } from './acted.js';
import { BotClockError, type BotClockChannel, type BotClockState } from './bot-clock.js';
import { seen, type StepMark } from './caused.js';
import type { Place } from './place.js';
import { type Earlier, messageOf, where } from './target.js';

/** After a jump the bot is watched this long for something it began; nothing means it has nothing to do. */
const BEGUN_WITHIN_MS = 2;
/** The quiet that ends a round in which the bot did something. */
const ROUND_QUIET_MS = 50;
/** Past this many timers in one advance, the rest is taken in one jump (a bot whose timers never stop firing). */
const MAX_ROUNDS = 5_000;

/**
 * After a restore the emulator's clock is back at real time; the bot's cannot go back, so the emulator's is
 * moved to stand beside it again (a restarted bot starts at real time: nothing to move).
 */
export function clocksTogether(harness: EmulatorHarness, clock: BotClockState | undefined): void {
  const botAhead = clock?.channel?.offsetMs ?? 0;
  if (botAhead > 0) harness.advance(botAhead);
}

/** Moves the emulator's clock and, through the channel, the bot's, timer by timer; what was moved. */
export async function advanceClocks(
  harness: EmulatorHarness,
  channel: BotClockChannel | undefined,
  ms: number,
): Promise<ClockReach> {
  if (channel === undefined || channel.peers().length === 0) {
    harness.advance(ms);
    return 'emulator';
  }
  let left = ms;
  for (let round = 0; left > 0; round++) {
    const next = round < MAX_ROUNDS ? await channel.next() : undefined;
    // A timer due now is taken with the next millisecond: a round always moves time.
    const step = next === undefined ? left : Math.min(left, Math.max(1, next));
    const before = harness.activity();
    harness.advance(step);
    await channel.advance(step);
    left -= step;
    await harness.changed(BEGUN_WITHIN_MS);
    if (harness.activity() !== before || !harness.calm())
      await harness.settled({ quietMs: ROUND_QUIET_MS, owed: false });
  }
  return 'bot';
}

/**
 * The step: what the bot posted while time moved is what it caused (`messages:`); the message it names
 * (`message: ask.reply`), as it then is, is its `update:` (a collector's timeout edits it).
 */
export async function advanceStep(
  ctx: StepContext,
  place: Place,
  action: Extract<StepAction, { kind: 'advance' }>,
  earlier: Earlier,
  mark: StepMark,
  expects: boolean,
): Promise<StepRun> {
  if (action.message !== undefined) {
    const watched = messageOf(where(ctx, place), action.message, earlier, 'watch');
    if (typeof watched !== 'string') return watched;
    mark.actedId = watched;
  }
  // The runner's action begins here: the bot's requests are counted from it.
  await ctx.harness.track(Promise.resolve());
  const clock = ctx.clock;
  try {
    const reach = await advanceClocks(ctx.harness, clock?.real ? undefined : clock?.channel, action.ms);
    clock?.reached.add(reach);
  } catch (err) {
    if (err instanceof BotClockError) return { problem: err.message };
    throw err;
  }
  const after = quietAfter(ctx, mark, expects);
  const watched = mark.actedId;
  if (watched === undefined) return after;
  return {
    ...after,
    read: () => {
      const stored = ctx.emulator.world.messages[watched];
      return stored ? { ...nothing(), update: seen(ctx.emulator, stored.message) } : nothing();
    },
  };
}
