import { describe, expect, it } from 'vitest';
import { INTENT_GRACE_MS, settleLock } from '../../src/apply/webhook-lock.js';
import type { LockFile } from '../../src/manifest/lock.js';
import type { WebhookPlan } from '../../src/plan/model.js';

const NOW = Date.parse('2025-01-01T12:00:00Z');
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();
const plan = (actions: WebhookPlan['actions']): WebhookPlan => ({
  actions,
  requests: [],
  kept: [],
  channels: [],
  locked: [],
});

describe('settleLock: the lock file as a plan leaves it before anything is sent', () => {
  it('records a webhook adopted unchanged, and drops the intent it answers', () => {
    const lock: LockFile = {
      format_version: 1,
      webhooks: {},
      intents: [{ channel_id: '1', name: 'Deploys', key: 'd', sent_at: at(1000) }],
    };
    const out = settleLock(
      lock,
      plan([
        {
          kind: 'noop',
          address: 'webhook/d',
          key: 'd',
          channelId: '1',
          name: 'Deploys',
          remote: { id: '9', channelId: '1', name: 'Deploys' },
          changes: [],
          avatarIdentity: null,
        },
      ]),
      NOW,
    );
    expect(out).toEqual({ format_version: 1, webhooks: { '9': { key: 'd' } }, intents: [] });
  });

  it('keeps an intent a pending update or delete answers until that request goes through', () => {
    const intents = [{ channel_id: '1', name: 'Deploys', sent_at: at(2 * INTENT_GRACE_MS) }];
    const out = settleLock(
      { format_version: 1, webhooks: {}, intents },
      plan([
        {
          kind: 'delete',
          address: 'x',
          channelId: '1',
          name: 'Deploys',
          remote: { id: '9', channelId: '1', name: 'Deploys' },
          changes: [],
        },
      ]),
      NOW,
    );
    expect(out.intents).toEqual(intents);
  });

  it('keeps an unanswered intent through the grace period (its create may still land), then forgets it', () => {
    const young = { channel_id: '1', name: 'A', sent_at: at(INTENT_GRACE_MS - 1000) };
    const old = { channel_id: '1', name: 'B', sent_at: at(INTENT_GRACE_MS + 1000) };
    const out = settleLock({ format_version: 1, webhooks: {}, intents: [young, old] }, plan([]), NOW);
    expect(out.intents).toEqual([young]);
  });
});
