import { colors } from '../report/color.js';
import { CmdsyncError, SilentExit, UsageError } from '../errors.js';
import { writeLine, type CliContext } from './context.js';

/**
 * Under `--json`, a failure is still one JSON document on stdout, so a script
 * parsing stdout gets `error.code` (stable) rather than nothing. The message
 * is the one stderr shows, which never holds a credential.
 */
export function writeErrorDocument(ctx: CliContext, code: string, message: string): void {
  ctx.stdout.write(`${JSON.stringify({ error: { code, message } }, null, 2)}\n`);
}

/** The one place errors become messages and exit codes; never a stack trace for a user error. */
export function exitCodeFor(err: unknown, ctx: CliContext, usageExit: number, json = false): number {
  // Already reported (lint findings, a refused manifest's document): nothing more to say.
  if (err instanceof SilentExit) return err.exitCode;
  if (err instanceof UsageError) {
    writeLine(ctx.stderr, `${colors().red('error:')} ${err.message}`);
    if (json) writeErrorDocument(ctx, err.code, err.message);
    return usageExit;
  }
  if (err instanceof CmdsyncError) {
    writeLine(ctx.stderr, `${colors().red('error:')} ${err.message}`);
    if (json) writeErrorDocument(ctx, err.code, err.message);
    return 1;
  }
  const e = err instanceof Error ? err : new Error(String(err));
  writeLine(
    ctx.stderr,
    `${colors().red('internal error:')} ${e.message}\nThis is a bug in cmdsync; please report it${ctx.env.CMDSYNC_DEBUG ? `\n${e.stack}` : ' (set CMDSYNC_DEBUG=1 for details)'}.`,
  );
  if (json) writeErrorDocument(ctx, 'INTERNAL', e.message);
  return usageExit === 2 ? 2 : 1;
}
