/**
 * `cmdsync test`'s run: each file read (file/read.ts) and run in turn
 * (run-file.ts), each scenario's result told as it comes, and the totals.
 * A file that cannot be read or run (its bot exited before it was ready)
 * counts each of its scenarios (at least one) as an error.
 */
import { readTestFile } from '../file/read.js';
import type { FileResult, RunResult, ScenarioResult } from '../model.js';
import { runTestFile } from './run-file.js';

export interface RunTestFilesRequest {
  files: string[];
  /** Overrides each file's `bot.run`. */
  bot?: string;
  env?: NodeJS.ProcessEnv;
  onScenario?: (file: string, result: ScenarioResult) => void;
  /** How long a bot may take to be ready (default 30 s). */
  readyTimeoutMs?: number;
  /** A bot whose own commands differ from the manifest's fails the run. */
  strict?: boolean;
}

export async function runTestFiles(request: RunTestFilesRequest): Promise<RunResult> {
  const started = performance.now();
  const files: FileResult[] = [];
  const totals = { passed: 0, failed: 0, errors: 0, drifted: 0 };
  for (const path of request.files) {
    const read = await readTestFile(path);
    let result: FileResult;
    let declared = 1;
    if ('problems' in read) result = { path, scenarios: [], problems: read.problems };
    else {
      declared = Math.max(1, read.file.scenarios.length);
      result = await runTestFile(read.file, {
        ...(request.bot !== undefined ? { bot: request.bot } : {}),
        ...(request.env ? { env: request.env } : {}),
        ...(request.onScenario ? { onScenario: request.onScenario } : {}),
        ...(request.readyTimeoutMs !== undefined ? { readyTimeoutMs: request.readyTimeoutMs } : {}),
        ...(request.strict !== undefined ? { strict: request.strict } : {}),
      });
    }
    files.push(result);
    if (result.problems?.length || result.botExit) totals.errors += declared;
    if (result.commandDrift?.differences.length) totals.drifted++;
    for (const s of result.scenarios) {
      if (s.status === 'passed') totals.passed++;
      else if (s.status === 'failed') totals.failed++;
      else totals.errors++;
    }
  }
  const strictFailure = files.some((f) => f.commandDrift?.severity === 'error');
  const ok = totals.failed + totals.errors === 0 && !strictFailure;
  return { files, ...totals, ok, durationMs: performance.now() - started };
}
