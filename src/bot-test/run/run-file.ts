/**
 * One test file: its session (world, manifest, bot, saved point), each
 * scenario run from the saved world, the session stopped at the end
 * whatever happened. What keeps the file from running is its problem; a
 * bot that exited before it was ready is said as that, not as the file's.
 */
import { dirname } from 'node:path';
import { CmdsyncError } from '../../errors.js';
import type { FileResult, ScenarioResult, SourceAt, TestFile } from '../model.js';
import type { BotClockState } from './bot-clock.js';
import { ManifestProblemError } from './manifest.js';
import { BotNotReadyError } from './ready.js';
import { runScenario } from './scenario.js';
import { startSession, type BotSession } from './session.js';

export interface RunFileOptions {
  /** Overrides the file's `bot.run`. */
  bot?: string;
  env?: NodeJS.ProcessEnv;
  onScenario?: (file: string, result: ScenarioResult) => void;
  readyTimeoutMs?: number;
  /** A bot whose own commands differ from the manifest's fails the run (`--strict`). */
  strict?: boolean;
}

const problemAt = (file: TestFile): SourceAt => file.bot?.at ?? { file: file.path, line: 1, column: 1 };

/** Said when an `advance` moved only the emulator's clock: the bot's timers did not see that time pass. */
function clockNote(clock: BotClockState): { clockNotMoved?: string } {
  if (!clock.reached.has('emulator')) return {};
  const why = clock.real
    ? 'the file says bot.clock: real'
    : 'no clock shim reached the bot (a runtime or library the shims do not cover, or a bot that does not load them)';
  return { clockNotMoved: `advance moved only the emulator's clock, not the bot's timers: ${why}` };
}

export async function runTestFile(file: TestFile, options: RunFileOptions = {}): Promise<FileResult> {
  const run = options.bot ?? file.bot?.run;
  if (run === undefined)
    return {
      path: file.path,
      scenarios: [],
      problems: [{ message: 'no bot to test: give bot.run in the file, or --bot', at: problemAt(file) }],
    };
  const cwd = file.bot?.cwd ?? dirname(file.path);
  let session: BotSession;
  try {
    session = await startSession({
      world: file.world,
      run,
      cwd,
      ...(file.bot?.interactions !== undefined ? { interactions: file.bot.interactions } : {}),
      ...(file.bot?.ready !== undefined ? { ready: file.bot.ready } : {}),
      ...(file.bot?.errors !== undefined ? { errors: file.bot.errors } : {}),
      ...(file.bot?.clock !== undefined ? { clock: file.bot.clock } : {}),
      // Absent: found from the file's directory (cwd), as plan finds one.
      ...(file.manifest !== undefined ? { manifest: file.manifest } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.readyTimeoutMs !== undefined ? { readyTimeoutMs: options.readyTimeoutMs } : {}),
    });
  } catch (err) {
    if (err instanceof BotNotReadyError && err.exited)
      return {
        path: file.path,
        scenarios: [],
        botExit: { ...err.exited, when: 'starting', step: 0, at: problemAt(file) },
      };
    // A problem inside the manifest is said where the manifest has it, under the test file's name.
    const inManifest = err instanceof ManifestProblemError ? err.at : undefined;
    if (inManifest)
      return {
        path: file.path,
        display: problemAt(file).file,
        scenarios: [],
        problems: [{ message: (err as Error).message, at: inManifest }],
      };
    if (err instanceof CmdsyncError)
      return { path: file.path, scenarios: [], problems: [{ message: err.message, at: problemAt(file) }] };
    throw err;
  }
  try {
    const scenarios: ScenarioResult[] = [];
    for (const scenario of file.scenarios) {
      const result = await runScenario(session.ctx, scenario);
      scenarios.push(result);
      options.onScenario?.(file.path, result);
    }
    const drift = session.commandDrift;
    const told = {
      ...(session.shims.length > 0 && { shims: session.shims }),
      ...clockNote(session.clock),
    };
    if (!drift) return { path: file.path, scenarios, ...told };
    const severity = options.strict && drift.differences.length > 0 ? 'error' : 'warning';
    return { path: file.path, scenarios, commandDrift: { ...drift, severity }, ...told };
  } finally {
    await session.stop();
  }
}
