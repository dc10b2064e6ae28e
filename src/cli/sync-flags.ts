import { Option, type Command } from 'commander';
import { UsageError } from '../errors.js';
import type { ApplyCliOptions } from './commands/apply.js';
import type { PlanCliOptions, SyncOptions } from './commands/plan.js';
import type { Obj } from '../wire/rules/values.js';

/**
 * The flags of `plan` and `apply`, defined once: the CLI registers them, and
 * the GitHub Action reads its `args` input with the same definitions, so a
 * flag means the same in both.
 */

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

const syncOptions = (cmd: Command): Command =>
  cmd
    .option('-m, --manifest <path>', 'manifest file (default: cmdsync.yaml, cmdsync.yml or cmdsync.json)')
    .option('--emulator', 'run against an in-process emulator (state in .cmdsync/emulator.json)')
    .option('--api-url <url>', 'API base URL (env: CMDSYNC_API_URL)')
    .option('--guild <id|name>', 'only this guild: its id, or the name the manifest gives it (repeatable)', collect, [])
    .option('--global', 'only the global scope (with --guild: also it)')
    .addOption(
      new Option('--strategy <strategy>', 'how to write each scope')
        .choices(['auto', 'bulk', 'individual'])
        .default('auto'),
    )
    .option('--exceed-daily-creates', 'spend more than the daily create allowance')
    .addOption(new Option('--force').hideHelp())
    .option('--json', 'print one machine-readable document on stdout')
    .option('--debug', 'log requests to stderr (credentials masked)')
    .option('--notify <url>', 'post a summary embed to this webhook URL afterwards (env: CMDSYNC_NOTIFY_WEBHOOK)');

function syncFlags(opts: Obj): SyncOptions {
  // --force means "overwrite a file" everywhere; it once meant this here, so say where that went.
  if (opts.force)
    throw new UsageError(
      '--force only overwrites files; to spend more than the daily create allowance, pass --exceed-daily-creates.',
    );
  return {
    manifest: opts.manifest as string | undefined,
    emulator: !!opts.emulator,
    apiUrl: opts.apiUrl as string | undefined,
    debug: !!opts.debug,
    json: !!opts.json,
    strategy: opts.strategy as 'auto' | 'bulk' | 'individual',
    force: !!opts.exceedDailyCreates,
    guild: opts.guild as string[],
    global: !!opts.global,
    notify: opts.notify as string | undefined,
  };
}

export function registerPlan(program: Command, run: (opts: PlanCliOptions) => Promise<void>): Command {
  return syncOptions(program.command('plan').description('show what apply would change, field by field'))
    .option(
      '-o, --out <file>',
      'save the plan, to apply exactly it later (- for stdout: the human plan then goes to stderr)',
    )
    .option('--detailed-exitcode', 'exit 2 when there are changes (0 none, 1 error)')
    .action(async (opts) => run({ ...syncFlags(opts), out: opts.out, detailedExitcode: !!opts.detailedExitcode }));
}

export function registerApply(program: Command, run: (opts: ApplyCliOptions) => Promise<void>): Command {
  return syncOptions(program.command('apply').description('make the remote match the manifest (or apply a saved plan)'))
    .argument('[planfile]', 'a plan saved with plan --out: applied exactly, if the remote has not changed since')
    .option('--auto-approve', 'do not ask for confirmation')
    .option('--reason <text>', 'audit-log reason for webhook changes (default: cmdsync apply)')
    .option('--allow-mass-delete', "without a prompt, still delete more than half (or all) of a scope's commands")
    .action(async (planFile: string | undefined, opts) =>
      run({
        ...syncFlags(opts),
        planFile,
        autoApprove: !!opts.autoApprove,
        reason: opts.reason,
        allowMassDelete: !!opts.allowMassDelete,
      }),
    );
}
