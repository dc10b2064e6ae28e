/** `cmdsync test`'s flags (the command itself is loaded only when it runs). */
import { Option, type Command } from 'commander';
import { UsageError } from '../../errors.js';
import type { CliContext } from '../context.js';
import type { TestCliOptions } from './test.js';

function parseSeconds(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || n > 600)
    throw new UsageError(`--ready-timeout takes seconds from 1 to 600, not "${value}".`);
  return n;
}

function parseWorkers(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || n > 64)
    throw new UsageError(`--workers takes a whole number of files to run at once, 1 to 64, not "${value}".`);
  return n;
}

export function registerTest(program: Command, ctx: CliContext, setExit: (code: number) => void): void {
  defineTest(program, async (opts) => {
    const { runTest } = await import('./test.js');
    setExit(await runTest(opts, ctx));
  });
}

/** The command and its flags, for the CLI and for the Action's `args` (which reads them with the same definitions). */
export function defineTest(program: Command, action: (opts: TestCliOptions) => Promise<void>): void {
  program
    .command('test')
    .description(
      'run bot test files (*.test.yaml) against the embedded emulator and the bot itself; exit 1 when any scenario fails',
    )
    .argument('[files...]', 'test files, directories or globs (default: **/*.test.yaml outside node_modules)')
    .option('--bot <command>', "the shell command that starts the bot (overrides each file's bot.run)")
    .addOption(
      new Option('--reporter <reporter>', 'text, or junit (XML, to --output or stdout)')
        .choices(['text', 'junit'])
        .default('text'),
    )
    .option('--output <file>', 'write the junit (or --json) report to this file')
    .option('--json', 'print the whole run as JSON')
    .option('--ready-timeout <seconds>', 'how long the bot may take to be ready (default 30)', parseSeconds)
    .option(
      '--workers <n>',
      'test files run at once, each with its own emulator and bot (default: half the cores)',
      parseWorkers,
    )
    .option('--shard <i/n>', "run only the i-th of n near-equal parts of the sorted files (a CI matrix's share)")
    .option(
      '--merge <reports...>',
      "don't run: join the shards' --json reports into one (with --reporter, --json, --output)",
    )
    .option(
      '--strict',
      "fail when a bot registers commands of its own that differ from the manifest's (else a warning)",
    )
    .action(async (files: string[], opts) =>
      action({
        files,
        bot: opts.bot,
        reporter: opts.reporter,
        output: opts.output,
        json: !!opts.json,
        strict: !!opts.strict,
        readyTimeout: opts.readyTimeout,
        workers: opts.workers,
        shard: opts.shard,
        merge: opts.merge,
      }),
    );
}
