import { UsageError } from '../../errors.js';
import { formatPlanJson, formatPlanMarkdown, formatPlanText } from '../../report/plan/index.js';
import type { CliContext } from '../context.js';
import { readSavedPlan } from '../../sync/plan-file.js';

export const SHOW_FORMATS = ['text', 'json', 'markdown'] as const;
export type ShowFormat = (typeof SHOW_FORMATS)[number];

export interface ShowOptions {
  planFile: string;
  format?: ShowFormat;
  json: boolean;
}

/**
 * `cmdsync show PLANFILE`, as `terraform show`: a saved plan rendered as the
 * plan command renders it, offline (no credential, no request). The JSON is
 * the same document `plan --json` prints.
 */
export async function runShow(opts: ShowOptions, ctx: CliContext): Promise<number> {
  if (opts.json && opts.format && opts.format !== 'json')
    throw new UsageError(`--json and --format ${opts.format} disagree; give one.`);
  const format: ShowFormat = opts.json ? 'json' : (opts.format ?? 'text');
  const plan = readSavedPlan(ctx.cwd, opts.planFile);
  if (format === 'json') ctx.stdout.write(formatPlanJson(plan));
  else if (format === 'markdown')
    ctx.stdout.write(formatPlanMarkdown(plan, { title: `cmdsync plan (${opts.planFile})` }));
  else ctx.stdout.write(formatPlanText(plan));
  return 0;
}
