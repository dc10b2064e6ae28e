import type { Plan, ScopePlan } from '../../plan/model.js';
import {
  NO_CHANGES,
  actionHeadline,
  changingActions,
  fieldLines,
  keptLine,
  permissionHeadline,
  permissionLines,
  planIsEmpty,
  scopeCounts,
  scopeTitle,
  summaryLine,
  warningLines,
  warningShownInline,
  webhookFieldLines,
  sharedWebhookAddresses,
  webhookHeadline,
  type Line,
} from './describe.js';
import { escapeHtml, escapeInline } from '../markdown.js';

/**
 * The plan as GitHub-flavoured Markdown for `$GITHUB_STEP_SUMMARY` or a PR
 * comment: a table of counts per scope, then a collapsed `diff` block per
 * scope. GitHub rejects a step summary over 1 MiB outright ("upload aborted"),
 * so the output is cut to a byte budget and says how much was left out.
 */

/** GitHub's cap per step, less room for anything else the step appends. */
export const STEP_SUMMARY_LIMIT = 1024 * 1024;
export const DEFAULT_MARKDOWN_MAX_BYTES = STEP_SUMMARY_LIMIT - 16 * 1024;

export interface PlanMarkdownOptions {
  maxBytes?: number;
  title?: string;
  guildNames?: Readonly<Record<string, string>>;
  /** Why a cut plan was cut (default: a step summary's 1 MiB limit). */
  limitNote?: string;
}

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/**
 * In a `diff` block GitHub colours a line by its first character: `+` green,
 * `-` red, `!` orange, `#` grey. Terraform's `~` has no colour there, so an
 * in-place change is written `!` (as Terraform PR-comment tools do).
 */
function diffLine(line: Line, field: boolean): string {
  const lead = line.warn ? '!' : line.sign === '~' ? '!' : line.sign;
  const note = line.note ? `  ${line.note}` : '';
  // The lead already marks a warning orange; `! !` would say it twice.
  const text = line.warn ? line.text.replace(/^! /, 'Warning: ') : line.text;
  return field
    ? `${lead[0]}       ${'    '.repeat(line.depth ?? 0)}${text}${note}`
    : `${lead.padEnd(3)} ${text}${note}`;
}

interface Entry {
  text: string;
  /** Counts toward "N more actions not shown" (kept-command notes do not). */
  counts: boolean;
}

function scopeEntries(plan: Plan, scope: ScopePlan): Entry[] {
  const entries: Entry[] = [];
  const scopeWarnings = warningLines(plan, scope.key);
  if (scopeWarnings.length > 0)
    entries.push({ text: `${scopeWarnings.map((l) => diffLine(l, false)).join('\n')}\n`, counts: false });
  for (const a of scope.actions) {
    if (a.kind === 'noop') continue;
    const lines = [
      diffLine(actionHeadline(scope, a), false),
      ...[...fieldLines(scope, a), ...warningLines(plan, a.address)].map((l) => diffLine(l, true)),
    ];
    entries.push({ text: `${lines.join('\n')}\n`, counts: true });
  }
  for (const p of scope.permissions) {
    if (p.kind === 'noop') continue;
    const lines = [
      diffLine(permissionHeadline(scope, p), false),
      ...permissionLines(scope, p).map((l) => diffLine(l, true)),
    ];
    entries.push({ text: `${lines.join('\n')}\n`, counts: true });
  }
  for (const k of scope.kept)
    entries.push({ text: `#   kept, not managed by the manifest: ${keptLine(scope, k)}\n`, counts: false });
  return entries;
}

function webhookEntries(plan: Plan): string[] {
  const actions = plan.webhooks?.actions ?? [];
  const shared = sharedWebhookAddresses(actions);
  return actions
    .filter((a) => a.kind !== 'noop')
    .map(
      (a) =>
        `${[diffLine(webhookHeadline(a, shared), false), ...[...webhookFieldLines(a), ...warningLines(plan, a.address)].map((l) => diffLine(l, true))].join('\n')}\n`,
    );
}

/** A fence longer than any backtick run inside, so a description holding ``` cannot close the block. */
function fenceFor(texts: string[]): string {
  let longest = 0;
  for (const t of texts) for (const run of t.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

function scopeSummaryText(scope: ScopePlan): string {
  const c = scopeCounts(scope);
  const parts = (['create', 'update', 'rename', 'replace', 'delete'] as const)
    .filter((k) => c[k] > 0)
    .map((k) => `${c[k]} to ${k}`);
  if (c.permissions > 0) parts.push(`${c.permissions} permission set${c.permissions === 1 ? '' : 's'}`);
  if (parts.length === 0) parts.push('no changes');
  return parts.join(', ');
}

/** One row of the counts table: a number per column, or `undefined` where the column does not apply (webhooks have no renames). */
interface CountsRow {
  label: string;
  counts: Array<number | undefined>;
}

const COLUMNS = ['Create', 'Update', 'Rename', 'Replace', 'Delete', 'Permission sets', 'Requests'];

/**
 * The scopes and the webhooks with something to do: a row of zeros says
 * nothing, and every request the plan counts is in a row, so the total is
 * the sum of the rows.
 */
function countRows(plan: Plan): CountsRow[] {
  const rows: CountsRow[] = plan.scopes.map((s) => {
    const c = scopeCounts(s);
    return {
      label: `\`${s.key}\``,
      counts: [c.create, c.update, c.rename, c.replace, c.delete, c.permissions, s.requests.length],
    };
  });
  const hooks = plan.webhooks;
  if (hooks) {
    const count = (k: string): number => hooks.actions.filter((a) => a.kind === k).length;
    rows.push({
      label: '`webhooks`',
      counts: [
        count('create'),
        count('update'),
        undefined,
        undefined,
        count('delete'),
        undefined,
        hooks.requests.length,
      ],
    });
  }
  return rows.filter((r) => r.counts.some((n) => (n ?? 0) > 0));
}

function table(plan: Plan): string {
  const rows = countRows(plan);
  const lines = [`| Scope | ${COLUMNS.join(' | ')} |`, `|---|${COLUMNS.map(() => '--:').join('|')}|`];
  for (const r of rows)
    lines.push(`| ${r.label} | ${r.counts.map((n) => (n === undefined ? '—' : String(n))).join(' | ')} |`);
  const totals = COLUMNS.map((_, i) => rows.reduce((sum, r) => sum + (r.counts[i] ?? 0), 0));
  lines.push(`| **Total** | ${totals.join(' | ')} |`);
  const spends = plan.scopes
    .filter((s) => s.creates > 0 && s.create_allowance !== undefined)
    .map((s) => `\`${s.key}\` ${s.creates} of ${s.create_allowance}`);
  const allowance = spends.length > 0 ? `\nToday's command creates spent by this apply: ${spends.join(', ')}.\n` : '';
  return `${lines.join('\n')}\n${allowance}\n`;
}

function notices(plan: Plan): string[] {
  const out: string[] = [];
  for (const e of plan.errors) out.push(`> [!CAUTION]\n> ${escapeInline(e.message)} (\`${e.rule}\`)\n\n`);
  for (const w of plan.warnings)
    if (!warningShownInline(plan, w) || w.code === 'mass-delete')
      out.push(
        `> [!${w.code === 'mass-delete' ? 'CAUTION' : 'WARNING'}]\n> ${w.scope ? `\`${w.scope}\`: ` : ''}${escapeInline(w.message)}\n\n`,
      );
  return out;
}

/** Appends parts while they fit, always keeping room for what must still be written after them. */
class Budget {
  readonly parts: string[] = [];
  private used = 0;
  constructor(private readonly max: number) {}
  fits(s: string, reserve: number): boolean {
    return this.used + bytes(s) + reserve <= this.max;
  }
  add(s: string): void {
    this.parts.push(s);
    this.used += bytes(s);
  }
}

function omittedLine(n: number, note = 'a step summary is limited to 1 MiB'): string {
  const what = n > 0 ? `${n} more action${n === 1 ? '' : 's'} not shown` : 'the rest of the plan is not shown';
  return `\n_… ${what}: ${note}. Run \`cmdsync plan\` for the full plan._\n`;
}

/** Cuts on a UTF-8 character boundary: the last resort when the budget is smaller than the fixed text. */
function cutToBytes(s: string, max: number): string {
  const buf = Buffer.from(s, 'utf8');
  if (buf.length <= max) return s;
  let end = max;
  while (end > 0 && (buf[end] & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

export function formatPlanMarkdown(plan: Plan, opts: PlanMarkdownOptions = {}): string {
  const max = opts.maxBytes ?? DEFAULT_MARKDOWN_MAX_BYTES;
  const total = plan.scopes.reduce((n, s) => n + changingActions(s), 0);
  // Room for the omission line with the largest count it could ever print.
  const tail = bytes(omittedLine(Math.max(total, 10), opts.limitNote));
  const budget = new Budget(max);
  const empty = planIsEmpty(plan);

  let shown = 0;
  let truncated = false;
  const header = [
    `## ${escapeInline(opts.title ?? 'cmdsync plan')}\n\n`,
    `**${empty ? NO_CHANGES : summaryLine(plan)}**\n\n`,
    ...(empty ? [] : [table(plan)]),
    ...notices(plan),
  ];
  for (const part of header) {
    if (!budget.fits(part, tail)) {
      truncated = true;
      break;
    }
    budget.add(part);
  }

  for (const scope of truncated ? [] : plan.scopes) {
    const entries = scopeEntries(plan, scope);
    if (entries.length === 0) continue;
    const fence = fenceFor(entries.map((e) => e.text));
    const open = `<details><summary><code>${escapeHtml(scopeTitle(scope, opts.guildNames))}</code>: ${scopeSummaryText(scope)}</summary>\n\n${fence}diff\n`;
    const close = `${fence}\n\n</details>\n\n`;
    if (!budget.fits(open + entries[0].text, bytes(close) + tail)) {
      truncated = true;
      break;
    }
    budget.add(open);
    for (const entry of entries) {
      if (!budget.fits(entry.text, bytes(close) + tail)) {
        truncated = true;
        break;
      }
      budget.add(entry.text);
      if (entry.counts) shown++;
    }
    budget.add(close);
    if (truncated) break;
  }

  const hooks = truncated ? [] : webhookEntries(plan);
  if (hooks.length > 0) {
    const fence = fenceFor(hooks);
    const block = `<details><summary><code>webhooks</code></summary>\n\n${fence}diff\n${hooks.join('')}${fence}\n\n</details>\n\n`;
    if (budget.fits(block, tail)) budget.add(block);
    else truncated = true;
  }

  if (truncated) budget.add(omittedLine(total - shown, opts.limitNote));
  return cutToBytes(budget.parts.join(''), max);
}
