/**
 * `cmdsync test`'s run: each file read (file/read.ts) and run (run-file.ts),
 * up to `workers` files at once, each with its own emulator and bot; each
 * scenario's result told as it comes, and the totals. Results keep the
 * files' order whatever order they finish in. A file that cannot be read or
 * run (its bot exited before it was ready) counts each of its scenarios (at
 * least one) as an error.
 */
import { readTestFile } from '../file/read.js';
import type { FileResult, RunResult, ScenarioResult } from '../model.js';
import { Semaphore } from '../../remote/http/semaphore.js';
import { runTestFile } from './run-file.js';

export interface RunTestFilesRequest {
  files: string[];
  /** Overrides each file's `bot.run`. */
  bot?: string;
  env?: NodeJS.ProcessEnv;
  onScenario?: (file: string, result: ScenarioResult) => void;
  /** How long a bot may take to be ready (default 30 s). */
  readyTimeoutMs?: number;
  /** Files run at once (default 1). */
  workers?: number;
  /** A bot whose own commands differ from the manifest's fails the run. */
  strict?: boolean;
}

export async function runTestFiles(request: RunTestFilesRequest): Promise<RunResult> {
  const started = performance.now();
  const slots = new Semaphore(request.workers ?? 1);
  const runs = request.files.map(async (path) => {
    const release = await slots.acquire();
    try {
      return await readAndRun(path, request);
    } finally {
      release();
    }
  });
  const done = await Promise.all(runs);
  const totals = { passed: 0, failed: 0, errors: 0, drifted: 0 };
  for (const { result, declared } of done) {
    if (result.problems?.length || result.botExit) totals.errors += declared;
    if (result.commandDrift?.differences.length) totals.drifted++;
    for (const s of result.scenarios) {
      if (s.status === 'passed') totals.passed++;
      else if (s.status === 'failed') totals.failed++;
      else totals.errors++;
    }
  }
  const files = done.map((d) => d.result);
  const strictFailure = files.some((f) => f.commandDrift?.severity === 'error');
  const ok = totals.failed + totals.errors === 0 && !strictFailure;
  return { files, ...totals, ok, durationMs: performance.now() - started };
}

/** One file's result, and how many scenarios it declares (at least one), which count as errors when it cannot run. */
async function readAndRun(
  path: string,
  request: RunTestFilesRequest,
): Promise<{ result: FileResult; declared: number }> {
  const read = await readTestFile(path);
  if ('problems' in read) return { result: { path, scenarios: [], problems: read.problems }, declared: 1 };
  const result = await runTestFile(read.file, {
    ...(request.bot !== undefined ? { bot: request.bot } : {}),
    ...(request.env ? { env: request.env } : {}),
    ...(request.onScenario ? { onScenario: request.onScenario } : {}),
    ...(request.readyTimeoutMs !== undefined ? { readyTimeoutMs: request.readyTimeoutMs } : {}),
    ...(request.strict !== undefined ? { strict: request.strict } : {}),
  });
  return { result, declared: Math.max(1, read.file.scenarios.length) };
}
