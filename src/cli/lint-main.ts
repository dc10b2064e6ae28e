import { runLint } from './commands/lint.js';
import { contextFor } from './context.js';
import { exitCodeFor } from './exit-code.js';
import { parseLintArgs } from './lint-args.js';
import { applyChdir } from './workspace.js';

/**
 * `cmdsync lint` on its own, bundled into one file that starts from V8's code
 * cache (lint-launch.cts): pre-commit hooks pay its start-up on every commit.
 * The command line a hook writes is read by parseLintArgs; anything else
 * (help, a usage error) goes to the option parser, loaded only then. Same
 * options, output and exit codes as `cmdsync lint` in the full CLI.
 */
export async function main(argv: string[]): Promise<number> {
  const opts = parseLintArgs(argv);
  if (!opts) {
    const { runLintProgram } = await import('./program-base.js');
    return runLintProgram(argv);
  }
  const ctx = contextFor(argv);
  try {
    applyChdir(argv, ctx);
    return await runLint(opts, ctx);
  } catch (err) {
    return exitCodeFor(err, ctx, 2);
  }
}
