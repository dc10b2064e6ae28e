/**
 * Control endpoints for interactions (loopback, control token, like the rest
 * of /__emulator):
 *   POST /__emulator/interactions                 invoke a command; the answer is what the user would see
 *   POST /__emulator/interactions/endpoint-check  the service's check of an app's interactions endpoint URL
 *   POST /__emulator/interactions/click|select|modal-submit  a member using components (component-control.ts)
 */
import type { EmulatorResponse } from '../http/http-types.js';
import type { EndpointCheck } from '../interactions/deliver.js';
import type { InvokeOutcome, InvokeRequest } from '../interactions/invoke.js';
import { outcomeForPage } from '../view/page-outcome.js';
import { isWaitSeconds, WAIT_SECONDS_RANGE } from '../../wire/interactions/callback.js';
import type { ComponentActions } from '../interactions/component-api.js';
import { componentControl } from './component-control.js';
import type { Obj } from '../../wire/rules/values.js';

const STRING_FIELDS = [
  'line',
  'userCommand',
  'messageCommand',
  'target',
  'guildId',
  'channelId',
  'userId',
  'locale',
  'applicationId',
] as const;

/** The request, or what is wrong with it. */
export function parseInvokeRequest(body: unknown): InvokeRequest | string {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'Send a JSON object: { "line": "/name …", "channelId", "userId", … }';
  const b = body as Obj;
  for (const k of STRING_FIELDS) if (b[k] !== undefined && typeof b[k] !== 'string') return `${k} must be a string`;
  if (b.context !== undefined && b.context !== 'guild' && b.context !== 'bot-dm' && b.context !== 'private-channel')
    return 'context must be guild, bot-dm or private-channel';
  if (b.autocomplete !== undefined && typeof b.autocomplete !== 'boolean') return 'autocomplete must be true or false';
  if (b.waitSeconds !== undefined && !isWaitSeconds(b.waitSeconds))
    return `waitSeconds must be a number of seconds ${WAIT_SECONDS_RANGE}`;
  if (b.files !== undefined && (typeof b.files !== 'object' || b.files === null))
    return 'files must be a mapping of path to { size, contentType }';
  return b as InvokeRequest;
}

export function interactionControl(
  invoke: (req: InvokeRequest) => Promise<InvokeOutcome>,
  check: (applicationId?: string) => Promise<EndpointCheck | string>,
  components?: ComponentActions,
): (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined {
  const used = components ? componentControl(components) : () => undefined;
  return (method, path, body) => {
    if (path === '/interactions' && method === 'POST') {
      const req = parseInvokeRequest(body);
      if (typeof req === 'string') return Promise.resolve({ status: 400, body: { message: req } });
      // The web view asks with `forPage`: it is answered without the interaction's token.
      const { forPage, ...request } = req as InvokeRequest & { forPage?: unknown };
      return invoke(request).then((outcome) => ({
        status: 200,
        body: forPage === true ? outcomeForPage(outcome) : outcome,
      }));
    }
    if (path === '/interactions/endpoint-check' && method === 'POST') {
      const appId =
        typeof body === 'object' && body !== null ? (body as { applicationId?: unknown }).applicationId : undefined;
      return check(typeof appId === 'string' ? appId : undefined).then((r) =>
        typeof r === 'string' ? { status: 400, body: { message: r } } : { status: 200, body: r },
      );
    }
    return used(method, path, body);
  };
}
