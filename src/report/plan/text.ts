import { colors } from '../color.js';
import type { Plan, ScopePlan } from '../../plan/model.js';
import {
  NO_CHANGES,
  actionHeadline,
  fieldLines,
  keptLine,
  permissionHeadline,
  permissionLines,
  planIsEmpty,
  scopeTitle,
  summaryLine,
  warningLines,
  warningShownInline,
  webhookFieldLines,
  sharedWebhookAddresses,
  webhookHeadline,
  type Line,
  type Sign,
} from './describe.js';

export interface PlanTextOptions {
  /** Also list commands and permission sets that are already up to date. */
  showNoop?: boolean;
  /** Guild id -> name, to head `guild:<id>` blocks with a readable name. */
  guildNames?: Readonly<Record<string, string>>;
}

/** Terraform's colours: green adds, yellow changes in place, red removes, magenta replaces. */
function paint(sign: Sign): string {
  switch (sign) {
    case '+':
      return colors().green(sign);
    case '~':
      return colors().yellow(sign);
    case '-':
      return colors().red(sign);
    case '-/+':
      return colors().magenta(sign);
    case ' ':
      return sign;
  }
}

/**
 * One line with its sign right-aligned in three columns (Terraform aligns
 * `  +` with `-/+` the same way), indented under its heading.
 */
function render(line: Line, indent: number, width: number): string {
  const pad = ' '.repeat(indent + 4 * (line.depth ?? 0) + width - line.sign.length);
  const text = line.warn ? colors().yellow(line.text) : line.sign === ' ' ? colors().dim(line.text) : line.text;
  return `${pad}${paint(line.sign)} ${text}${line.note ? `  ${colors().dim(line.note)}` : ''}`;
}

function scopeBlock(plan: Plan, scope: ScopePlan, opts: PlanTextOptions, withKept: boolean): string[] {
  const body: string[] = [];
  for (const line of warningLines(plan, scope.key)) body.push(render(line, 2, 3));
  for (const action of scope.actions) {
    if (action.kind === 'noop' && !opts.showNoop) continue;
    body.push(render(actionHeadline(scope, action), 2, 3));
    for (const line of fieldLines(scope, action)) body.push(render(line, 8, 1));
    if (action.kind !== 'noop') for (const line of warningLines(plan, action.address)) body.push(render(line, 8, 1));
  }
  for (const perm of scope.permissions) {
    if (perm.kind === 'noop' && !opts.showNoop) continue;
    body.push(render(permissionHeadline(scope, perm), 2, 3));
    if (perm.kind !== 'noop') for (const line of permissionLines(scope, perm)) body.push(render(line, 8, 1));
  }
  // What an apply spends of the day's allowance, so a second run that day is not a surprise.
  if (scope.creates > 0 && scope.create_allowance !== undefined) {
    const today = scope.creates_today;
    const earlier = today
      ? ` ${today.used} ${today.used === 1 ? 'was' : 'were'} already spent today (${today.counted_by === 'emulator' ? 'counted by the emulator' : "by cmdsync's own applies, as cmdsync.lock.json records"}).`
      : '';
    body.push(
      colors().dim(
        `    Spends ${scope.creates} of today's ${scope.create_allowance} command creates in this guild.${earlier}`,
      ),
    );
  }
  if (withKept && scope.kept.length > 0) {
    body.push(colors().dim(`  Kept (not managed by the manifest):`));
    for (const k of scope.kept) body.push(colors().dim(`      ${keptLine(scope, k)}`));
  }
  return body.length > 0 ? [colors().bold(scopeTitle(scope, opts.guildNames)), ...body] : [];
}

/** After a "No changes" line, unmanaged commands are still worth a mention: they explain remote commands the manifest does not list. */
function keptNote(plan: Plan): string[] {
  const all = plan.scopes.flatMap((s) => s.kept.map((k) => `  ${s.key}/${keptLine(s, k)}`));
  if (all.length === 0) return [];
  const n = all.length;
  return [
    colors().dim(`Kept ${n} remote command${n === 1 ? '' : 's'} the manifest does not manage:`),
    ...all.map((l) => colors().dim(l)),
  ];
}

/** What changes how the whole plan should be read goes before it, not after: permission sets that will not be applied. */
const UP_FRONT: ReadonlySet<string> = new Set(['bearer-missing']);

function upFront(plan: Plan): string[] {
  return plan.warnings.filter((w) => UP_FRONT.has(w.code)).map((w) => colors().yellow().bold(`Warning: ${w.message}`));
}

function diagnostics(plan: Plan): string[] {
  const out: string[] = [];
  if (plan.errors.length > 0) {
    out.push(colors().red().bold('Errors (apply will refuse this plan):'));
    for (const e of plan.errors) out.push(colors().red(`  ✖ ${e.message} [${e.rule}]`));
  }
  // A scope about to be emptied is said on a line of its own, above the rest, as Terraform says "destroy".
  for (const w of plan.warnings) if (w.code === 'mass-delete') out.push(colors().red().bold(`Warning: ${w.message}`));
  const others = plan.warnings.filter(
    (w) => w.code !== 'mass-delete' && !UP_FRONT.has(w.code) && !warningShownInline(plan, w),
  );
  if (others.length > 0) {
    out.push(colors().yellow().bold('Warnings:'));
    for (const w of others) out.push(colors().yellow(`  ! ${w.scope ? `[${w.scope}] ` : ''}${w.message}`));
  }
  return out;
}

/** Declared webhooks, after the command scopes. */
function webhookBlock(plan: Plan): string[] {
  const wp = plan.webhooks;
  if (!wp) return [];
  const lines: string[] = [];
  const shared = sharedWebhookAddresses(wp.actions);
  for (const a of wp.actions) {
    if (a.kind === 'noop') continue;
    lines.push(render(webhookHeadline(a, shared), 2, 3));
    for (const line of [...webhookFieldLines(a), ...warningLines(plan, a.address)]) lines.push(render(line, 8, 1));
  }
  for (const k of wp.kept)
    lines.push(colors().dim(`      kept: channel:${k.channelId}/webhook/${k.name} (prune: false)`));
  return lines.length > 0 ? [colors().bold('webhooks'), ...lines] : [];
}

/** Blank-line-separated sections, ending with a newline. */
function join(sections: string[][]): string {
  return `${sections
    .filter((s) => s.length > 0)
    .map((s) => s.join('\n'))
    .join('\n\n')}\n`;
}

/** The human plan: a Terraform-style tree per scope, then warnings, then the summary line. */
export function formatPlanText(plan: Plan, opts: PlanTextOptions = {}): string {
  const empty = planIsEmpty(plan);
  if (empty && !opts.showNoop) return join([upFront(plan), [NO_CHANGES], keptNote(plan), diagnostics(plan)]);

  const blocks = [...plan.scopes.map((s) => scopeBlock(plan, s, opts, true)), webhookBlock(plan)];
  const intro = empty ? [] : ['cmdsync will perform the following actions:'];
  const footer = empty ? NO_CHANGES : colors().bold(summaryLine(plan));
  return join([intro, upFront(plan), ...blocks, diagnostics(plan), [footer]]);
}
