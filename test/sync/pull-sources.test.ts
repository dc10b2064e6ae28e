/**
 * What `pull` takes from the files already there before it asks the service
 * (src/sync/pull-sources.ts): the existing manifest's guilds and webhooks, and
 * the lock file's guilds, channels and webhook ids. Real files in a temporary
 * folder; the answer compared whole, so a field left out or added shows.
 */
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { stringify } from 'yaml';
import { CmdsyncError } from '../../src/errors.js';
import { LOCK_FILE, type LockFile } from '../../src/manifest/lock.js';
import { readPullSources } from '../../src/sync/pull-sources.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const G1 = '600000000000000001';
const G2 = '600000000000000002';
const C1 = '610000000000000001';
const C2 = '610000000000000002';
const C3 = '610000000000000003';
const W1 = '620000000000000001';
const W2 = '620000000000000002';
const EMPTY_LOCK: LockFile = { format_version: 1, webhooks: {} };

const lockJson = (lock: LockFile) => `${JSON.stringify(lock, null, 2)}\n`;

/** A lock file with every kind of entry pull reads, and entries it must pass over. */
const LOCK: LockFile = {
  format_version: 1,
  webhooks: { [W2]: { key: 'alerts' }, [W1]: {}, 'not-an-id': { key: 'x' } },
  intents: [
    { channel_id: C2, name: 'late', sent_at: '2026-11-28T00:00:00.000Z' },
    { channel_id: C2, name: 'late again', sent_at: '2026-11-28T00:00:01.000Z' },
    { channel_id: 'nowhere', name: 'bad', sent_at: '2026-11-28T00:00:02.000Z' },
    { channel_id: C3, name: 'other', sent_at: '2026-11-28T00:00:03.000Z' },
  ],
  creates: {
    day: '2026-11-28',
    application_id: APP,
    scopes: {
      global: 3,
      [`guild:${G2}`]: 2,
      'guild:abc': 1,
      [`xguild:${G1}`]: 1,
      // Six characters and an id, but not a guild's key.
      'other:600000000000000003': 1,
      [`guild:${G1}`]: 1,
    },
  },
};

describe('readPullSources without a manifest', () => {
  test('reads the lock file beside the file pull writes: its guilds, intent channels and webhook ids, in order, once each', () => {
    const cwd = testdir({ [`out/${LOCK_FILE}`]: lockJson(LOCK) });
    const sources = readPullSources({ cwd, env: {}, explicit: false, lockBeside: 'out/cmdsync.yaml' });
    expect(sources).toEqual({
      manifestGuilds: [],
      lockGuilds: [G2, G1],
      channels: [C2, C3],
      webhookIds: [W2, W1],
      lock: LOCK,
      declaredWebhooks: [],
      unread: [],
    });
    expect(sources.manifestDir).toBeUndefined();
  });

  test('no lock file: nothing known, and nothing unread', () => {
    const cwd = testdir();
    expect(readPullSources({ cwd, env: {}, explicit: false, lockBeside: 'cmdsync.yaml' })).toEqual({
      manifestGuilds: [],
      lockGuilds: [],
      channels: [],
      webhookIds: [],
      lock: EMPTY_LOCK,
      declaredWebhooks: [],
      unread: [],
    });
  });

  test('a lock file cmdsync cannot read is reported as unread, by path and why, and read as empty', () => {
    const cwd = testdir({ [LOCK_FILE]: '{"format_version": 2}' });
    const sources = readPullSources({ cwd, env: {}, explicit: false, lockBeside: 'cmdsync.yaml' });
    expect(sources.lock).toEqual(EMPTY_LOCK);
    expect(sources.unread).toEqual([
      {
        kind: 'lock',
        id: join(cwd, LOCK_FILE),
        reason: `${LOCK_FILE} is not a cmdsync lock file; fix or delete it (webhooks are then matched by name).`,
      },
    ]);
    expect([sources.lockGuilds, sources.channels, sources.webhookIds]).toEqual([[], [], []]);
  });
});

describe('readPullSources with a manifest', () => {
  const manifest = {
    application_id: APP,
    guilds: [
      { id: G2, name: 'Second' },
      { id: G1 },
      { id: G2, name: 'Second again' },
      { id: '${GUILD_FROM_ENV}', name: 'unresolved' },
    ],
    webhooks: [
      { channel_id: C1, name: 'alerts', key: 'alerts', avatar: 'img/logo.png' },
      { channel_id: C1, name: 'plain' },
      { channel_id: C3, name: 'remote face', avatar: 'https://example.com/a.png' },
    ],
  };

  test("takes the manifest's guilds (snowflakes, once, in order, with names) and webhooks, and the lock file beside it", () => {
    const cwd = testdir({
      'conf/cmdsync.yaml': stringify(manifest),
      [`conf/${LOCK_FILE}`]: lockJson(LOCK),
      // Beside the output: not read when there is a manifest.
      [LOCK_FILE]: lockJson({ format_version: 1, webhooks: { '620000000000000009': {} } }),
    });
    const sources = readPullSources({
      cwd,
      env: {},
      manifestPath: 'conf/cmdsync.yaml',
      explicit: false,
      lockBeside: 'cmdsync.yaml',
    });
    expect(sources).toEqual({
      manifestGuilds: [{ id: G2, name: 'Second' }, { id: G1 }],
      lockGuilds: [G2, G1],
      // The manifest's channels first, then the lock file's intents, each once.
      channels: [C1, C3, C2],
      webhookIds: [W2, W1],
      lock: LOCK,
      declaredWebhooks: [
        { channelId: C1, name: 'alerts', key: 'alerts', avatar: 'img/logo.png' },
        { channelId: C1, name: 'plain' },
        { channelId: C3, name: 'remote face', avatar: 'https://example.com/a.png' },
      ],
      manifestDir: join(cwd, 'conf'),
      unread: [],
    });
    expect(Object.keys(sources.declaredWebhooks[1]!)).toEqual(['channelId', 'name']);
  });

  test('a webhook whose channel is not an id yet is not a source', () => {
    const cwd = testdir({
      'cmdsync.yaml': stringify({
        application_id: APP,
        webhooks: [
          { channel_id: '${CHANNEL}', name: 'later' },
          { channel_id: C2, name: 'now' },
        ],
      }),
    });
    const sources = readPullSources({
      cwd,
      env: {},
      manifestPath: 'cmdsync.yaml',
      explicit: true,
      lockBeside: 'ignored.yaml',
    });
    expect(sources.channels).toEqual([C2]);
    expect(sources.declaredWebhooks).toEqual([{ channelId: C2, name: 'now' }]);
  });

  test('a manifest with mistakes still gives what it can: entries that are no webhook are passed over, a key or avatar that is not text left out', () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        `application_id: "${APP}"`,
        'webhooks:',
        '  - 5',
        '  - null',
        `  - { channel_id: "${C1}", name: 7 }`,
        `  - { channel_id: "${C2}", name: ok, key: 5, avatar: 6 }`,
        '',
      ].join('\n'),
    });
    const sources = readPullSources({ cwd, env: {}, manifestPath: 'cmdsync.yaml', explicit: true, lockBeside: 'x' });
    expect(sources.channels).toEqual([C2]);
    expect(sources.declaredWebhooks).toEqual([{ channelId: C2, name: 'ok' }]);
    expect(sources.unread).toEqual([]);
  });

  test('a manifest path that does not exist (not given with -m) is passed over; the lock file is still looked for beside it', () => {
    const cwd = testdir({
      [`conf/${LOCK_FILE}`]: lockJson({ format_version: 1, webhooks: { [W1]: {} } }),
      [LOCK_FILE]: lockJson({ format_version: 1, webhooks: { [W2]: {} } }),
    });
    const sources = readPullSources({
      cwd,
      env: {},
      manifestPath: 'conf/cmdsync.yaml',
      explicit: false,
      lockBeside: 'cmdsync.yaml',
    });
    expect(sources.webhookIds).toEqual([W1]);
    expect(sources.unread).toEqual([]);
    expect(sources.manifestDir).toBeUndefined();
  });

  test('given with -m, a manifest that cannot be read is an error naming it', () => {
    const cwd = testdir({ 'broken.yaml': 'application_id: [unclosed\n' });
    let error: unknown;
    try {
      readPullSources({ cwd, env: {}, manifestPath: 'broken.yaml', explicit: true, lockBeside: 'cmdsync.yaml' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(CmdsyncError);
    expect((error as CmdsyncError).code).toBe('MANIFEST_INVALID');
    expect((error as CmdsyncError).message).toBe(
      'broken.yaml is not a manifest cmdsync can read; run cmdsync lint broken.yaml.',
    );
  });

  test('found, not given, a manifest that cannot be read is a note: its guilds and channels are not read, the lock file is', () => {
    const cwd = testdir({
      'cmdsync.yaml': 'application_id: [unclosed\n',
      [LOCK_FILE]: lockJson({ format_version: 1, webhooks: { [W1]: {} } }),
    });
    const sources = readPullSources({
      cwd,
      env: {},
      manifestPath: 'cmdsync.yaml',
      explicit: false,
      lockBeside: 'elsewhere/cmdsync.yaml',
    });
    expect(sources).toEqual({
      manifestGuilds: [],
      lockGuilds: [],
      channels: [],
      webhookIds: [W1],
      lock: { format_version: 1, webhooks: { [W1]: {} } },
      declaredWebhooks: [],
      unread: [
        {
          kind: 'manifest',
          id: 'cmdsync.yaml',
          reason: 'it is not a manifest cmdsync can read (run cmdsync lint); its guilds and channels are not read.',
        },
      ],
    });
  });
});
