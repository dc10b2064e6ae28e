/**
 * One scenario: the world restored to its saved point, the steps run in
 * order, each checked by the matchers; the first failing or erroring step
 * ends it. A bot whose process has exited fails the scenario as that: gone
 * before a step (no step is acted on a bot that is not there), or exited
 * during one (what the step observed is kept, but the exit is the cause);
 * the next scenario starts it again. An error the bot logged during a step
 * and carried on from fails that step with it (unless the file ignores
 * them).
 * The transcript is kept with the result (the bot's output lines only for
 * a scenario that did not pass).
 */
import { clocksTogether } from './advance.js';
import type { BotError, BotExit, Outcome, Scenario, ScenarioResult, Step, StepResult } from '../model.js';
import type { ExitFacts } from './bot-process.js';
import type { NotReady } from './ready.js';
import type { Acted } from './acted.js';
import { ANSWERED_QUIET_MS } from '../../emulator/harness/settle.js';
import { runStep } from './steps.js';
import { type Reading, untilHolds, type WaitContext } from './wait.js';
import type { TranscriptRecorder } from './transcript.js';

export interface ScenarioContext extends WaitContext {
  transcript: TranscriptRecorder;
  /** Restarts the bot and waits until it is ready again; why not when it is not. */
  restartBot(): Promise<NotReady | undefined>;
  /** A point in the bot's output: its error is looked for after it. */
  outputMark(): number;
  /** What the bot left once its process has exited (its first error after `mark`); undefined while it runs. */
  botExited(mark?: number): Promise<ExitFacts | undefined>;
  /** The first error the bot printed after `mark` while it carried on; undefined when none, or when the file ignores them. */
  loggedError(mark: number): BotError | undefined;
}

/**
 * How long the bot must be quiet after a scenario's last step before its
 * output is read for an error it logged late. A handler that fails after its
 * last request prints its traceback as that request ends, well within this;
 * the full quiet period (200 ms) here cost every scenario of a file that much
 * (six discord.py scenarios: 1.2 s of a 2.1 s run), where an in-process
 * runner pays nothing.
 */
const LATE_ERROR_QUIET_MS = 50;
/** How long a busy bot may hold the next step back (it is acted on after that whatever the bot does). */
const BEFORE_STEP_MAX_MS = 1_000;

interface Run {
  status: Outcome;
  steps: StepResult[];
  botExit?: BotExit;
}

export async function runScenario(ctx: ScenarioContext, scenario: Scenario): Promise<ScenarioResult> {
  const started = performance.now();
  ctx.harness.restore();
  const n = ctx.transcript.begin();
  const run = await runSteps(ctx, scenario);
  const transcript = ctx.transcript.take().filter((e) => run.status !== 'passed' || e.kind !== 'bot-output');
  ctx.transcript.finish(n, transcript);
  return { name: scenario.name, at: scenario.at, ...run, transcript, durationMs: performance.now() - started };
}

async function runSteps(ctx: ScenarioContext, scenario: Scenario): Promise<Run> {
  const steps: StepResult[] = [];
  // A bot that exited in an earlier scenario is started again: one crash fails one scenario, not the rest of the file.
  if (scenario.restart || (await ctx.botExited()) !== undefined) {
    const notReady = await ctx.restartBot();
    if (notReady && 'exited' in notReady)
      return { status: 'failed', steps, botExit: { ...notReady.exited, when: 'starting', step: 0, at: scenario.at } };
    if (notReady)
      return { status: 'error', steps: [{ status: 'error', index: 0, at: scenario.at, problem: notReady.timedOut }] };
  }
  clocksTogether(ctx.harness, ctx.clock);
  // Where the error of an exit noticed before a step is looked for: from the step before it began.
  let mark = ctx.outputMark();
  // The steps with an `id:`, read again when a later step names what they came to (`message: ask.reply`).
  const earlier = new Map<string, Acted>();
  for (const [index, step] of scenario.steps.entries()) {
    // A step that passed as soon as it held may have left the bot mid-way (its reply seen, the code after
    // `await interaction.reply()` not yet run): the member acts once it has been quiet a moment, as a person would.
    if (index > 0) await ctx.harness.settled({ quietMs: ANSWERED_QUIET_MS, maxMs: BEFORE_STEP_MAX_MS, owed: false });
    const gone = await ctx.botExited(mark);
    if (gone)
      return {
        status: 'failed',
        steps,
        botExit: { ...gone, when: 'before', step: index, at: step.at, action: step.action.kind },
      };
    // A passing step ends as soon as it holds: what the bot printed after that, before this step, is its doing.
    const late = lateError(ctx, steps, mark);
    if (late) return late;
    mark = ctx.outputMark();
    const result = withLoggedError(await runOne(ctx, scenario, step, index, earlier), ctx.loggedError(mark));
    steps.push(result);
    const exited = await ctx.botExited(mark);
    if (exited)
      return {
        status: 'failed',
        steps,
        botExit: { ...exited, when: 'during', step: index, at: step.at, action: step.action.kind },
      };
    if (result.status !== 'passed') return { status: result.status, steps };
  }
  // The last step's error may still be on its way out of the bot: wait until the bot is quiet, then look.
  if (steps.length > 0) await ctx.harness.settled({ quietMs: LATE_ERROR_QUIET_MS });
  return lateError(ctx, steps, mark) ?? { status: 'passed', steps };
}

/** The run failed at the last step when the bot logged an error after that step had passed (since `mark`). */
function lateError(ctx: ScenarioContext, steps: StepResult[], mark: number): Run | undefined {
  const last = steps.at(-1);
  const error = last?.status === 'passed' ? ctx.loggedError(mark) : undefined;
  if (!error) return undefined;
  steps[steps.length - 1] = withLoggedError(last!, error);
  return { status: 'failed', steps };
}

/** One step acted and checked: its expectations read again as the world changes until they hold or their time runs out (wait.ts); a step without any, settled and read once. */
async function runOne(
  ctx: ScenarioContext,
  scenario: Scenario,
  step: Step,
  index: number,
  earlier: Map<string, Acted>,
): Promise<StepResult> {
  const stepStart = performance.now();
  ctx.transcript.push({ kind: 'step', index, action: step.action.kind, at: step.at });
  let reading: Reading;
  try {
    const acted = await runStep(ctx, scenario, step, earlier);
    if ('problem' in acted) return { status: 'error', index, at: step.at, problem: acted.problem };
    if (step.id !== undefined) earlier.set(step.id, acted);
    reading = step.expect
      ? await untilHolds(ctx, acted, { ...step, expect: step.expect })
      : { observed: await acted.settle().then(() => acted.read()), mismatches: [] };
  } catch (err) {
    return { status: 'error', index, at: step.at, problem: (err as Error).message };
  }
  const { observed, mismatches, withinMs } = reading;
  const durationMs = performance.now() - stepStart;
  if (mismatches.length > 0)
    return {
      status: 'failed',
      index,
      at: step.at,
      observed,
      mismatches,
      durationMs,
      ...(withinMs !== undefined ? { withinMs } : {}),
    };
  return { status: 'passed', index, at: step.at, observed, durationMs };
}

/** A step during which the bot logged an error and carried on fails with that error, whatever it observed. */
function withLoggedError(result: StepResult, error: BotError | undefined): StepResult {
  if (error === undefined || result.status === 'error') return result;
  return {
    ...result,
    status: 'failed',
    mismatches: result.status === 'failed' ? result.mismatches : [],
    botError: error,
  };
}
