import { CmdsyncError } from '../errors.js';
import type {
  WebhookAction,
  WebhookActionKind,
  WebhookPlan,
  WebhookRequest,
  WebhookRequestKind,
} from '../plan/model.js';

const ACTION_KIND: Record<WebhookRequestKind, WebhookActionKind> = {
  'webhook-delete': 'delete',
  'webhook-edit': 'update',
  'webhook-create': 'create',
};

/**
 * Each webhook request with the action it carries out. A request on an
 * existing webhook names it by id (plan format 1.3): two of the
 * application's webhooks may share a channel and a name, so their actions
 * share an address. A request without an id (an older saved plan) takes the
 * first action of its address and kind not taken yet. Pure, and checked
 * before the first write: a plan whose requests and actions disagree is
 * refused whole.
 */
export function pairWebhookRequests(wp: WebhookPlan): Array<{ req: WebhookRequest; action: WebhookAction }> {
  const taken = new Set<WebhookAction>();
  return wp.requests.map((req) => {
    const kind = ACTION_KIND[req.kind];
    const action = wp.actions.find(
      (a) =>
        !taken.has(a) &&
        a.kind === kind &&
        (req.id !== undefined ? a.remote?.id === req.id : a.address === req.addresses[0]),
    );
    if (!action)
      throw new CmdsyncError(
        'PLAN_FILE_INVALID',
        `The plan's ${req.method} ${req.route} for ${req.addresses.join(', ')}${req.id ? ` (webhook ${req.id})` : ''} matches none of its webhook actions; plan again.`,
      );
    taken.add(action);
    return { req, action };
  });
}
