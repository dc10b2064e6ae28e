import { CmdsyncError } from '../errors.js';
import { PLAN_FORMAT_VERSION, type Plan } from './model.js';
import { requestWithKind } from './requests.js';

/**
 * `plan --out FILE` writes the plan as JSON; `apply FILE` reads it back and
 * carries out exactly it. The file holds definitions and ids, never a
 * credential. A file of another major format version is refused (minor
 * versions only add keys); each request of an older 1.x file is given the
 * kind apply goes by (format 1.4).
 */
export function serializePlan(plan: Plan): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

export function parsePlan(text: string, source: string): Plan {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CmdsyncError('PLAN_FILE_INVALID', `${source} is not a cmdsync plan file (not JSON).`);
  }
  const plan = value as Partial<Plan>;
  if (
    typeof plan !== 'object' ||
    plan === null ||
    typeof plan.format_version !== 'string' ||
    !Array.isArray(plan.scopes) ||
    typeof plan.application_id !== 'string'
  ) {
    throw new CmdsyncError('PLAN_FILE_INVALID', `${source} is not a cmdsync plan file.`);
  }
  const major = plan.format_version.split('.')[0];
  if (major !== PLAN_FORMAT_VERSION.split('.')[0]) {
    throw new CmdsyncError(
      'PLAN_FILE_VERSION',
      `${source} has plan format ${plan.format_version}; this cmdsync reads ${PLAN_FORMAT_VERSION.split('.')[0]}.x. Plan again with this version.`,
    );
  }
  return withRequestKinds(plan as Plan, source);
}

function withRequestKinds(plan: Plan, source: string): Plan {
  const kinds = <R extends { kind?: unknown; method?: unknown; route?: unknown }>(
    requests: unknown,
    webhook: boolean,
  ): R[] => {
    if (!Array.isArray(requests))
      throw new CmdsyncError('PLAN_FILE_INVALID', `${source} is not a cmdsync plan file (a scope without requests).`);
    return requests.map((r: R) => ({ ...r, kind: requestWithKind(r, webhook, source) }));
  };
  return {
    ...plan,
    scopes: plan.scopes.map((s) => ({ ...s, requests: kinds(s.requests, false) })),
    ...(plan.webhooks ? { webhooks: { ...plan.webhooks, requests: kinds(plan.webhooks.requests, true) } } : {}),
  };
}
