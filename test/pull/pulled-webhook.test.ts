/**
 * How pull declares a webhook it found: the key the lock file records, and
 * an avatar source a plan takes for the one deployed (the service keeps only
 * a hash): the URL the lock file says was sent, else the existing manifest's
 * own spelling (a file rebased to where the manifest is written), else the CDN URL.
 */
import { describe, expect, test } from 'vitest';
import type { LockFile } from '../../src/manifest/lock.js';
import { pulledWebhook } from '../../src/sync/pull.js';
import type { DeclaredWebhook } from '../../src/sync/pull-sources.js';
import type { WebhookState } from '../../src/wire/state.js';

const remote = (extra: Partial<WebhookState> = {}): WebhookState => ({
  id: '1700000000000000001',
  channelId: '1700000000000000100',
  name: 'Deploys',
  avatarHash: 'abc123',
  type: 1,
  applicationId: '1700000000000000900',
  ...extra,
});
const lock = (webhooks: LockFile['webhooks'] = {}): LockFile => ({ format_version: 1, webhooks });
const rebase = (path: string) => `../${path}`;

describe('pulledWebhook', () => {
  test('no lock record, no declaration: the CDN URL of the stored avatar (a GIF for an animated one); none without an avatar', () => {
    expect(pulledWebhook(remote(), lock(), [], rebase)).toEqual({
      id: '1700000000000000001',
      channelId: '1700000000000000100',
      name: 'Deploys',
      avatar: { source: 'https://cdn.discordapp.com/avatars/1700000000000000001/abc123.png' },
    });
    expect(pulledWebhook(remote({ avatarHash: 'a_f00' }), lock(), [], rebase).avatar).toEqual({
      source: 'https://cdn.discordapp.com/avatars/1700000000000000001/a_f00.gif',
    });
    expect(
      pulledWebhook(
        remote({ avatarHash: null }),
        lock({ '1700000000000000001': { avatar: 'url:https://x.test/a.png' } }),
        [],
        rebase,
      ),
    ).not.toHaveProperty('avatar');
  });

  test('the lock file gives the key, and the URL it recorded wins over the declaration', () => {
    const declared: DeclaredWebhook[] = [
      { channelId: '1700000000000000100', name: 'Deploys', key: 'deploys', avatar: './face.png' },
    ];
    const out = pulledWebhook(
      remote(),
      lock({ '1700000000000000001': { key: 'deploys', avatar: 'url:https://x.test/a.png' } }),
      declared,
      rebase,
    );
    expect(out).toMatchObject({ key: 'deploys', avatar: { source: 'https://x.test/a.png' } });
  });

  test("a file avatar recorded by digest: the existing manifest's path, rebased; matched by key, else by channel and name", () => {
    const byKey: DeclaredWebhook[] = [
      { channelId: '1700000000000000999', name: 'Moved', key: 'deploys', avatar: 'img/face.png' },
    ];
    expect(
      pulledWebhook(remote(), lock({ '1700000000000000001': { key: 'deploys', avatar: 'sha256:00' } }), byKey, rebase)
        .avatar,
    ).toEqual({ source: '../img/face.png' });
    const byName: DeclaredWebhook[] = [
      { channelId: '1700000000000000100', name: 'Deploys', avatar: 'https://x.test/b.png' },
    ];
    expect(pulledWebhook(remote(), lock(), byName, rebase).avatar).toEqual({ source: 'https://x.test/b.png' });
    // A keyed declaration is not another webhook's by name.
    const keyedOther: DeclaredWebhook[] = [
      { channelId: '1700000000000000100', name: 'Deploys', key: 'other', avatar: 'img/other.png' },
    ];
    expect(pulledWebhook(remote(), lock(), keyedOther, rebase).avatar?.source).toMatch(
      /^https:\/\/cdn\.discordapp\.com\//,
    );
  });

  test('the declaration taken is the one that names this webhook, wherever it stands in the list', () => {
    const channel = '1700000000000000100';
    const elsewhere = '1700000000000000200';
    // Keyless: same channel and same name, and no key.
    const keyless: DeclaredWebhook[] = [
      { channelId: channel, name: 'Deploys', key: 'other', avatar: 'img/keyed.png' },
      { channelId: elsewhere, name: 'Deploys', avatar: 'img/elsewhere.png' },
      { channelId: channel, name: 'Alerts', avatar: 'img/alerts.png' },
      { channelId: channel, name: 'Deploys', avatar: 'img/mine.png' },
    ];
    expect(pulledWebhook(remote(), lock(), keyless, rebase).avatar).toEqual({ source: '../img/mine.png' });
    // Keyed (the lock file gives the key): that key, not the namesake before it.
    const keyed: DeclaredWebhook[] = [
      { channelId: channel, name: 'Deploys', avatar: 'img/namesake.png' },
      { channelId: channel, name: 'Deploys', key: 'other', avatar: 'img/other.png' },
      { channelId: elsewhere, name: 'Moved', key: 'deploys', avatar: 'img/mine.png' },
    ];
    const locked = lock({ '1700000000000000001': { key: 'deploys', avatar: 'sha256:00' } });
    expect(pulledWebhook(remote(), locked, keyed, rebase).avatar).toEqual({ source: '../img/mine.png' });
  });
});
