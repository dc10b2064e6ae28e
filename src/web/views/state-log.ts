/**
 * The State view's event log: the entries the page has seen (the first read,
 * then the live feed), newest first, at most as many as the emulator keeps,
 * each described once (state/describe.ts), and the filter that shows one kind
 * or the refused requests.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { repeat } from 'lit-html/directives/repeat.js';
import type { ActivityEntry } from '../../emulator/view/activity-types.js';
import type { ViewWorld } from '../../emulator/view/world-types.js';
import { clock, describeEntry, ENTRY_KINDS, REFUSAL_TEXT, type EntryLine } from '../state/describe.js';

/** Rows the log keeps, as many as the emulator's activity log holds. */
const LOG_ROWS = 500;
export const FILTERS = ['all', ...ENTRY_KINDS, 'refused'] as const;
export type LogFilter = (typeof FILTERS)[number];

interface Row {
  entry: ActivityEntry;
  line: EntryLine;
}

export class EventLog {
  /** Newest first. */
  private readonly rows: Row[] = [];
  private readonly seen = new Set<number>();
  filter: LogFilter = 'all';

  /** Adds an entry in its place (one of the first read may arrive after live ones); false when already there. */
  add(entry: ActivityEntry, world: ViewWorld): boolean {
    if (this.seen.has(entry.seq)) return false;
    this.seen.add(entry.seq);
    let i = 0;
    while (i < this.rows.length && this.rows[i]!.entry.seq > entry.seq) i++;
    this.rows.splice(i, 0, { entry, line: describeEntry(entry, world) });
    for (const gone of this.rows.splice(LOG_ROWS)) this.seen.delete(gone.entry.seq);
    return true;
  }

  summary(): string {
    const n = this.rows.length;
    return n === 0 ? '' : `${n} entr${n === 1 ? 'y' : 'ies'}, newest first`;
  }

  filters(onFilter: (f: LogFilter) => void): TemplateResult {
    return html`<span class="filters" role="group" aria-label="Show">${FILTERS.map(
      (f) =>
        html`<button type="button" class="filter${f === this.filter ? ' active' : ''}" data-filter=${f} aria-pressed=${String(f === this.filter)} @click=${() => onFilter(f)}>${f}</button>`,
    )}</span>`;
  }

  list(): TemplateResult {
    return html`<ol class="log-rows" data-filter=${this.filter} aria-live="polite">${repeat(
      this.rows,
      (r) => r.entry.seq,
      (r) => row(r),
    )}</ol>`;
  }
}

function row({ entry, line }: Row): TemplateResult {
  const classes = ['entry', line.failed ? 'failed' : '', line.refusedBy ? `refused refused-${line.refusedBy}` : '']
    .filter(Boolean)
    .join(' ');
  return html`<li class=${classes} data-seq=${String(entry.seq)} data-kind=${line.kind} data-refused-by=${line.refusedBy ?? nothing}><time datetime=${new Date(entry.at).toISOString()}>${clock(entry.at)}</time><span class="kind kind-${line.kind}">${line.kind}</span><span class="text mono">${line.text}</span>${line.refusedBy ? html`<span class="refusal">${REFUSAL_TEXT[line.refusedBy]}</span>` : nothing}${line.detail ? html`<span class="detail muted">${line.detail}</span>` : nothing}</li>`;
}
