/**
 * The deploy report `plan --notify` and `apply --notify` post to a webhook:
 * one embed with the application, the scopes, counts per action, the first
 * changed commands, the result, and a link to the CI run. Pure: the caller
 * posts it (src/cli/notify.ts). Built to stay inside the embed limits
 * (facts §5.5) whatever the plan holds, and checked with the same rules the
 * emulator applies.
 */
import type { Plan } from '../plan/model.js';
import { DEFAULT_LIMITS, resolveLimits } from '../wire/limits.js';
import { validateEmbeds } from '../wire/webhook.js';
import { VERSION } from '../version.js';
import { appliedCounts, sanitizeMessage } from './apply/result.js';
import type { ApplyResult } from '../sync/apply-result.js';
import { ACTION_SIGN, planIsEmpty, summaryLine } from './plan/describe.js';

export interface DeployReportInput {
  plan: Plan;
  /** Present for `apply` once it ran (absent when there was nothing to apply or it stopped before sending). */
  result?: ApplyResult;
  command: 'plan' | 'apply';
  /** Reads GITHUB_SERVER_URL, GITHUB_REPOSITORY, GITHUB_RUN_ID (and GITHUB_RUN_ATTEMPT). */
  env: Readonly<Record<string, string | undefined>>;
  /** A failure that ended the command without an ApplyResult (e.g. approval refused), already redacted. */
  error?: string;
  /** For tests: the embed's timestamp. */
  now?: Date;
}

export interface ReportEmbed {
  title: string;
  description: string;
  color: number;
  url?: string;
  fields: Array<{ name: string; value: string; inline?: boolean }>;
  footer: { text: string };
  timestamp: string;
}

/** Colours by outcome (the service's palette): success, changes pending, partial, failure. */
export const REPORT_COLORS = { success: 0x57f287, pending: 0x5865f2, partial: 0xfee75c, failure: 0xed4245 } as const;

/** How many changed commands the embed lists before "… and N more". */
export const REPORT_MAX_COMMANDS = 10;

const FIELD_VALUE_MAX = DEFAULT_LIMITS.embed_field_value_max;

/** Cut to `max` code points (never splitting a surrogate pair), marking the cut. */
function clip(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** The CI run's page, when GitHub Actions' variables say where it is. */
export function ciRunUrl(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const server = env.GITHUB_SERVER_URL?.trim().replace(/\/+$/, '');
  const repo = env.GITHUB_REPOSITORY?.trim();
  const run = env.GITHUB_RUN_ID?.trim();
  if (!server || !repo || !run || !/^https?:\/\//.test(server) || !/^\d+$/.test(run)) return undefined;
  const attempt = env.GITHUB_RUN_ATTEMPT?.trim();
  return `${server}/${repo}/actions/runs/${run}${attempt && /^\d+$/.test(attempt) && attempt !== '1' ? `/attempts/${attempt}` : ''}`;
}

type Outcome = keyof typeof REPORT_COLORS;

function outcomeOf(input: DeployReportInput): { outcome: Outcome; headline: string } {
  const { plan, result, command, error } = input;
  if (error !== undefined || plan.errors.length > 0) return { outcome: 'failure', headline: 'failed' };
  if (command === 'plan')
    return planIsEmpty(plan)
      ? { outcome: 'success', headline: 'no changes' }
      : { outcome: 'pending', headline: 'changes to apply' };
  if (!result)
    return planIsEmpty(plan)
      ? { outcome: 'success', headline: 'no changes' }
      : { outcome: 'failure', headline: 'not applied' };
  if (result.failed) return { outcome: 'failure', headline: 'failed' };
  if (result.permissionsSkipped) return { outcome: 'partial', headline: 'applied, permissions skipped' };
  return { outcome: 'success', headline: 'applied' };
}

function countsLine(plan: Plan): string {
  const s = plan.summary;
  const hooks = s.webhooks ? ` · webhooks +${s.webhooks.create} ~${s.webhooks.update} -${s.webhooks.delete}` : '';
  return `create ${s.create} · update ${s.update} · rename ${s.rename} · replace ${s.replace} · delete ${s.delete} · permission sets ${s.permissions}${hooks}`;
}

/** The first changed commands as a diff block; backticks are replaced so a name cannot close the block. */
function changedCommands(plan: Plan): string | undefined {
  const changed = plan.scopes.flatMap((s) => s.actions.filter((a) => a.kind !== 'noop'));
  if (changed.length === 0) return undefined;
  const shown = changed
    .slice(0, REPORT_MAX_COMMANDS)
    .map((a) => `${ACTION_SIGN[a.kind].padEnd(3)} ${clip(sanitizeMessage(a.address).replace(/`/g, "'"), 80)}`);
  const more = changed.length - shown.length;
  return `\`\`\`diff\n${shown.join('\n')}\n\`\`\`${more > 0 ? `\n… and ${more} more` : ''}`;
}

function resultLine(input: DeployReportInput): string {
  const { plan, result, command, error } = input;
  if (error !== undefined) return `Failed: ${sanitizeMessage(error)}`;
  if (plan.errors.length > 0)
    return `The plan has ${plan.errors.length} error${plan.errors.length === 1 ? '' : 's'}: ${plan.errors.map((e) => sanitizeMessage(e.message)).join('; ')}`;
  if (command === 'plan')
    return planIsEmpty(plan) ? 'Nothing to apply.' : `Planned only: nothing was applied. ${summaryLine(plan)}`;
  if (!result) return planIsEmpty(plan) ? 'Nothing to apply: the remote matches the manifest.' : 'Nothing was applied.';
  const lines: string[] = [];
  if (result.failed) {
    lines.push(`Failed at ${sanitizeMessage(result.failed.address)}: ${sanitizeMessage(result.failed.message)}`);
    lines.push(
      `Applied ${result.applied.length}, not applied ${result.notApplied.length}. Running apply again is safe.`,
    );
  } else {
    const incomplete =
      !!result.permissionsSkipped || result.notApplied.length > 0 || (result.skippedScopes?.length ?? 0) > 0;
    lines.push(`Apply ${incomplete ? 'incomplete' : 'complete'}: ${appliedCounts(result.applied)}.`);
  }
  if (result.permissionsSkipped) lines.push(sanitizeMessage(result.permissionsSkipped));
  return lines.join('\n');
}

export function deployReportEmbed(input: DeployReportInput): ReportEmbed {
  const { plan, command, env } = input;
  const { outcome, headline } = outcomeOf(input);
  const run = ciRunUrl(env);
  const scopes = plan.scopes.map((s) => s.key);
  const fields: ReportEmbed['fields'] = [
    {
      name: 'Application',
      value: clip(sanitizeMessage(plan.application_id) || '(unknown)', FIELD_VALUE_MAX),
      inline: true,
    },
    { name: 'Scopes', value: clip(scopes.length > 0 ? scopes.join(', ') : '(none)', FIELD_VALUE_MAX), inline: true },
    { name: 'Changes', value: countsLine(plan) },
  ];
  const commands = changedCommands(plan);
  if (commands !== undefined) fields.push({ name: 'Changed commands', value: clip(commands, FIELD_VALUE_MAX) });
  fields.push({ name: 'Result', value: clip(resultLine(input), FIELD_VALUE_MAX) });
  if (run)
    fields.push({
      name: 'CI run',
      value: clip(`[${sanitizeMessage(env.GITHUB_REPOSITORY ?? '')} #${env.GITHUB_RUN_ID}](${run})`, FIELD_VALUE_MAX),
    });

  const embed: ReportEmbed = {
    title: clip(`cmdsync ${command}: ${headline}`, DEFAULT_LIMITS.embed_title_max),
    description: clip(summaryLine(plan), DEFAULT_LIMITS.embed_description_max),
    color: REPORT_COLORS[outcome],
    ...(run ? { url: run } : {}),
    fields,
    footer: { text: `cmdsync ${VERSION}` },
    timestamp: (input.now ?? new Date()).toISOString(),
  };
  // A plan error list can be long; if the whole embed is still over a limit, shed the longest fields' text.
  if (validateEmbeds([embed], resolveLimits()).some((p) => p.severity === 'error')) {
    for (const f of embed.fields) f.value = clip(f.value, 300);
  }
  return embed;
}
