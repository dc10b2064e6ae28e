/**
 * The State view's tables as lit-html templates, one function per panel:
 * rate-limit windows (with a countdown to each reset), today's command
 * creates, fault rules with their counters, gateway sessions. Pure over the
 * state read, the world and the time they are drawn at.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { styleMap } from 'lit-html/directives/style-map.js';
import type { ViewState } from '../../emulator/view/state-types.js';
import type { ViewWorld } from '../../emulator/view/world-types.js';
import {
  applicationName,
  clock,
  countdown,
  faultAction,
  faultCounter,
  faultMatch,
  intentNames,
  scopeName,
} from '../state/describe.js';

type Body = TemplateResult | typeof nothing;

/** One panel: its title, a one-line summary, buttons, and the table. */
export function panel(id: string, title: string, summary: string, actions: Body, body: Body): TemplateResult {
  return html`<section id=${id} class="panel"><header><h2>${title}</h2><span class="summary muted">${summary}</span><span class="actions">${actions}</span></header><div class="body">${body}</div></section>`;
}

export function table(head: string[], rows: TemplateResult[], empty: string): TemplateResult {
  if (rows.length === 0) return html`<p class="muted empty">${empty}</p>`;
  return html`<table><thead><tr>${head.map((t) => html`<th>${t}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** A meter of what is left of a limit. */
function meter(left: number, limit: number): TemplateResult {
  const pct = limit > 0 ? Math.round((left / limit) * 100) : 0;
  return html`<span class="meter${left === 0 ? ' empty' : pct < 34 ? ' low' : ''}" title="${left} of ${limit} left"><span class="fill" style=${styleMap({ width: `${pct}%` })}></span></span>`;
}

/** The open windows; `readAt` is when the state was read and `now` when this is drawn (the countdowns tick between reads). */
export function rateLimitsBody(s: ViewState, readAt: number, now: number): TemplateResult {
  const rows = s.rateLimits.buckets.map((b) => {
    const resetAt = readAt + b.resetAfterMs;
    return html`<tr data-bucket=${b.bucket} class=${b.remaining === 0 ? 'exhausted' : nothing}><td>${b.bucket}</td><td class="mono key">${b.key}</td><td class="mono muted nowrap">${b.caller}</td><td class="num">${b.remaining}/${b.limit}</td><td>${meter(b.remaining, b.limit)}</td><td class="num" data-reset-at=${String(resetAt)}>${countdown(resetAt - now)}</td></tr>`;
  });
  return table(
    ['Bucket', 'Route', 'Caller', 'Left', '', 'Resets in'],
    rows,
    s.rateLimits.enabled ? 'No open window: no request in the last moments.' : 'Rate limits are off.',
  );
}

export function rateLimitsSummary(s: ViewState): string {
  return s.rateLimits.enabled
    ? `on · ${s.rateLimits.global.limit ?? 'no'} requests per second per caller`
    : 'off (started with rate limits disabled)';
}

export function dailyBody(s: ViewState, world: ViewWorld): TemplateResult {
  const limit = s.dailyCreates.limit_per_guild;
  const rows = s.dailyCreates.scopes.map(
    (d) =>
      html`<tr data-scope=${d.scope} class=${d.left === 0 ? 'exhausted' : nothing}><td>${applicationName(world, d.application_id)}</td><td>${scopeName(d.scope, world)}</td><td class="num">${d.used}</td><td class="num">${d.left === null ? '—' : d.left}</td><td>${d.left === null ? '' : meter(d.left, limit)}</td></tr>`,
  );
  return table(['Application', 'Scope', 'Used', 'Left', ''], rows, 'No command created today.');
}

export function dailySummary(s: ViewState): string {
  return `${s.dailyCreates.day} (UTC) · ${s.dailyCreates.limit_per_guild} per guild · global creates are counted, not limited`;
}

export function faultsBody(s: ViewState): TemplateResult {
  const rows = s.faults.map(
    (f, i) =>
      html`<tr data-fault=${String(i)} class=${f.injected > 0 ? 'fired' : nothing}><td class="num">${i + 1}</td><td>${faultAction(f)}</td><td class="mono">${faultMatch(f)}</td><td class="counter">${faultCounter(f)}</td></tr>`,
  );
  return table(
    ['#', 'Does', 'Matches', 'Counter'],
    rows,
    'No fault injected. Add rules with POST /__emulator/faults or startEmulator({ faults }).',
  );
}

export function faultsSummary(s: ViewState): string {
  return s.faults.length === 0 ? '' : `${s.faults.length} rule${s.faults.length === 1 ? '' : 's'}`;
}

export function gatewayBody(s: ViewState, world: ViewWorld): TemplateResult {
  const rows = s.gateway.sessions.map((g) => {
    const since =
      g.connectedSinceMs !== null
        ? clock(g.connectedSinceMs).slice(0, 8)
        : g.resumable
          ? 'dropped, resumable'
          : 'dropped, expired';
    return html`<tr class=${g.connectedSinceMs === null ? 'detached' : nothing}><td>${applicationName(world, g.applicationId)}</td><td class="intents">${intentNames(g.intents)}</td><td class="num">${g.shard[0]}/${g.shard[1]}</td><td class="num">${g.guilds}</td><td>${since}</td><td class="num">${g.seq}</td></tr>`;
  });
  return table(
    ['Application', 'Intents', 'Shard', 'Guilds', 'Since', 'Sent'],
    rows,
    'No bot connected to the gateway.',
  );
}

export function gatewaySummary(s: ViewState): string {
  return `${s.interactions.live} live interaction${s.interactions.live === 1 ? '' : 's'}`;
}
