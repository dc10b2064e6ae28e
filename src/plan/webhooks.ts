import { WebhookType } from '../spec/enums.js';
import type { WebhookSetState, WebhookState } from '../spec/state.js';
import type { FieldChange, PlannedRequest, WebhookAction, WebhookPlan } from './model.js';

/** What the lock file knows of the webhooks cmdsync manages, by id. */
export type WebhookLock = Readonly<Record<string, { key?: string; avatar?: string }>>;

export function avatarIdentity(w: WebhookState): string | null {
  if (!w.avatar) return null;
  return w.avatar.sha256 ? `sha256:${w.avatar.sha256}` : `url:${w.avatar.source}`;
}

function address(w: WebhookState): string {
  return w.key ? `webhook/${w.key}` : `channel:${w.channelId}/webhook/${w.name}`;
}

/**
 * Reconciles declared webhooks like commands. Only incoming webhooks this
 * application created are ever touched: other applications' and
 * channel-follower webhooks are invisible to the plan. Identity: the key (via
 * the lock file's id), else the name within the channel. An avatar is
 * compared through the lock file's record of what was sent; with no record,
 * a remote avatar is assumed to be the declared one (the service keeps only
 * its own hash), so a missing lock never causes an endless update.
 */
export function planWebhooks(desired: WebhookSetState, actual: readonly WebhookState[], lock: WebhookLock, applicationId: string): WebhookPlan {
  const ours = actual.filter((w) => w.type === WebhookType.INCOMING && w.applicationId === applicationId);
  const claimed = new Set<WebhookState>();
  const take = (w: WebhookState | undefined): WebhookState | undefined => {
    if (!w || claimed.has(w)) return undefined;
    claimed.add(w);
    return w;
  };
  const pairs = desired.webhooks.map((d) => {
    const lockedId = d.key ? Object.entries(lock).find(([, v]) => v.key === d.key)?.[0] : undefined;
    return { d, r: lockedId ? take(ours.find((w) => w.id === lockedId)) : undefined };
  });
  for (const p of pairs) if (!p.r) p.r = take(ours.find((w) => !claimed.has(w) && w.channelId === p.d.channelId && w.name === p.d.name && (!p.d.key || !lock[w.id!]?.key)));

  const actions: WebhookAction[] = pairs.map(({ d, r }) => {
    const identity = avatarIdentity(d);
    const base = { address: address(d), channelId: d.channelId, name: d.name, avatarIdentity: identity, ...(d.key ? { key: d.key } : {}) };
    if (!r) {
      const changes: FieldChange[] = [{ path: 'channel_id', after: d.channelId }, { path: 'name', after: d.name }];
      if (d.avatar) changes.push({ path: 'avatar', after: d.avatar.source });
      return { ...base, kind: 'create', changes, body: { name: d.name, ...(d.avatar ? { avatar: d.avatar.source } : {}) } };
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
    const avatarChanged = identity === null ? r.avatarHash != null : recorded !== undefined ? recorded !== identity : r.avatarHash == null;
    if (avatarChanged) {
      changes.push({ path: 'avatar', ...(r.avatarHash ? { before: r.avatarHash } : {}), ...(d.avatar ? { after: d.avatar.source } : {}) });
      body.avatar = d.avatar ? d.avatar.source : null;
    }
    return changes.length === 0 ? { ...base, kind: 'noop', remote, changes } : { ...base, kind: 'update', remote, changes, body, ...(body.channel_id ? { reason: 'moved' } : {}) };
  });

  const kept: WebhookPlan['kept'] = [];
  const declared = new Set(desired.channels);
  for (const w of ours) {
    if (claimed.has(w) || !declared.has(w.channelId)) continue;
    if (desired.keep.includes(w.channelId)) kept.push({ id: w.id!, channelId: w.channelId, name: w.name });
    else actions.push({ kind: 'delete', address: `channel:${w.channelId}/webhook/${w.name}`, channelId: w.channelId, name: w.name, remote: { id: w.id!, channelId: w.channelId, name: w.name }, changes: [], reason: 'not in the manifest' });
  }
  return { actions, requests: webhookRequests(actions), kept, channels: [...desired.channels], locked: Object.keys(lock) };
}

/** Deletes first (a channel holds at most 15), then edits and moves, then creates. */
function webhookRequests(actions: WebhookAction[]): PlannedRequest[] {
  const out: PlannedRequest[] = [];
  for (const a of actions) if (a.kind === 'delete') out.push({ method: 'DELETE', route: '/webhooks/{id}', addresses: [a.address] });
  for (const a of actions) if (a.kind === 'update') out.push({ method: 'PATCH', route: '/webhooks/{id}', addresses: [a.address] });
  for (const a of actions) if (a.kind === 'create') out.push({ method: 'POST', route: `/channels/${a.channelId}/webhooks`, addresses: [a.address] });
  return out;
}
