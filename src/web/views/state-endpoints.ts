/**
 * The State view's table of how each application receives interactions:
 * over the gateway, or POSTed to its endpoint URL with the last check of that
 * URL, and a button that runs the service's check (a signed PING, then a
 * forged one) now.
 */
import type { ViewState } from '../../emulator/view/state-panel.js';
import type { ViewWorld } from '../../emulator/view/world-view.js';
import { postJson } from '../api.js';
import { h } from '../dom.js';
import { applicationName, clock } from '../state/describe.js';

type Endpoint = ViewState['interactions']['endpoints'][number];

function lastCheckCell(e: Endpoint): HTMLElement {
  if (!e.url) return h('td', { class: 'muted' }, '—');
  if (!e.lastCheck) return h('td', { class: 'muted check' }, 'not checked yet');
  const when = clock(e.lastCheck.at).slice(0, 8);
  return e.lastCheck.ok
    ? h('td', { class: 'check ok', 'data-check': 'ok' }, `passes (${when})`)
    : h('td', { class: 'check failed', 'data-check': 'failed' }, `${e.lastCheck.problems.join('; ')} (${when})`);
}

/** The rows; `onChecked` re-reads the state after a check (its result is kept by the emulator). */
export function endpointRows(endpoints: readonly Endpoint[], world: ViewWorld | undefined, onChecked: () => void, onError: (err: unknown) => void): HTMLTableRowElement[] {
  return endpoints.map((e) => {
    const button = e.url ? h('button', { type: 'button', class: 'secondary small', 'data-check-endpoint': e.applicationId }, 'Check now') : null;
    button?.addEventListener('click', () => {
      button.disabled = true;
      button.textContent = 'Checking…';
      void postJson('/interactions/endpoint-check', { applicationId: e.applicationId }).then(onChecked, onError);
    });
    return h(
      'tr',
      { 'data-application': e.applicationId },
      h('td', {}, applicationName(world, e.applicationId)),
      h('td', { class: e.url ? 'mono' : 'muted' }, e.url ?? 'gateway (no endpoint URL)'),
      lastCheckCell(e),
      h('td', {}, button),
    );
  });
}
