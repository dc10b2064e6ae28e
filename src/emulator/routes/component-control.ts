/**
 * Control endpoints for a member's use of components and modals (loopback,
 * control token, like the rest of /__emulator):
 *   POST /__emulator/interactions/click         { messageId, button, userId?, locale?, waitSeconds? }
 *   POST /__emulator/interactions/select        { messageId, menu, values: [...], userId?, locale?, waitSeconds? }
 *   POST /__emulator/interactions/modal-submit  { userId, fields: { field: text }, applicationId?, locale?, waitSeconds? }
 * Each answers 200 with the outcome (what the member sees), or 400 naming what is wrong with the request.
 * The web view asks with `forPage: true`: the outcome comes without the interaction (its token is a credential).
 */
import { isWaitSeconds, WAIT_SECONDS_RANGE } from '../../wire/interactions/callback.js';
import type { EmulatorResponse } from '../http/http-types.js';
import type {
  ClickRequest,
  ComponentActions,
  ComponentOutcome,
  ModalSubmitRequest,
  SelectRequest,
} from '../interactions/component-api.js';
import { componentOutcomeForPage } from '../view/page-outcome.js';
import type { Obj } from '../../wire/rules/values.js';

/** The fields every request shares, checked; the first problem, or undefined. */
function commonProblem(b: Obj, required: readonly string[], optional: readonly string[]): string | undefined {
  for (const k of required) if (typeof b[k] !== 'string' || b[k] === '') return `${k} is required (a string)`;
  for (const k of optional) if (b[k] !== undefined && typeof b[k] !== 'string') return `${k} must be a string`;
  if (b.waitSeconds !== undefined && !isWaitSeconds(b.waitSeconds))
    return `waitSeconds must be a number of seconds ${WAIT_SECONDS_RANGE}`;
  return undefined;
}

// commonProblem checks the required and optional keys of each request; the casts below state what it checked.
export function parseClick(b: Obj): ClickRequest | string {
  return commonProblem(b, ['messageId', 'button'], ['userId', 'locale']) ?? (b as unknown as ClickRequest);
}

export function parseSelect(b: Obj): SelectRequest | string {
  const problem = commonProblem(b, ['messageId', 'menu'], ['userId', 'locale']);
  if (problem) return problem;
  if (!Array.isArray(b.values) || b.values.some((v) => typeof v !== 'string'))
    return 'values must be a list of strings (option values or labels, or ids)';
  return b as unknown as SelectRequest;
}

export function parseModalSubmit(b: Obj): ModalSubmitRequest | string {
  const problem = commonProblem(b, ['userId'], ['applicationId', 'locale']);
  if (problem) return problem;
  const fields = b.fields ?? {};
  if (
    typeof fields !== 'object' ||
    fields === null ||
    Array.isArray(fields) ||
    Object.values(fields).some((v) => typeof v !== 'string')
  )
    return 'fields must be a mapping of field (custom_id or label) to the text typed';
  return { ...(b as unknown as ModalSubmitRequest), fields: fields as Record<string, string> };
}

const PARSERS = {
  '/interactions/click': (a: ComponentActions, b: Obj) => run(parseClick(b), (r) => a.click(r)),
  '/interactions/select': (a: ComponentActions, b: Obj) => run(parseSelect(b), (r) => a.select(r)),
  '/interactions/modal-submit': (a: ComponentActions, b: Obj) => run(parseModalSubmit(b), (r) => a.submitModal(r)),
} as const;

function run<R>(req: R | string, act: (r: R) => Promise<ComponentOutcome>): Promise<EmulatorResponse> {
  if (typeof req === 'string') return Promise.resolve({ status: 400, body: { message: req } });
  return act(req).then((outcome) => ({ status: 200, body: outcome }));
}

export function componentControl(
  actions: ComponentActions,
): (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined {
  return (method, path, body) => {
    if (method !== 'POST' || !Object.hasOwn(PARSERS, path)) return undefined;
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      return Promise.resolve({ status: 400, body: { message: 'Send a JSON object' } });
    const { forPage, ...request } = body as Obj;
    const answer = PARSERS[path as keyof typeof PARSERS](actions, request);
    return forPage === true
      ? answer.then((r) => (r.status === 200 ? { ...r, body: componentOutcomeForPage(r.body as ComponentOutcome) } : r))
      : answer;
  };
}
