import { isApplicationsOwnWebhook } from '../wire/webhook.js';
import type { WebhookSetState, WebhookState } from '../wire/state.js';
import type { FieldChange, WebhookAction, WebhookPlan, WebhookRequest } from './model.js';
import { webhookCreateRequest, webhookRequest } from './requests.js';

/** What the lock file knows of the webhooks cmdsync manages, by id. */
export type WebhookLock = Readonly<Record<string, { key?: string; avatar?: string }>>;

export function avatarIdentity(w: WebhookState): string | null {
  if (!w.avatar) return null;
  return w.avatar.sha256 ? `sha256:${w.avatar.sha256}` : `url:${w.avatar.source}`;
}

function address(w: WebhookState): string {
  return w.key ? `webhook/${w.key}` : `channel:${w.channelId}/webhook/${w.name}`;
}

/** A create sent earlier whose answer was never seen (the lock file's `intents`): where it went, under which name. */
export interface WebhookIntentRef {
  channel_id: string;
  name: string;
  key?: string;
}

/** Whether `w` may be what the create `i` made: same channel, same name. */
export function answersIntent(i: WebhookIntentRef, w: { channelId: string; name: string }): boolean {
  return i.channel_id === w.channelId && i.name === w.name;
}

/** Whether the intent `i` is a create of the declared webhook `d`: by key when it has one, else by channel and name. */
export function intentIsFor(i: WebhookIntentRef, d: { key?: string; channelId: string; name: string }): boolean {
  return d.key ? i.key === d.key : !i.key && i.channel_id === d.channelId && i.name === d.name;
}

/** The channels a plan reads: the declared ones, and those earlier creates were sent to. */
export function webhookChannelsToRead(desired: WebhookSetState, intents: readonly WebhookIntentRef[]): string[] {
  return [...new Set([...desired.channels, ...intents.map((i) => i.channel_id)])];
}

/**
 * Reconciles declared webhooks like commands. Only incoming webhooks this
 * application created are ever touched: other applications', channel-follower
 * webhooks and those a user's webhook.incoming consent made for this
 * application are invisible to the plan. Identity: the key (via
 * the lock file's id), then a create of that key (or channel and name) whose
 * answer was lost (the lock file's intents), else the name within the
 * channel. The service has no idempotency key for webhooks, so a webhook
 * found this way is adopted, never created twice. An avatar is
 * compared through the lock file's record of what was sent; with no record,
 * a remote avatar is assumed to be the declared one (the service keeps only
 * its own hash), so a missing lock never causes an endless update.
 *
 * Unclaimed webhooks of this application are deleted in declared channels
 * (unless `prune: false`), and anywhere else when the lock file accounts for
 * them: a recorded id, or an intent they answer (so a webhook whose create
 * was interrupted is not orphaned when the manifest moves it away).
 */
export function planWebhooks(
  desired: WebhookSetState,
  actual: readonly WebhookState[],
  lock: WebhookLock,
  applicationId: string,
  intents: readonly WebhookIntentRef[] = [],
): WebhookPlan {
  const ours = actual.filter((w) => isApplicationsOwnWebhook(w, applicationId));
  const claimed = new Set<WebhookState>();
  const take = (w: WebhookState | undefined): WebhookState | undefined => {
    if (!w || claimed.has(w)) return undefined;
    claimed.add(w);
    return w;
  };
  const pairs = desired.webhooks.map((d) => {
    // A key may be recorded for a webhook that is gone (deleted by hand, another emulator): the one that exists wins.
    const lockedIds = d.key ? Object.keys(lock).filter((id) => lock[id]!.key === d.key) : [];
    return { d, r: take(ours.find((w) => lockedIds.includes(w.id!))) };
  });
  // A lost create is found where it was sent, under the name it was sent with, even if the manifest moved or renamed it since.
  for (const p of pairs) {
    if (p.r) continue;
    const mine = intents.filter((i) => intentIsFor(i, p.d));
    for (const i of mine) p.r ??= take(ours.find((w) => !claimed.has(w) && !lock[w.id!] && answersIntent(i, w)));
  }
  for (const p of pairs) {
    if (p.r) continue;
    const candidates = ours.filter(
      (w) => !claimed.has(w) && w.channelId === p.d.channelId && w.name === p.d.name && (!p.d.key || !lock[w.id!]?.key),
    );
    // With an avatar declared, one that has an avatar is the likelier match; either is adopted (and updated if need be).
    p.r = take(candidates.find((w) => (w.avatarHash != null) === (p.d.avatar != null)) ?? candidates[0]);
  }

  const actions: WebhookAction[] = pairs.map(({ d, r }) => {
    const identity = avatarIdentity(d);
    const base = {
      address: address(d),
      channelId: d.channelId,
      name: d.name,
      avatarIdentity: identity,
      ...(d.key ? { key: d.key } : {}),
      ...(d.origin ? { origin: { file: d.origin.file, path: [...d.origin.path] } } : {}),
    };
    if (!r) {
      const changes: FieldChange[] = [
        { path: 'channel_id', after: d.channelId },
        { path: 'name', after: d.name },
      ];
      if (d.avatar) changes.push({ path: 'avatar', after: d.avatar.source });
      return {
        ...base,
        kind: 'create',
        changes,
        body: { name: d.name, ...(d.avatar ? { avatar: d.avatar.source } : {}) },
      };
    }
    const remote = { id: r.id!, channelId: r.channelId, name: r.name };
    const changes: FieldChange[] = [];
    const body: NonNullable<WebhookAction['body']> = {};
    if (r.name !== d.name) {
      changes.push({ path: 'name', before: r.name, after: d.name });
      body.name = d.name;
    }
    if (r.channelId !== d.channelId) {
      changes.push({ path: 'channel_id', before: r.channelId, after: d.channelId });
      body.channel_id = d.channelId;
    }
    const recorded = lock[r.id!]?.avatar;
    const avatarChanged =
      identity === null ? r.avatarHash != null : recorded !== undefined ? recorded !== identity : r.avatarHash == null;
    if (avatarChanged) {
      changes.push({
        path: 'avatar',
        ...(r.avatarHash ? { before: r.avatarHash } : {}),
        ...(d.avatar ? { after: d.avatar.source } : {}),
      });
      body.avatar = d.avatar ? d.avatar.source : null;
    }
    return changes.length === 0
      ? { ...base, kind: 'noop', remote, changes }
      : { ...base, kind: 'update', remote, changes, body, ...(body.channel_id ? { reason: 'moved' } : {}) };
  });

  const kept: Array<WebhookPlan['kept'][number]> = [];
  const declared = new Set(desired.channels);
  for (const w of ours) {
    if (claimed.has(w)) continue;
    let reason: string;
    if (declared.has(w.channelId)) {
      if (desired.keep.includes(w.channelId)) {
        kept.push({ id: w.id!, channelId: w.channelId, name: w.name });
        continue;
      }
      reason = 'not in the manifest';
    } else if (lock[w.id!]) reason = 'no longer in the manifest';
    else if (intents.some((i) => answersIntent(i, w)))
      reason = 'created by an interrupted apply, no longer in the manifest';
    else continue;
    actions.push({
      kind: 'delete',
      address: `channel:${w.channelId}/webhook/${w.name}`,
      channelId: w.channelId,
      name: w.name,
      remote: { id: w.id!, channelId: w.channelId, name: w.name },
      changes: [],
      reason,
    });
  }
  return {
    actions,
    requests: webhookRequests(actions),
    kept,
    channels: webhookChannelsToRead(desired, intents),
    locked: Object.keys(lock),
  };
}

/** Deletes first (a channel holds at most 15), then edits and moves, then creates; a request on an existing webhook names it by id. */
function webhookRequests(actions: WebhookAction[]): WebhookRequest[] {
  const out: WebhookRequest[] = [];
  for (const a of actions) if (a.kind === 'delete') out.push(webhookRequest('webhook-delete', a.address, a.remote!.id));
  for (const a of actions) if (a.kind === 'update') out.push(webhookRequest('webhook-edit', a.address, a.remote!.id));
  for (const a of actions) if (a.kind === 'create') out.push(webhookCreateRequest(a.address, a.channelId));
  return out;
}
