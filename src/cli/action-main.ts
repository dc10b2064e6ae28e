import { actionDirectory } from '../github/inputs.js';
import { runCiAction } from './commands/ci-action.js';
import { contextFor } from './context.js';
import { exitCodeFor } from './exit-code.js';

/**
 * The GitHub Action's step (action.yml, `runs.main`): a JavaScript action the
 * runner starts with its own Node, from the bundle committed in action/
 * (scripts/build-action.mjs), so a job installs and builds nothing. The
 * inputs come as the runner's `INPUT_*` variables. The runner starts it in
 * the workspace: it moves to its `working-directory` itself, the process
 * too, for the parts of the library that read the process's directory (bot
 * test files' names). An error nothing below reported is one message and
 * exit 1, never a stack trace.
 */
export async function main(): Promise<number> {
  const ctx = contextFor([]);
  try {
    ctx.cwd = actionDirectory(ctx.env, ctx.cwd);
    process.chdir(ctx.cwd);
    return await runCiAction(ctx);
  } catch (err) {
    return exitCodeFor(err, ctx, 1);
  }
}
