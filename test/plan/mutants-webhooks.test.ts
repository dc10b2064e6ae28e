/**
 * What planWebhooks (src/plan/webhooks.ts) does with the lock file's
 * intents (creates whose answer was lost), keys and avatars: found by
 * mutation testing (docs/mutation.md), each test states the behaviour a
 * user would see in the plan.
 */
import { describe, expect, it } from 'vitest';
import {
  answersIntent,
  avatarIdentity,
  intentIsFor,
  planWebhooks,
  webhookChannelsToRead,
  type WebhookIntentRef,
} from '../../src/plan/webhooks.js';
import type { WebhookSetState, WebhookState } from '../../src/wire/state.js';

const APP = '500';
const own = (id: string, channelId: string, name: string, extra: Partial<WebhookState> = {}): WebhookState => ({
  id,
  channelId,
  name,
  applicationId: APP,
  type: 1,
  ...extra,
});
const wanted = (
  webhooks: WebhookState[],
  channels = [...new Set(webhooks.map((w) => w.channelId))],
): WebhookSetState => ({
  channels,
  keep: [],
  webhooks,
});

describe('a create whose answer was lost (an intent in the lock file)', () => {
  it('is adopted where it was sent, under the name it was sent with, even after the manifest moved and renamed it', () => {
    const intents: WebhookIntentRef[] = [{ channel_id: 'C1', name: 'Old', key: 'deploys' }];
    const plan = planWebhooks(
      wanted([{ channelId: 'C2', name: 'New', key: 'deploys' }], ['C2']),
      [own('9', 'C1', 'Old')],
      {},
      APP,
      intents,
    );
    expect(plan.actions).toEqual([
      expect.objectContaining({
        kind: 'update',
        address: 'webhook/deploys',
        remote: { id: '9', channelId: 'C1', name: 'Old' },
        body: { name: 'New', channel_id: 'C2' },
        reason: 'moved',
        changes: [
          { path: 'name', before: 'Old', after: 'New' },
          { path: 'channel_id', before: 'C1', after: 'C2' },
        ],
      }),
    ]);
  });

  it("is not adopted for a declared webhook it was not made for: another key, or a keyless one's other name", () => {
    const plan = planWebhooks(
      wanted([{ channelId: 'C2', name: 'New', key: 'alerts' }], ['C2']),
      [own('9', 'C1', 'Old')],
      {},
      APP,
      [{ channel_id: 'C1', name: 'Old', key: 'deploys' }],
    );
    expect(plan.actions.map((a) => a.kind)).toEqual(['create', 'delete']);
    expect(plan.actions[1]).toMatchObject({
      kind: 'delete',
      remote: { id: '9' },
      reason: 'created by an interrupted apply, no longer in the manifest',
    });
  });

  it('names which declared webhook an intent is for: by key when it has one, else by channel and name', () => {
    const keyed = { key: 'd', channelId: 'C1', name: 'Hook' };
    const keyless = { channelId: 'C1', name: 'Hook' };
    expect(intentIsFor({ channel_id: 'C9', name: 'Other', key: 'd' }, keyed)).toBe(true);
    expect(intentIsFor({ channel_id: 'C1', name: 'Hook', key: 'e' }, keyed)).toBe(false);
    expect(intentIsFor({ channel_id: 'C1', name: 'Hook' }, keyed)).toBe(false);
    expect(intentIsFor({ channel_id: 'C1', name: 'Hook' }, keyless)).toBe(true);
    expect(intentIsFor({ channel_id: 'C1', name: 'Hook', key: 'd' }, keyless)).toBe(false);
    expect(intentIsFor({ channel_id: 'C2', name: 'Hook' }, keyless)).toBe(false);
    expect(intentIsFor({ channel_id: 'C1', name: 'Hooks' }, keyless)).toBe(false);
    expect(answersIntent({ channel_id: 'C1', name: 'Hook' }, { channelId: 'C1', name: 'Hook' })).toBe(true);
    expect(answersIntent({ channel_id: 'C1', name: 'Hook' }, { channelId: 'C1', name: 'hook' })).toBe(false);
    expect(answersIntent({ channel_id: 'C1', name: 'Hook' }, { channelId: 'C2', name: 'Hook' })).toBe(false);
  });

  it('the channels a plan reads are the declared ones and those intents were sent to, each once, declared first', () => {
    const desired = wanted([], ['C1', 'C2']);
    expect(
      webhookChannelsToRead(desired, [
        { channel_id: 'C3', name: 'a' },
        { channel_id: 'C1', name: 'b' },
        { channel_id: 'C3', name: 'c' },
      ]),
    ).toEqual(['C1', 'C2', 'C3']);
  });
});

describe('webhooks outside the declared channels', () => {
  it('one the lock file records is deleted as no longer in the manifest; one it does not know is left alone', () => {
    const plan = planWebhooks(
      wanted([], ['C1']),
      [own('7', 'C5', 'Gone'), own('8', 'C6', 'Stranger')],
      { '7': {} },
      APP,
    );
    expect(plan.actions).toEqual([
      expect.objectContaining({
        kind: 'delete',
        remote: { id: '7', channelId: 'C5', name: 'Gone' },
        reason: 'no longer in the manifest',
      }),
    ]);
  });

  it("another application's webhook, or one a user made, is never touched", () => {
    const plan = planWebhooks(
      wanted([], ['C1']),
      [own('7', 'C1', 'Theirs', { applicationId: '999' }), own('8', 'C1', 'Users', { createdByUser: true })],
      { '7': {}, '8': {} },
      APP,
    );
    expect(plan.actions).toEqual([]);
  });
});

describe('keys and avatars', () => {
  it('a key the lock file records for a webhook that is gone gives way to the one of that key that exists', () => {
    const plan = planWebhooks(
      wanted([{ channelId: 'C1', name: 'Deploys', key: 'd' }]),
      [own('9', 'C1', 'Deploys')],
      { '3': { key: 'd' }, '9': { key: 'd' } },
      APP,
    );
    expect(plan.actions).toEqual([
      expect.objectContaining({ kind: 'noop', remote: { id: '9', channelId: 'C1', name: 'Deploys' } }),
    ]);
  });

  it("an avatar is known by its file's hash when the manifest gives one, else by its source; none is null", () => {
    expect(avatarIdentity({ channelId: 'C', name: 'n', avatar: { source: 'a.png', sha256: 'abc' } })).toBe(
      'sha256:abc',
    );
    expect(avatarIdentity({ channelId: 'C', name: 'n', avatar: { source: 'https://x/a.png' } })).toBe(
      'url:https://x/a.png',
    );
    expect(avatarIdentity({ channelId: 'C', name: 'n' })).toBeNull();
  });

  it('a create sends the name and the avatar, and lists channel, name and avatar as what changes', () => {
    const plan = planWebhooks(
      wanted([{ channelId: 'C1', name: 'Deploys', avatar: { source: 'logo.png', sha256: 'ff' } }]),
      [],
      {},
      APP,
    );
    expect(plan.actions).toEqual([
      expect.objectContaining({
        kind: 'create',
        address: 'channel:C1/webhook/Deploys',
        avatarIdentity: 'sha256:ff',
        body: { name: 'Deploys', avatar: 'logo.png' },
        changes: [
          { path: 'channel_id', after: 'C1' },
          { path: 'name', after: 'Deploys' },
          { path: 'avatar', after: 'logo.png' },
        ],
      }),
    ]);
  });

  it('an avatar removed from the manifest is removed from the webhook; one the lock file recorded differently is sent again', () => {
    const removed = planWebhooks(
      wanted([{ channelId: 'C1', name: 'D' }]),
      [own('9', 'C1', 'D', { avatarHash: 'h1' })],
      {},
      APP,
    );
    expect(removed.actions[0]).toMatchObject({
      kind: 'update',
      body: { avatar: null },
      changes: [{ path: 'avatar', before: 'h1' }],
    });
    const changed = planWebhooks(
      wanted([{ channelId: 'C1', name: 'D', avatar: { source: 'new.png', sha256: 'b' } }]),
      [own('9', 'C1', 'D', { avatarHash: 'h1' })],
      { '9': { avatar: 'sha256:a' } },
      APP,
    );
    expect(changed.actions[0]).toMatchObject({ kind: 'update', body: { avatar: 'new.png' } });
    const same = planWebhooks(
      wanted([{ channelId: 'C1', name: 'D', avatar: { source: 'new.png', sha256: 'b' } }]),
      [own('9', 'C1', 'D', { avatarHash: 'h1' })],
      { '9': { avatar: 'sha256:b' } },
      APP,
    );
    expect(same.actions[0]).toMatchObject({ kind: 'noop' });
  });
});
