/**
 * The State view's table of how each application receives interactions:
 * over the gateway, or POSTed to its endpoint URL with the last check of that
 * URL, and a button that runs the service's check (a signed PING, then a
 * forged one) now.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import type { ViewState } from '../../emulator/view/state-types.js';
import type { ViewWorld } from '../../emulator/view/world-types.js';
import { applicationName, clock } from '../state/describe.js';

type Endpoint = ViewState['interactions']['endpoints'][number];

function lastCheckCell(e: Endpoint): TemplateResult {
  if (!e.url) return html`<td class="muted">—</td>`;
  if (!e.lastCheck) return html`<td class="muted check">not checked yet</td>`;
  const when = clock(e.lastCheck.at).slice(0, 8);
  return e.lastCheck.ok
    ? html`<td class="check ok" data-check="ok">passes (${when})</td>`
    : html`<td class="check failed" data-check="failed">${e.lastCheck.problems.join('; ')} (${when})</td>`;
}

/** The rows; `checking` holds the applications whose check is under way, `onCheck` starts one. */
export function endpointRows(
  endpoints: readonly Endpoint[],
  world: ViewWorld | undefined,
  checking: ReadonlySet<string>,
  onCheck: (applicationId: string) => void,
): TemplateResult[] {
  return endpoints.map((e) => {
    const busy = checking.has(e.applicationId);
    const button = e.url
      ? html`<button type="button" class="secondary small" data-check-endpoint=${e.applicationId} ?disabled=${busy} @click=${() => onCheck(e.applicationId)}>${busy ? 'Checking…' : 'Check now'}</button>`
      : nothing;
    return html`<tr data-application=${e.applicationId}><td>${applicationName(world, e.applicationId)}</td><td class=${e.url ? 'mono' : 'muted'}>${e.url ?? 'gateway (no endpoint URL)'}</td>${lastCheckCell(e)}<td>${button}</td></tr>`;
  });
}
