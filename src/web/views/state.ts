/**
 * The State view: what shapes the emulator's next answers — rate-limit
 * windows, the daily create allowance, injected faults, gateway sessions,
 * interactions endpoints (with a button to check one) —
 * and the event log, where a refused request says what refused it (a rate
 * limit, a fault, missing authorization). The tables are re-read on a timer
 * and soon after each request; the log grows from the live feed.
 */
import type { ActivityEntry } from '../../emulator/view/activity.js';
import type { ViewState } from '../../emulator/view/state-panel.js';
import { CONTROL, controlHeaders, getJson } from '../api.js';
import type { AppContext, MountView } from '../app-context.js';
import { h } from '../dom.js';
import { endpointRows } from './state-endpoints.js';
import { applicationName, clock, countdown, describeEntry, ENTRY_KINDS, faultAction, faultCounter, faultMatch, intentNames, REFUSAL_TEXT, scopeName } from '../state/describe.js';

/** Rows the log keeps, as many as the emulator's activity log holds. */
const LOG_ROWS = 500;
const REFRESH_MS = 2000;
/** A burst of requests re-reads the tables once. */
const REQUEST_THROTTLE_MS = 500;
const FILTERS = ['all', ...ENTRY_KINDS, 'refused'] as const;

function table(head: string[], rows: HTMLTableRowElement[], empty: string): HTMLElement {
  if (rows.length === 0) return h('p', { class: 'muted empty' }, empty);
  return h(
    'table',
    {},
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        head.map((t) => h('th', {}, t)),
      ),
    ),
    h('tbody', {}, rows),
  );
}

function section(id: string, title: string): { el: HTMLElement; summary: HTMLElement; body: HTMLElement; actions: HTMLElement } {
  const summary = h('span', { class: 'summary muted' });
  const actions = h('span', { class: 'actions' });
  const body = h('div', { class: 'body' });
  const el = h('section', { id, class: 'panel' }, h('header', {}, h('h2', {}, title), summary, actions), body);
  return { el, summary, body, actions };
}

/** A meter of what is left of a limit. */
function meter(left: number, limit: number): HTMLElement {
  const pct = limit > 0 ? Math.round((left / limit) * 100) : 0;
  const bar = h('span', { class: 'fill' });
  bar.style.width = `${pct}%`;
  return h('span', { class: `meter${left === 0 ? ' empty' : pct < 34 ? ' low' : ''}`, title: `${left} of ${limit} left` }, bar);
}

async function control(method: 'DELETE', path: string): Promise<void> {
  const res = await fetch(CONTROL + path, { method, headers: controlHeaders() });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

export const mountState: MountView = (el: HTMLElement, app: AppContext) => {
  const limits = section('rate-limits', 'Rate limits');
  const daily = section('daily-creates', 'Daily command creates');
  const faults = section('faults', 'Faults');
  const gateway = section('gateway', 'Gateway sessions');
  const endpoints = section('endpoints', 'Interactions endpoints');
  const log = section('event-log', 'Event log');
  const error = h('p', { class: 'error', role: 'alert', hidden: '' });

  const rows = h('ol', { class: 'log-rows', 'data-filter': 'all', 'aria-live': 'polite' });
  const filterButtons = FILTERS.map((f) => {
    const b = h('button', { type: 'button', class: `filter${f === 'all' ? ' active' : ''}`, 'data-filter': f, 'aria-pressed': String(f === 'all') }, f);
    b.addEventListener('click', () => {
      rows.dataset.filter = f;
      for (const other of filterButtons) {
        const on = other === b;
        other.classList.toggle('active', on);
        other.setAttribute('aria-pressed', String(on));
      }
    });
    return b;
  });
  log.actions.append(h('span', { class: 'filters', role: 'group', 'aria-label': 'Show' }, filterButtons));
  log.body.append(rows);

  const clearFaults = h('button', { type: 'button', class: 'secondary small' }, 'Remove all');
  clearFaults.addEventListener('click', () => void control('DELETE', '/faults').then(refresh, showError));
  faults.actions.append(clearFaults);
  const resetDaily = h('button', { type: 'button', class: 'secondary small' }, 'Start over');
  resetDaily.addEventListener('click', () => void control('DELETE', '/daily-creates').then(refresh, showError));
  daily.actions.append(resetDaily);

  el.append(h('div', { class: 'state-view' }, error, h('div', { class: 'state-grid' }, limits.el, daily.el, faults.el, gateway.el, endpoints.el), log.el));

  // Rate-limit reset countdowns tick between reads: each cell knows when its window ends.
  const tick = () => {
    const t = performance.now();
    for (const cell of limits.body.querySelectorAll<HTMLElement>('[data-reset-at]')) cell.textContent = countdown(Number(cell.dataset.resetAt) - t);
  };

  function showError(err: unknown): void {
    error.hidden = false;
    error.textContent = `Could not read the emulator's state: ${err instanceof Error ? err.message : String(err)}`;
  }

  function renderState(s: ViewState): void {
    error.hidden = true;
    const readAt = performance.now();
    const world = app.world;

    limits.summary.textContent = s.rateLimits.enabled ? `on · ${s.rateLimits.global.limit ?? 'no'} requests per second per caller` : 'off (started with rate limits disabled)';
    limits.body.replaceChildren(
      table(
        ['Bucket', 'Route', 'Caller', 'Left', '', 'Resets in'],
        s.rateLimits.buckets.map((b) =>
          h(
            'tr',
            { 'data-bucket': b.bucket, class: b.remaining === 0 ? 'exhausted' : undefined },
            h('td', {}, b.bucket),
            h('td', { class: 'mono key' }, b.key),
            h('td', { class: 'mono muted nowrap' }, b.caller),
            h('td', { class: 'num' }, `${b.remaining}/${b.limit}`),
            h('td', {}, meter(b.remaining, b.limit)),
            h('td', { class: 'num', 'data-reset-at': String(readAt + b.resetAfterMs) }, countdown(b.resetAfterMs)),
          ),
        ),
        s.rateLimits.enabled ? 'No open window: no request in the last moments.' : 'Rate limits are off.',
      ),
    );

    resetDaily.hidden = s.dailyCreates.scopes.length === 0;
    daily.summary.textContent = `${s.dailyCreates.day} (UTC) · ${s.dailyCreates.limit_per_guild} per guild · global creates are counted, not limited`;
    daily.body.replaceChildren(
      table(
        ['Application', 'Scope', 'Used', 'Left', ''],
        s.dailyCreates.scopes.map((d) =>
          h(
            'tr',
            { 'data-scope': d.scope, class: d.left === 0 ? 'exhausted' : undefined },
            h('td', {}, applicationName(world, d.application_id)),
            h('td', {}, scopeName(d.scope, world)),
            h('td', { class: 'num' }, d.used),
            h('td', { class: 'num' }, d.left === null ? '—' : d.left),
            h('td', {}, d.left === null ? '' : meter(d.left, s.dailyCreates.limit_per_guild)),
          ),
        ),
        'No command created today.',
      ),
    );

    faults.summary.textContent = s.faults.length === 0 ? '' : `${s.faults.length} rule${s.faults.length === 1 ? '' : 's'}`;
    clearFaults.hidden = s.faults.length === 0;
    faults.body.replaceChildren(
      table(
        ['#', 'Does', 'Matches', 'Counter'],
        s.faults.map((f, i) =>
          h(
            'tr',
            { 'data-fault': String(i), class: f.injected > 0 ? 'fired' : undefined },
            h('td', { class: 'num' }, i + 1),
            h('td', {}, faultAction(f)),
            h('td', { class: 'mono' }, faultMatch(f)),
            h('td', { class: 'counter' }, faultCounter(f)),
          ),
        ),
        'No fault injected. Add rules with POST /__emulator/faults or startEmulator({ faults }).',
      ),
    );

    gateway.summary.textContent = `${s.interactions.live} live interaction${s.interactions.live === 1 ? '' : 's'}`;
    gateway.body.replaceChildren(
      table(
        ['Application', 'Intents', 'Shard', 'Guilds', 'Since', 'Sent'],
        s.gateway.sessions.map((g) =>
          h(
            'tr',
            { class: g.connectedSinceMs === null ? 'detached' : undefined },
            h('td', {}, applicationName(world, g.applicationId)),
            h('td', { class: 'intents' }, intentNames(g.intents)),
            h('td', { class: 'num' }, `${g.shard[0]}/${g.shard[1]}`),
            h('td', { class: 'num' }, g.guilds),
            h('td', {}, g.connectedSinceMs !== null ? clock(g.connectedSinceMs).slice(0, 8) : g.resumable ? 'dropped, resumable' : 'dropped, expired'),
            h('td', { class: 'num' }, g.seq),
          ),
        ),
        'No bot connected to the gateway.',
      ),
    );
    endpoints.body.replaceChildren(
      table(
        ['Application', 'Delivery', 'Last check', ''],
        endpointRows(s.interactions.endpoints, world, () => void refresh(), showError),
        'No application.',
      ),
    );
    tick();
  }

  let stopped = false;
  let reading = false;
  async function refresh(): Promise<void> {
    if (stopped || reading) return;
    reading = true;
    try {
      const s = await getJson<ViewState>('/view/state');
      if (!stopped) renderState(s);
    } catch (err) {
      if (!stopped) showError(err);
    } finally {
      reading = false;
    }
  }

  const seen = new Set<number>();
  function addEntry(e: ActivityEntry): void {
    if (seen.has(e.seq)) return;
    seen.add(e.seq);
    const line = describeEntry(e, app.world);
    const classes = ['entry', line.failed ? 'failed' : '', line.refusedBy ? `refused refused-${line.refusedBy}` : ''].filter(Boolean).join(' ');
    const row = h(
      'li',
      { class: classes, 'data-seq': String(e.seq), 'data-kind': line.kind, ...(line.refusedBy ? { 'data-refused-by': line.refusedBy } : {}) },
      h('time', { datetime: new Date(e.at).toISOString() }, clock(e.at)),
      h('span', { class: `kind kind-${line.kind}` }, line.kind),
      h('span', { class: 'text mono' }, line.text),
      line.refusedBy ? h('span', { class: 'refusal' }, REFUSAL_TEXT[line.refusedBy]) : null,
      line.detail ? h('span', { class: 'detail muted' }, line.detail) : null,
    );
    // Newest at top; an entry of the first read that arrives after live ones goes to its place.
    let before: Element | null = rows.firstElementChild;
    while (before && Number((before as HTMLElement).dataset.seq) > e.seq) before = before.nextElementSibling;
    rows.insertBefore(row, before);
    while (rows.childElementCount > LOG_ROWS) {
      const last = rows.lastElementChild as HTMLElement;
      seen.delete(Number(last.dataset.seq));
      last.remove();
    }
    log.summary.textContent = `${rows.childElementCount} entr${rows.childElementCount === 1 ? 'y' : 'ies'}, newest first`;
  }

  let throttle: ReturnType<typeof setTimeout> | undefined;
  const timer = setInterval(() => void refresh(), REFRESH_MS);
  const ticker = setInterval(tick, 250);
  void refresh();
  getJson<{ entries: ActivityEntry[] }>('/view/activity').then((r) => {
    if (!stopped) for (const e of r.entries) addEntry(e);
  }, showError);

  return {
    onEntry(entry) {
      addEntry(entry);
      if (entry.kind === 'request' && !throttle) {
        throttle = setTimeout(() => {
          throttle = undefined;
          void refresh();
        }, REQUEST_THROTTLE_MS);
      }
    },
    onWorld() {
      void refresh();
    },
    unmount() {
      stopped = true;
      clearInterval(timer);
      clearInterval(ticker);
      clearTimeout(throttle);
    },
  };
};
