import { colors } from '../report/color.js';
import { CmdsyncError, SilentExit, UsageError } from '../errors.js';
import { writeLine, type CliContext } from './context.js';

/** The one place errors become messages and exit codes; never a stack trace for a user error. */
export function exitCodeFor(err: unknown, ctx: CliContext, usageExit: number): number {
  if (err instanceof SilentExit) return err.exitCode;
  if (err instanceof UsageError) {
    writeLine(ctx.stderr, `${colors().red('error:')} ${err.message}`);
    return usageExit;
  }
  if (err instanceof CmdsyncError) {
    writeLine(ctx.stderr, `${colors().red('error:')} ${err.message}`);
    return 1;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  writeLine(ctx.stderr, `${colors().red('internal error:')} ${e.message}\nThis is a bug in cmdsync; please report it${ctx.env.CMDSYNC_DEBUG ? `\n${e.stack}` : ' (set CMDSYNC_DEBUG=1 for details)'}.`);
  return usageExit === 2 ? 2 : 1;
}
