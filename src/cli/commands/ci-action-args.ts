import { Command, CommanderError } from 'commander';
import { UsageError } from '../../errors.js';
import { registerLint } from '../program-base.js';
import { registerApply, registerPlan } from '../sync-flags.js';
import type { CliContext } from '../context.js';
import type { ApplyCliOptions } from './apply.js';
import type { LintCommandOptions } from './lint.js';
import type { PlanCliOptions } from './plan.js';
import { defineTest } from './test-register.js';
import type { TestCliOptions } from './test.js';

/**
 * The action's `args` input, read with the CLI's own flag definitions: the
 * same words mean the same thing in a workflow as on a command line. Only
 * read here; the action then calls the library itself.
 */
async function parseWith<T>(
  register: (program: Command, keep: (opts: T) => void) => void,
  words: string[],
): Promise<T> {
  let parsed: T | undefined;
  const program = new Command('cmdsync')
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  register(program, (opts) => (parsed = opts));
  try {
    await program.parseAsync(words, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError)
      throw new UsageError(`the action's input args: ${err.message.replace(/^error: /, '')}`);
    throw err;
  }
  if (parsed === undefined) throw new UsageError(`the action's input args could not be read: ${words.join(' ')}`);
  return parsed;
}

export function parsePlanArgs(args: string[]): Promise<PlanCliOptions> {
  return parseWith<PlanCliOptions>(
    (program, keep) => registerPlan(program, async (opts) => keep(opts)),
    ['plan', ...args],
  );
}

export function parseApplyArgs(args: string[]): Promise<ApplyCliOptions> {
  return parseWith<ApplyCliOptions>(
    (program, keep) => registerApply(program, async (opts) => keep(opts)),
    ['apply', ...args],
  );
}

export function parseLintArgs(args: string[], ctx: CliContext): Promise<LintCommandOptions> {
  return parseWith<LintCommandOptions>(
    (program, keep) =>
      registerLint(
        program,
        ctx,
        () => undefined,
        async () => async (opts) => {
          keep(opts);
          return 0;
        },
      ),
    ['lint', ...args],
  );
}

export function parseTestArgs(args: string[]): Promise<TestCliOptions> {
  return parseWith<TestCliOptions>(
    (program, keep) => defineTest(program, async (opts) => keep(opts)),
    ['test', ...args],
  );
}
