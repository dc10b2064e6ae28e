import type { CliContext } from './context.js';
import { contextFor } from './context.js';
import { applyChdir } from './workspace.js';
import { createProgram, handleError, registerLint } from './program-base.js';
import { registerWebhookCommands } from './commands/webhook/register.js';
import { registerDeployedCommands, registerInit, registerInvoke, registerMemberActions } from './program-commands.js';
import { registerEmulator } from './program-emulator.js';
import { registerApply, registerPlan } from './sync-flags.js';
import { registerTest } from './commands/test-register.js';

/**
 * Commander wiring only. Each action lazy-loads its module so `cmdsync lint`
 * (run in pre-commit hooks) never loads the network client or the emulator.
 */
export async function runCli(argvIn: string[], ctxOverride?: CliContext): Promise<number> {
  // -V is the convention (npm, git, Terraform's -version aside); -v was cmdsync's first spelling and keeps working.
  const argv = argvIn.length === 1 && argvIn[0] === '-v' ? ['-V'] : argvIn;
  const ctx = contextFor(argv, ctxOverride);
  // lint and test exit 2 on a usage error, as ESLint and test runners do.
  const usageExit = ['lint', 'test'].includes(subcommandOf(argv) ?? '') ? 2 : 1;
  // Read from the raw words: a usage error can stop the parser before it sees --json.
  const json = argv.includes('--json');
  let exitCode = 0;

  const program = createProgram(ctx);
  try {
    applyChdir(argv, ctx);
  } catch (err) {
    return handleError(err, ctx, usageExit);
  }

  const setExit = (code: number): void => {
    exitCode = code;
  };
  registerLint(program, ctx, setExit, async () => (await import('./commands/lint.js')).runLint);
  registerInit(program, ctx, setExit);
  registerPlan(program, async (opts) => {
    const { runPlan } = await import('./commands/plan.js');
    const { redactedForGitHub } = await import('./github-redaction.js');
    exitCode = await runPlan(opts, redactedForGitHub(ctx, { keepStdout: opts.out === '-' }));
  });

  registerApply(program, async (opts) => {
    const { runApply } = await import('./commands/apply.js');
    const { redactedForGitHub } = await import('./github-redaction.js');
    exitCode = await runApply(opts, redactedForGitHub(ctx));
  });

  registerDeployedCommands(program, ctx, setExit);
  registerWebhookCommands(program, ctx, setExit);

  registerInvoke(program, ctx, setExit);
  registerMemberActions(program, ctx, setExit);
  registerEmulator(program, ctx, setExit);
  registerTest(program, ctx, setExit);

  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (err) {
    return handleError(err, ctx, usageExit, json);
  }
}

/** The first word that is not a global option or its value (`cmdsync -C dir lint` is a lint). */
function subcommandOf(argv: readonly string[]): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '-C' || argv[i] === '--chdir') i++;
    else if (!argv[i].startsWith('-')) return argv[i];
  }
  return undefined;
}
