import { Command, CommanderError, Option } from 'commander';
import kleur from 'kleur';
import { CmdsyncError, SilentExit, UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { processContext, writeLine, type CliContext } from './context.js';
import type { LintCommandOptions } from './commands/lint.js';

/** What every entry point shares: the program with its global options, and the mapping of errors to exit codes. */
export function createProgram(ctx: CliContext): Command {
  return new Command('cmdsync')
    .description('Declarative sync for Discord application commands and webhooks.')
    .version(VERSION, '-v, --version')
    .option('--color', 'force colour output')
    .option('--no-color', 'disable colour output')
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.stdout.write(s),
      writeErr: (s) => ctx.stderr.write(s),
    });
}

/** The context of a run: colour decided once, from flags and environment, and pushed into kleur. */
export function contextFor(argv: string[], ctxOverride?: CliContext): CliContext {
  const colorFlag = argv.includes('--no-color') ? false : argv.includes('--color') ? true : undefined;
  const ctx = ctxOverride ?? processContext(colorFlag);
  kleur.enabled = ctx.terminal.color;
  return ctx;
}

type RunLint = (opts: LintCommandOptions, ctx: CliContext) => Promise<number>;

/** `cmdsync lint`; `load` gives the implementation (lazily in the full CLI, directly in the lint entry). */
export function registerLint(program: Command, ctx: CliContext, setExit: (code: number) => void, load: () => Promise<RunLint>): void {
  program
    .command('lint')
    .description('check manifests offline against every rule and limit of the interface')
    .argument('[files...]', 'manifest files (default: cmdsync.yaml, cmdsync.yml or cmdsync.json)')
    .option('-m, --manifest <path>', 'manifest file, when no files are given')
    .addOption(new Option('-f, --format <format>', 'output format (default: github under GitHub Actions, else stylish)').choices(['stylish', 'unix', 'json', 'github']))
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', parseCount)
    .option('-q, --quiet', 'report errors only')
    .action(async (files: string[], opts) => {
      const runLint = await load();
      setExit(await runLint({ files, manifest: opts.manifest, format: opts.format, maxWarnings: opts.maxWarnings, quiet: !!opts.quiet }, ctx));
    });
}

export function parseCount(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--max-warnings takes a whole number, not "${value}".`);
  return n;
}

/** The one place errors become messages and exit codes; never a stack trace for a user error. */
export function handleError(err: unknown, ctx: CliContext, usageExit: number): number {
  if (err instanceof CommanderError) {
    if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') return 0;
    return usageExit;
  }
  if (err instanceof SilentExit) return err.exitCode;
  if (err instanceof UsageError) {
    writeLine(ctx.stderr, `${kleur.red('error:')} ${err.message}`);
    return usageExit;
  }
  if (err instanceof CmdsyncError) {
    writeLine(ctx.stderr, `${kleur.red('error:')} ${err.message}`);
    return 1;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  writeLine(ctx.stderr, `${kleur.red('internal error:')} ${e.message}\nThis is a bug in cmdsync; please report it${ctx.env.CMDSYNC_DEBUG ? `\n${e.stack}` : ' (set CMDSYNC_DEBUG=1 for details)'}.`);
  return usageExit === 2 ? 2 : 1;
}
