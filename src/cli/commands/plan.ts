import { resolve } from 'node:path';
import { planSync, type PlanResult } from '../../sync/plan.js';
import { savePlanFile } from '../../sync/plan-file.js';
import { scopeSelection } from '../../sync/scopes.js';
import { declaredGuildIds } from '../names.js';
import { planBlockers, planStatus } from '../../sync/status.js';
import type { Plan } from '../../plan/model.js';
import { serializePlan } from '../../plan/plan-file.js';
import type { StrategyChoice } from '../../plan/strategy.js';
import { formatPlanJson, formatPlanMarkdown, formatPlanText } from '../../report/plan/index.js';
import { writeRedactedStepSummary } from '../github-redaction.js';
import { annotation } from '../../report/github.js';
import { createReadProgress } from '../../report/plan/read-progress.js';
import { UsageError } from '../../errors.js';
import { writeLine, type CliContext } from '../context.js';
import { readManifestForSync } from '../manifest-input.js';
import { openSession, type Session } from '../session.js';
import { notifyDeploy } from '../notify.js';

export interface SyncOptions {
  manifest?: string;
  emulator: boolean;
  apiUrl?: string;
  debug: boolean;
  json: boolean;
  strategy: StrategyChoice;
  force: boolean;
  guild: string[];
  global: boolean;
  /** A webhook URL to post a deploy report to (or CMDSYNC_NOTIFY_WEBHOOK). */
  notify?: string;
}

export interface PlanCliOptions extends SyncOptions {
  out?: string;
  detailedExitcode: boolean;
}

/** Reads the manifest, opens a session, plans. The caller closes the session. */
export async function makePlan(opts: SyncOptions, ctx: CliContext): Promise<{ result: PlanResult; session: Session }> {
  const loaded = readManifestForSync(opts.manifest, ctx);
  const session = await openSession(
    { emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, manifest: loaded.manifest },
    ctx,
  );
  const progress = await createReadProgress(ctx.terminal, ctx.stderr);
  try {
    const result = await planSync({
      progress,
      manifestPath: loaded.path,
      cwd: ctx.cwd,
      env: ctx.env,
      target: session,
      strategy: opts.strategy,
      force: opts.force,
      only: scopeSelection(await declaredGuildIds(opts.guild, loaded.manifest.guilds), opts.global),
      loaded,
    });
    progress?.finish();
    return { result, session };
  } catch (err) {
    progress?.finish();
    await session.close();
    throw err;
  }
}

export function guildNames(result: PlanResult): Record<string, string> {
  return Object.fromEntries(result.manifest.guilds.filter((g) => g.name).map((g) => [g.id, g.name!]));
}

/** Human plan text, to stdout (or stderr when stdout carries JSON). */
export function showPlan(
  plan: Plan,
  result: PlanResult,
  ctx: CliContext,
  stream: NodeJS.WritableStream,
  title = 'cmdsync plan',
): void {
  stream.write(formatPlanText(plan, { guildNames: guildNames(result) }));
  writePlanAnnotations(plan, ctx, stream);
  if (ctx.env.GITHUB_STEP_SUMMARY)
    writeRedactedStepSummary(formatPlanMarkdown(plan, { title, guildNames: guildNames(result) }), ctx);
}

/** Under GitHub Actions, a scope about to be emptied is also an annotation, seen on the run's page without opening the log. */
export function writePlanAnnotations(plan: Plan, ctx: CliContext, stream: NodeJS.WritableStream): void {
  if (!ctx.terminal.isGitHubActions) return;
  for (const w of plan.warnings)
    if (w.code === 'mass-delete')
      writeLine(stream, annotation({ level: 'warning', title: 'cmdsync: mass deletion', message: w.message }));
}

/** What makes the run fail, one `error:` line each on stderr: blocking findings, and scopes that could not be read (with why). */
export function writePlanErrors(plan: Plan, ctx: CliContext): boolean {
  for (const message of planBlockers(plan)) writeLine(ctx.stderr, `error: ${message}`);
  return plan.errors.length > 0;
}

/** Exit 0 no changes, 2 changes with --detailed-exitcode, 1 error (Terraform's contract). */
export async function runPlan(opts: PlanCliOptions, ctx: CliContext): Promise<number> {
  if (opts.out === '-' && opts.json) throw new UsageError('--out - and --json both write to stdout; give one.');
  const { result, session } = await makePlan(opts, ctx);
  try {
    const { plan } = result;
    const outToStdout = opts.out === '-';
    if (opts.json) ctx.stdout.write(formatPlanJson(plan));
    else showPlan(plan, result, ctx, outToStdout ? ctx.stderr : ctx.stdout);
    if (opts.json) writePlanAnnotations(plan, ctx, ctx.stderr);
    if (opts.json && ctx.env.GITHUB_STEP_SUMMARY) writeRedactedStepSummary(formatPlanMarkdown(plan), ctx);
    if (outToStdout) ctx.stdout.write(serializePlan(plan));
    else if (opts.out) {
      savePlanFile(resolve(ctx.cwd, opts.out), plan);
      writeLine(ctx.stderr, `Saved the plan to ${opts.out}. Apply exactly it with: cmdsync apply ${opts.out}`);
    }
    const status = planStatus(plan);
    writePlanErrors(plan, ctx);
    await notifyDeploy(opts.notify, { plan, command: 'plan' }, ctx);
    if (status === 'blocked') return 1;
    return opts.detailedExitcode && status === 'changes' ? 2 : 0;
  } finally {
    await session.close();
  }
}
