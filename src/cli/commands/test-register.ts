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
    .action(async (files: string[], opts) =>
      action({
        files,
        bot: opts.bot,
        reporter: opts.reporter,
        output: opts.output,
        json: !!opts.json,
        readyTimeout: opts.readyTimeout,
      }),
    );
}
