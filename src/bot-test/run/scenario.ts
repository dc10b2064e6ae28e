/**
 * One scenario: the world restored to its saved point, the steps run in
 * order, each checked by the matchers; the first failing or erroring step
 * ends it. The transcript is kept with the result (the bot's output lines
 * only for a scenario that did not pass).
 */
import { matchStep } from '../match/step.js';
import type { Outcome, Scenario, ScenarioResult, StepResult } from '../model.js';
import { RECHECK_QUIET_MS, runStep, type StepContext } from './steps.js';
import type { TranscriptRecorder } from './transcript.js';

export interface ScenarioContext extends StepContext {
  transcript: TranscriptRecorder;
  /** Restarts the bot and waits until it is ready again; a problem when it is not. */
  restartBot(): Promise<string | undefined>;
}

export async function runScenario(ctx: ScenarioContext, scenario: Scenario): Promise<ScenarioResult> {
  const started = performance.now();
  ctx.harness.restore();
  ctx.transcript.take();
  const steps: StepResult[] = [];
  let status: Outcome = 'passed';
  const problem = scenario.restart ? await ctx.restartBot() : undefined;
  if (problem !== undefined) {
    status = 'error';
    steps.push({ status: 'error', index: 0, at: scenario.at, problem });
  }
  for (const [index, step] of scenario.steps.entries()) {
    if (status !== 'passed') break;
    const stepStart = performance.now();
    ctx.transcript.push({ kind: 'step', index, action: step.action.kind, at: step.at });
    let run: Awaited<ReturnType<typeof runStep>>;
    try {
      run = await runStep(ctx, scenario, step);
    } catch (err) {
      run = { problem: (err as Error).message };
    }
    if ('problem' in run) {
      steps.push({ status: 'error', index, at: step.at, problem: run.problem });
      status = 'error';
      continue;
    }
    let mismatches = step.expect ? matchStep(step.expect, run.observed) : [];
    if (mismatches.length > 0 && run.recheck && step.expect) {
      run = { observed: await run.recheck(RECHECK_QUIET_MS) };
      mismatches = matchStep(step.expect, run.observed);
    }
    const durationMs = performance.now() - stepStart;
    if (mismatches.length > 0) {
      steps.push({ status: 'failed', index, at: step.at, observed: run.observed, mismatches, durationMs });
      status = 'failed';
    } else steps.push({ status: 'passed', index, at: step.at, observed: run.observed, durationMs });
  }
  const transcript = ctx.transcript.take().filter((e) => status !== 'passed' || e.kind !== 'bot-output');
  return { name: scenario.name, at: scenario.at, status, steps, transcript, durationMs: performance.now() - started };
}
