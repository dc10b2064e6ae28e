/**
 * `cmdsync test [FILES...]`: runs bot test files against the embedded
 * emulator and the bot's own process. One line per scenario as it ends,
 * then the failures in detail and `N passed, M failed` (text); or the
 * whole run as JUnit XML (`--reporter junit`, to `--output FILE` or stdout)
 * or JSON (`--json`). Exit 0 when every scenario passed, 1 when any failed
 * or could not run (or, with `--strict`, a bot registered commands that
 * differ from the manifest's), 2 for a usage error.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, resolve } from 'node:path';
import { findTestFiles } from '../../bot-test/file/discover.js';
import type { RunResult } from '../../bot-test/model.js';
import { runTestFiles } from '../../bot-test/run/run-files.js';
import { parseShard, shardFiles } from '../../bot-test/run/shard.js';
import { CmdsyncError, UsageError } from '../../errors.js';
import { renderTestJson } from '../../report/bot-test/json.js';
import { renderJunit } from '../../report/bot-test/junit.js';
import { mergeRuns } from '../../report/bot-test/merge.js';
import { renderTestRun, scenarioLine } from '../../report/bot-test/text.js';
import type { CliContext } from '../context.js';

export type TestReporter = 'text' | 'junit';

export interface TestCliOptions {
  files: string[];
  bot?: string;
  reporter: TestReporter;
  output?: string;
  json: boolean;
  /** Seconds a bot may take to be ready. */
  readyTimeout?: number;
  /** Files run at once. */
  workers?: number;
  /** `i/n`: this CI machine's share of the files. */
  shard?: string;
  /** Shards' `--json` reports to join instead of running. */
  merge?: string[];
  /** A bot's own commands differing from the manifest's fail the run. */
  strict?: boolean;
}

function checkOptions(opts: TestCliOptions): void {
  if (opts.json && opts.reporter === 'junit') throw new UsageError('--json and --reporter junit disagree; give one.');
  if (opts.output !== undefined && opts.reporter !== 'junit' && !opts.json)
    throw new UsageError('--output writes a report file: give it with --reporter junit (or --json).');
  if (opts.bot !== undefined && opts.bot.trim() === '')
    throw new UsageError('--bot takes the command that starts the bot, not an empty string.');
  if (opts.merge !== undefined && (opts.files.length > 0 || opts.shard !== undefined || opts.bot !== undefined))
    throw new UsageError('--merge joins reports and runs nothing: give it no test files, --shard or --bot.');
}

/** The files this run takes: found, then this shard's share. */
async function filesToRun(opts: TestCliOptions, ctx: CliContext): Promise<string[]> {
  const shard = opts.shard === undefined ? undefined : parseShard(opts.shard);
  if (shard && 'problem' in shard) throw new UsageError(shard.problem);
  const files = await findTestFiles(ctx.cwd, opts.files);
  if (files.length === 0) {
    throw new UsageError(
      opts.files.length
        ? `no test files match ${opts.files.join(' ')}`
        : `no *.test.yaml files under ${ctx.cwd} (node_modules left out): name the files to run`,
    );
  }
  return shard ? shardFiles(files, shard) : files;
}

/** The shards' reports as one run; a report that cannot be read or joined is the user's error. */
function mergedRun(paths: readonly string[], ctx: CliContext): RunResult {
  const reports = paths.map((p) => {
    try {
      return { name: p, text: readFileSync(resolve(ctx.cwd, p), 'utf8') };
    } catch (err) {
      throw new UsageError(`cannot read ${p}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  });
  const merged = mergeRuns(reports);
  if (!merged.ok) throw new UsageError(merged.problem);
  return merged.result;
}

export async function runTest(opts: TestCliOptions, ctx: CliContext): Promise<number> {
  checkOptions(opts);
  const color = ctx.terminal.color;
  // Lines stream to stdout unless stdout carries the machine-readable report.
  const machineOnStdout = (opts.json || opts.reporter === 'junit') && opts.output === undefined;
  const lines = machineOnStdout ? ctx.stderr : ctx.stdout;
  let result: RunResult;
  if (opts.merge !== undefined) result = mergedRun(opts.merge, ctx);
  else {
    const files = await filesToRun(opts, ctx);
    if (files.length === 0) {
      lines.write(`shard ${opts.shard} has no test files: nothing to run.\n`);
      return 0;
    }
    result = await runTestFiles({
      files,
      env: { ...ctx.env },
      strict: opts.strict,
      workers: opts.workers ?? Math.max(1, Math.floor(availableParallelism() / 2)),
      bot: opts.bot,
      ...(opts.readyTimeout !== undefined ? { readyTimeoutMs: opts.readyTimeout * 1000 } : {}),
      onScenario: (file, scenario) =>
        lines.write(
          `${scenarioLine(scenario.at.file || relative(ctx.cwd, file), scenario, color && !machineOnStdout)}\n`,
        ),
    });
  }
  const report = opts.json ? renderTestJson(result) : opts.reporter === 'junit' ? renderJunit(result) : undefined;
  if (report !== undefined && opts.output !== undefined) {
    const path = resolve(ctx.cwd, opts.output);
    try {
      writeFileSync(path, report.endsWith('\n') ? report : `${report}\n`);
    } catch (err) {
      throw new CmdsyncError(
        'TEST_REPORT_WRITE',
        `cannot write the report to ${opts.output}: ${(err as Error).message}`,
      );
    }
  }
  if (machineOnStdout) ctx.stdout.write(report!.endsWith('\n') ? report! : `${report!}\n`);
  else lines.write(`${renderTestRun(result, { color })}\n`);
  return result.ok ? 0 : 1;
}
