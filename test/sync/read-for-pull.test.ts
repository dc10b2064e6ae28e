/**
 * What `pull` reads (src/sync/pull.ts, readForPull), in process over real
 * HTTP against one emulator world: which guilds are read and which written,
 * what could not be read and why, this application's webhooks (sorted, keyed
 * from the lock file, avatars rebased), and the GET requests counted.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import type { LockFile } from '../../src/manifest/lock.js';
import { RestClient } from '../../src/remote/http/client.js';
import { createCommand, listCommands, setCommandPermissions } from '../../src/remote/commands.js';
import { createWebhook } from '../../src/remote/webhooks.js';
import { readForPull, type PullRequest } from '../../src/sync/pull.js';
import type { PullSources } from '../../src/sync/pull-sources.js';
import { GLOBAL, guildScope, scopeKey } from '../../src/wire/scope.js';

const APP = '500000000000000001';
const OTHER_APP = '500000000000000002';
/** Bot in it: a guild command. */
const G_CMD = '600000000000000001';
/** Bot in it: only a permission set (on the global command). */
const G_PERM = '600000000000000002';
/** Bot in it: nothing of this application. */
const G_EMPTY = '600000000000000003';
/** Bot in it, nothing there, but the existing manifest declares it. */
const G_MAN = '600000000000000004';
/** The application is not installed: the manifest declares it, its read is refused. */
const G_OUT = '600000000000000005';
/** Installed for commands only (not listed as the bot's): known from the lock file alone. */
const G_LOCK = '600000000000000006';
const C1 = '610000000000000001';
const C2 = '610000000000000002';
const PNG = `data:image/png;base64,${Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000100ffff03000006000557bfab0000000049454e44ae426082',
  'hex',
).toString('base64')}`;

let em: RunningEmulator;
let bot: RestClient;
let cc: RestClient;
const hook: Record<string, string> = {};
// Where the pulled manifest would be written: only paths are computed from it, nothing is read or written.
const OUT = join(process.cwd(), 'pulled');

beforeAll(async () => {
  em = await startEmulator({
    seed: {
      applications: [{ id: APP }, { id: OTHER_APP }],
      guilds: [
        { id: G_CMD, name: 'Alpha', channels: [{ id: C2, type: 0, name: 'two' }] },
        { id: G_PERM, name: 'Bravo', channels: [{ id: C1, type: 0, name: 'one' }] },
        { id: G_EMPTY, name: 'Charlie' },
        { id: G_MAN, name: 'Delta' },
        { id: G_OUT, name: 'Echo', apps: {} },
        { id: G_LOCK, name: 'Foxtrot', apps: { [APP]: { scopes: ['applications.commands'] } } },
      ],
    },
    rateLimits: false,
  });
  const { botToken, bearerToken, clientId, clientSecret } = em.credentials;
  const options = { apiUrl: em.url, backoffBaseMs: 5, globalRequestsPerSecond: 10_000 };
  bot = new RestClient({ ...options, credentials: { botToken, bearerToken } });
  cc = new RestClient({ ...options, credentials: { clientId, clientSecret } });
  // Its token is fetched now (POST /oauth2/token): the reads counted below are GETs only.
  await listCommands(cc, APP, GLOBAL);
  const { command: global } = await createCommand(bot, APP, GLOBAL, { name: 'ping', description: 'Ping' });
  await createCommand(bot, APP, guildScope(G_CMD), { name: 'alpha', description: 'Alpha' });
  await createCommand(bot, APP, guildScope(G_LOCK), { name: 'fox', description: 'Fox' });
  await setCommandPermissions(bot, APP, G_PERM, global.id, [{ id: G_PERM, type: 1, permission: false }]);
  // Created out of order: the result is sorted by channel, then name.
  hook.c2 = (await createWebhook(bot, C2, { name: 'Zulu' })).id;
  hook.beta = (await createWebhook(bot, C1, { name: 'Beta', avatar: PNG })).id;
  hook.alpha = (await createWebhook(bot, C1, { name: 'Alpha' })).id;
  em.world.webhooks['690000000000000001'] = {
    id: '690000000000000001',
    type: 1,
    guild_id: G_PERM,
    channel_id: C1,
    name: 'Theirs',
    avatar: null,
    token: 't'.repeat(68),
    application_id: OTHER_APP,
    creatorId: '1',
  };
});

afterAll(async () => {
  await bot?.close();
  await cc?.close();
  await em?.close();
});

function sources(lock: LockFile = { format_version: 1, webhooks: {} }): PullSources {
  return {
    manifestGuilds: [{ id: G_OUT, name: 'Echo, as the manifest names it' }, { id: G_MAN }],
    lockGuilds: [G_LOCK],
    channels: [],
    webhookIds: [],
    lock,
    declaredWebhooks: [{ channelId: C1, name: 'Beta', avatar: 'img/beta.png' }],
    manifestDir: join(OUT, 'conf'),
    unread: [{ kind: 'lock', id: 'x', reason: 'carried over' }],
  };
}

async function pull(client: RestClient, req: Partial<PullRequest> = {}) {
  const before = client.stats.sent;
  const result = await readForPull({
    client,
    applicationId: APP,
    guilds: [],
    global: false,
    sources: sources(),
    outputDir: OUT,
    ...req,
  });
  return { ...result, sent: client.stats.sent - before, keys: result.state.scopes.map((s) => scopeKey(s.scope)) };
}

const REFUSED = 'the bot cannot see it (is the bot in that guild?)';

describe('readForPull with the bot token', () => {
  it('reads the guilds the manifest, the lock file and the guild list name; writes those asked for or holding something', async () => {
    const r = await pull(bot, {
      sources: sources({ format_version: 1, webhooks: { [hook.alpha!]: { key: 'alpha' } } }),
    });
    expect(r.keys).toEqual(['global', `guild:${G_MAN}`, `guild:${G_LOCK}`, `guild:${G_CMD}`, `guild:${G_PERM}`]);
    expect(r.emptyGuilds).toEqual([G_EMPTY]);
    expect(r.state.applicationId).toBe(APP);
    expect(r.unread).toEqual([
      { kind: 'lock', id: 'x', reason: 'carried over' },
      { kind: 'guild', id: G_OUT, reason: expect.any(String) },
      { kind: 'guild-webhooks', id: G_OUT, reason: REFUSED },
    ]);
    expect(r.guildNames).toEqual({
      [G_OUT]: 'Echo, as the manifest names it',
      [G_CMD]: 'Alpha',
      [G_PERM]: 'Bravo',
      [G_EMPTY]: 'Charlie',
      [G_MAN]: 'Delta',
    });
    expect(r.webhooks).toEqual([
      { id: hook.alpha, channelId: C1, name: 'Alpha', key: 'alpha' },
      // The existing manifest's file, rebased from its folder to where the manifest is written.
      { id: hook.beta, channelId: C1, name: 'Beta', avatar: { source: 'conf/img/beta.png' } },
      { id: hook.c2, channelId: C2, name: 'Zulu' },
    ]);
    expect(r.reads).toBe(r.sent);
  });

  it('a guild list that cannot be read is said, and the guilds known otherwise are still read', async () => {
    const base = await startEmulator({
      seed: { applications: [{ id: APP }], guilds: [{ id: G_MAN, name: 'Delta' }] },
      rateLimits: false,
      faults: [{ method: 'GET', path: '/users/@me/guilds', kind: 'error', status: 403 }],
    });
    const client = new RestClient({
      apiUrl: base.url,
      credentials: { botToken: base.credentials.botToken },
      backoffBaseMs: 5,
    });
    try {
      const r = await pull(client, {
        sources: { ...sources(), manifestGuilds: [{ id: G_MAN }], lockGuilds: [], unread: [] },
      });
      expect(r.unread).toEqual([{ kind: 'guild-list', reason: expect.stringMatching(/^403 /) }]);
      expect(r.keys).toEqual(['global', `guild:${G_MAN}`]);
      expect(r.guildNames).toEqual({});
      expect(r.webhooks).toEqual([]);
      expect(r.reads).toBe(r.sent);
    } finally {
      await client.close();
      await base.close();
    }
  });

  it('a guild list answered with anything but a refusal fails the pull', async () => {
    const base = await startEmulator({
      seed: { applications: [{ id: APP }] },
      rateLimits: false,
      faults: [{ method: 'GET', path: '/users/@me/guilds', kind: 'error', status: 401 }],
    });
    const client = new RestClient({
      apiUrl: base.url,
      credentials: { botToken: base.credentials.botToken },
      backoffBaseMs: 5,
    });
    try {
      await expect(
        pull(client, { sources: { ...sources(), manifestGuilds: [], lockGuilds: [] } }),
      ).rejects.toMatchObject({
        status: 401,
      });
    } finally {
      await client.close();
      await base.close();
    }
  });

  it('--guild: only the global commands and that guild, no guild list, no webhooks', async () => {
    const r = await pull(bot, { guilds: [G_CMD, G_CMD] });
    expect(r.keys).toEqual(['global', `guild:${G_CMD}`]);
    expect(r.webhooks).toBeUndefined();
    expect(r.unread).toEqual([{ kind: 'lock', id: 'x', reason: 'carried over' }]);
    expect(r.emptyGuilds).toEqual([]);
    expect(r.guildNames).toEqual({ [G_OUT]: 'Echo, as the manifest names it' });
    expect(r.reads).toBe(r.sent);
  });

  it('--guild naming an empty guild writes it as read', async () => {
    const r = await pull(bot, { guilds: [G_EMPTY] });
    expect(r.keys).toEqual(['global', `guild:${G_EMPTY}`]);
    expect(r.emptyGuilds).toEqual([]);
  });

  it('--global: the global commands and the webhooks of every guild known, no guild commands', async () => {
    const r = await pull(bot, { global: true });
    expect(r.keys).toEqual(['global']);
    expect(r.webhooks?.map((w) => w.name)).toEqual(['Alpha', 'Beta', 'Zulu']);
    expect(r.emptyGuilds).toEqual([]);
    expect(r.reads).toBe(r.sent);
  });
});

describe('readForPull with client credentials', () => {
  const LIST_NOTE = {
    kind: 'guild-list',
    reason: "client credentials cannot list the bot's guilds; set DISCORD_TOKEN (the bot token) to read them all",
  };
  const WEBHOOK_NOTE = {
    kind: 'webhooks',
    reason: 'reading webhooks needs the bot token (DISCORD_TOKEN); client credentials reach commands only',
  };

  it('says it could not list the guilds or read webhooks, and reads the guilds it knows of', async () => {
    const r = await pull(cc);
    expect(r.unread).toEqual([
      { kind: 'lock', id: 'x', reason: 'carried over' },
      LIST_NOTE,
      WEBHOOK_NOTE,
      { kind: 'guild', id: G_OUT, reason: expect.any(String) },
    ]);
    expect(r.keys).toEqual(['global', `guild:${G_MAN}`, `guild:${G_LOCK}`]);
    expect(r.webhooks).toBeUndefined();
    expect(r.reads).toBe(r.sent);
  });

  it('--guild: nothing to say', async () => {
    const r = await pull(cc, { guilds: [G_CMD] });
    expect(r.unread).toEqual([{ kind: 'lock', id: 'x', reason: 'carried over' }]);
    expect(r.keys).toEqual(['global', `guild:${G_CMD}`]);
  });

  it('--global: only that webhooks were not read', async () => {
    const r = await pull(cc, { global: true });
    expect(r.unread).toEqual([{ kind: 'lock', id: 'x', reason: 'carried over' }, WEBHOOK_NOTE]);
    expect(r.keys).toEqual(['global']);
    expect(r.webhooks).toBeUndefined();
  });
});
