/**
 * `cmdsync test [FILES...]`: runs bot test files against the embedded
 * emulator and the bot's own process. One line per scenario as it ends,
 * then the failures in detail and `N passed, M failed` (text); or the
 * whole run as JUnit XML (`--reporter junit`, to `--output FILE` or stdout)
 * or JSON (`--json`). Exit 0 when every scenario passed, 1 when any failed
 * or could not run, 2 for a usage error.
 */
import { writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { findTestFiles } from '../../bot-test/file/discover.js';
import { runTestFiles } from '../../bot-test/run/run-files.js';
import { CmdsyncError, UsageError } from '../../errors.js';
import { renderTestJson } from '../../report/bot-test/json.js';
import { renderJunit } from '../../report/bot-test/junit.js';
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
}

function checkOptions(opts: TestCliOptions): void {
  if (opts.json && opts.reporter === 'junit') throw new UsageError('--json and --reporter junit disagree; give one.');
  if (opts.output !== undefined && opts.reporter !== 'junit' && !opts.json)
    throw new UsageError('--output writes a report file: give it with --reporter junit (or --json).');
  if (opts.bot !== undefined && opts.bot.trim() === '')
    throw new UsageError('--bot takes the command that starts the bot, not an empty string.');
}

export async function runTest(opts: TestCliOptions, ctx: CliContext): Promise<number> {
  checkOptions(opts);
  const files = await findTestFiles(ctx.cwd, opts.files);
  if (files.length === 0) {
    throw new UsageError(
      opts.files.length
        ? `no test files match ${opts.files.join(' ')}`
        : `no *.test.yaml files under ${ctx.cwd} (node_modules left out): name the files to run`,
    );
  }
  const color = ctx.terminal.color;
  // Lines stream to stdout unless stdout carries the machine-readable report.
  const machineOnStdout = (opts.json || opts.reporter === 'junit') && opts.output === undefined;
  const lines = machineOnStdout ? ctx.stderr : ctx.stdout;
  const result = await runTestFiles({
    files,
    env: { ...ctx.env },
    bot: opts.bot,
    ...(opts.readyTimeout !== undefined ? { readyTimeoutMs: opts.readyTimeout * 1000 } : {}),
    onScenario: (file, scenario) =>
      lines.write(
        `${scenarioLine(scenario.at.file || relative(ctx.cwd, file), scenario, color && !machineOnStdout)}\n`,
      ),
  });
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
  return result.failed + result.errors > 0 ? 1 : 0;
}
