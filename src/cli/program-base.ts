import { Command, CommanderError, Option } from 'commander';
import { UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { contextFor, type CliContext } from './context.js';
import { exitCodeFor, writeErrorDocument } from './exit-code.js';
import { applyChdir } from './workspace.js';
import type { LintCommandOptions } from './commands/lint.js';
import { LINT_FORMATS } from '../report/lint/types.js';

/** What every entry point shares: the program with its global options, and the mapping of errors to exit codes. */
export function createProgram(ctx: CliContext): Command {
  return new Command('cmdsync')
    .description('Declarative sync for Discord application commands and webhooks.')
    .version(VERSION, '-V, --version')
    .option('--color', 'force colour output')
    .option('--no-color', 'disable colour output')
    .option('-C, --chdir <dir>', 'run as if cmdsync was started in <dir>')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
}

type RunLint = (opts: LintCommandOptions, ctx: CliContext) => Promise<number>;

/** `cmdsync lint`; `load` gives the implementation (lazily in the full CLI, directly in the lint entry). */
export function registerLint(
  program: Command,
  ctx: CliContext,
  setExit: (code: number) => void,
  load: () => Promise<RunLint>,
): void {
  program
    .command('lint')
    .description('check manifests offline against every rule and limit of the interface')
    .argument('[files...]', 'manifest files (default: cmdsync.yaml, cmdsync.yml or cmdsync.json)')
    .option('-m, --manifest <path>', 'manifest file, when no files are given')
    .addOption(
      new Option('-f, --format <format>', 'output format (default: github under GitHub Actions, else stylish)').choices(
        LINT_FORMATS,
      ),
    )
    .option('--json', 'the same as --format json, as on every command that reports')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', parseCount)
    .option('-q, --quiet', 'report errors only')
    .option('--stdin-filename <name>', 'with - as a file: lint standard input as this file (positions, includes)')
    .action(async (files: string[], opts) => {
      if (opts.json && opts.format !== undefined && opts.format !== 'json')
        throw new UsageError(`--json and --format ${opts.format} disagree; give one.`);
      const format = opts.json ? 'json' : opts.format;
      const runLint = await load();
      setExit(
        await runLint(
          {
            files,
            manifest: opts.manifest,
            format,
            maxWarnings: opts.maxWarnings,
            quiet: !!opts.quiet,
            stdinFilename: opts.stdinFilename,
          },
          ctx,
        ),
      );
    });
}

export function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--max-warnings takes a whole number, not "${value}".`);
  return n;
}

/** Commander's own exits (help, version, a usage error it has already printed), then every other error. */
export function handleError(err: unknown, ctx: CliContext, usageExit: number, json = false): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
      return 0;
    // Commander has printed its message on stderr; a --json run still gets its one document.
    if (json) writeErrorDocument(ctx, 'USAGE', err.message.replace(/^error: /, ''));
    return usageExit;
  }
  return exitCodeFor(err, ctx, usageExit, json);
}

/** `cmdsync lint` with the option parser: the lint entry's path for help and usage errors. */
export async function runLintProgram(argv: string[]): Promise<number> {
  const ctx = contextFor(argv);
  let exitCode = 0;
  const program = createProgram(ctx);
  try {
    applyChdir(argv, ctx);
  } catch (err) {
    return handleError(err, ctx, 2);
  }
  registerLint(
    program,
    ctx,
    (code) => (exitCode = code),
    async () => (await import('./commands/lint.js')).runLint,
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (err) {
    return handleError(err, ctx, 2, argv.includes('--json'));
  }
}
