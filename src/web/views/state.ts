/**
 * The State view: what shapes the emulator's next answers — rate-limit
 * windows, the daily create allowance, injected faults, gateway sessions,
 * interactions endpoints (with a button to check one) —
 * and the event log, where a refused request says what refused it (a rate
 * limit, a fault, missing authorization). The tables are re-read on a timer
 * and soon after each request; the log grows from the live feed.
 */
import { html, nothing, render, type TemplateResult } from 'lit-html';
import type { ActivityEntry } from '../../emulator/view/activity-types.js';
import type { ViewState } from '../../emulator/view/state-types.js';
import { CONTROL, controlHeaders, getJson, postJson } from '../api.js';
import type { AppContext, MountView } from '../app-context.js';
import { endpointRows } from './state-endpoints.js';
import { EventLog, type LogFilter } from './state-log.js';
import {
  dailyBody,
  dailySummary,
  faultsBody,
  faultsSummary,
  gatewayBody,
  gatewaySummary,
  panel,
  rateLimitsBody,
  rateLimitsSummary,
  table,
} from './state-panels.js';

const REFRESH_MS = 2000;
/** The rate-limit countdowns tick this often between reads. */
const TICK_MS = 250;
/** A burst of requests re-reads the tables once. */
const REQUEST_THROTTLE_MS = 500;

async function control(method: 'DELETE', path: string): Promise<void> {
  const res = await fetch(CONTROL + path, { method, headers: controlHeaders() });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

class StateView {
  private state: ViewState | undefined;
  /** When the state was read (performance.now()): each reset countdown runs from there. */
  private readAt = 0;
  private error: string | undefined;
  private readonly log = new EventLog();
  /** Applications whose endpoint check is under way (until the next read shows its result). */
  private readonly checking = new Set<string>();
  private stopped = false;
  private reading = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly app: AppContext,
  ) {}

  private template(): TemplateResult {
    const s = this.state;
    const world = this.app.world;
    const button = (label: string, hidden: boolean, onClick: () => void) =>
      html`<button type="button" class="secondary small" ?hidden=${hidden} @click=${onClick}>${label}</button>`;
    const clearFaults = button('Remove all', s ? s.faults.length === 0 : false, () =>
      this.controlThenRefresh('/faults'),
    );
    const resetDaily = button('Start over', s ? s.dailyCreates.scopes.length === 0 : false, () =>
      this.controlThenRefresh('/daily-creates'),
    );
    const endpoints = s
      ? table(
          ['Application', 'Delivery', 'Last check', ''],
          endpointRows(s.interactions.endpoints, world, this.checking, this.check),
          'No application.',
        )
      : nothing;
    return html`<p class="error" role="alert" ?hidden=${this.error === undefined}>${this.error === undefined ? '' : `Could not read the emulator's state: ${this.error}`}</p><div class="state-grid">${[
      panel(
        'rate-limits',
        'Rate limits',
        s ? rateLimitsSummary(s) : '',
        nothing,
        s ? rateLimitsBody(s, this.readAt, performance.now()) : nothing,
      ),
      panel(
        'daily-creates',
        'Daily command creates',
        s ? dailySummary(s) : '',
        resetDaily,
        s ? dailyBody(s, world) : nothing,
      ),
      panel('faults', 'Faults', s ? faultsSummary(s) : '', clearFaults, s ? faultsBody(s) : nothing),
      panel('gateway', 'Gateway sessions', s ? gatewaySummary(s) : '', nothing, s ? gatewayBody(s, world) : nothing),
      panel('endpoints', 'Interactions endpoints', '', nothing, endpoints),
    ]}</div>${panel('event-log', 'Event log', this.log.summary(), this.log.filters(this.filter), this.log.list())}`;
  }

  draw(): void {
    if (!this.stopped) render(this.template(), this.root);
  }

  private readonly filter = (f: LogFilter): void => {
    this.log.filter = f;
    this.draw();
  };

  private readonly showError = (err: unknown): void => {
    this.error = errorText(err);
    this.draw();
  };

  private controlThenRefresh(path: string): void {
    void control('DELETE', path).then(() => this.refresh(), this.showError);
  }

  private readonly check = (applicationId: string): void => {
    this.checking.add(applicationId);
    this.draw();
    void postJson('/interactions/endpoint-check', { applicationId }).then(() => this.refresh(), this.showError);
  };

  async refresh(): Promise<void> {
    if (this.stopped || this.reading) return;
    this.reading = true;
    try {
      const s = await getJson<ViewState>('/view/state');
      if (this.stopped) return;
      this.state = s;
      this.readAt = performance.now();
      this.error = undefined;
      this.checking.clear();
      this.draw();
    } catch (err) {
      if (!this.stopped) this.showError(err);
    } finally {
      this.reading = false;
    }
  }

  addEntries(entries: readonly ActivityEntry[]): void {
    if (this.stopped) return;
    let added = false;
    for (const e of entries) added = this.log.add(e, this.app.world) || added;
    if (added) this.draw();
  }

  readLog(): void {
    getJson<{ entries: ActivityEntry[] }>('/view/activity').then((r) => this.addEntries(r.entries), this.showError);
  }

  stop(): void {
    this.stopped = true;
  }
}

export const mountState: MountView = (el: HTMLElement, app: AppContext) => {
  const root = document.createElement('div');
  root.className = 'state-view';
  el.append(root);
  const view = new StateView(root, app);
  view.draw();
  let throttle: ReturnType<typeof setTimeout> | undefined;
  const timer = setInterval(() => void view.refresh(), REFRESH_MS);
  const ticker = setInterval(() => view.draw(), TICK_MS);
  void view.refresh();
  view.readLog();

  return {
    onEntry(entry) {
      view.addEntries([entry]);
      if (entry.kind === 'request' && !throttle) {
        throttle = setTimeout(() => {
          throttle = undefined;
          void view.refresh();
        }, REQUEST_THROTTLE_MS);
      }
    },
    onWorld() {
      void view.refresh();
    },
    unmount() {
      view.stop();
      clearInterval(timer);
      clearInterval(ticker);
      clearTimeout(throttle);
    },
  };
};
