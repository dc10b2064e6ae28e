import type { LockFile, WebhookIntent } from '../manifest/lock.js';
import type { WebhookAction, WebhookPlan } from '../plan/model.js';
import { answersIntent } from '../plan/webhooks.js';

/**
 * An intent that no webhook has answered for this long is forgotten: a lost
 * request that had not landed by then is not going to.
 */
export const INTENT_GRACE_MS = 60 * 60_000;

/** What the lock file records of a webhook cmdsync manages once an action on it went through. */
export function lockRecord(a: WebhookAction): { key?: string; avatar?: string } {
  return { ...(a.key ? { key: a.key } : {}), ...(a.avatarIdentity ? { avatar: a.avatarIdentity } : {}) };
}

/** The intent written down before `a`'s create is sent. */
export function intentOf(a: WebhookAction, now: number): WebhookIntent {
  return {
    channel_id: a.channelId,
    name: a.name,
    ...(a.key ? { key: a.key } : {}),
    ...(a.avatarIdentity ? { avatar: a.avatarIdentity } : {}),
    sent_at: new Date(now).toISOString(),
  };
}

/** The lock without the intents the webhook `remote` answers (it has been adopted, moved or deleted). */
export function resolveIntents(lock: LockFile, remote: { channelId: string; name: string }): LockFile {
  const intents = (lock.intents ?? []).filter((i) => !answersIntent(i, remote));
  return { ...lock, intents };
}

/**
 * The lock file as the plan leaves it before anything is sent: webhooks the
 * plan adopts unchanged are recorded (their key, the avatar now declared),
 * intents they answer are done with, and intents nothing answered within
 * the grace period are dropped. Pure; `cmdsync apply` writes it even when
 * the plan has no changes.
 */
export function settleLock(lock: LockFile, wp: WebhookPlan, now: number): LockFile {
  const webhooks = { ...lock.webhooks };
  let next: LockFile = { ...lock, webhooks };
  for (const a of wp.actions) {
    if (a.kind !== 'noop' || !a.remote) continue;
    const avatar = webhooks[a.remote.id]?.avatar ?? a.avatarIdentity ?? undefined;
    // The key now belongs to this webhook: a record of it under another (gone) id is stale.
    if (a.key)
      for (const id of Object.keys(webhooks))
        if (id !== a.remote.id && webhooks[id]!.key === a.key) delete webhooks[id];
    webhooks[a.remote.id] = { ...(a.key ? { key: a.key } : {}), ...(avatar ? { avatar } : {}) };
    next = resolveIntents(next, a.remote);
  }
  const seen = (i: WebhookIntent) => wp.actions.some((a) => a.remote && answersIntent(i, a.remote));
  const intents = (next.intents ?? []).filter((i) => seen(i) || now - Date.parse(i.sent_at) < INTENT_GRACE_MS);
  return { ...next, intents };
}
