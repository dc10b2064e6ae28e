/**
 * Issue 24, "Authorization and invocation rules", over HTTP against the
 * emulator on loopback: who may edit permissions, installs and their scopes,
 * USE_APPLICATION_COMMANDS, default_permission, user installs in DMs and
 * private channels, the handler-2 launch message, age verification.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator, Seed } from '../../src/emulator/index.js';
import { invoke } from '../../src/api/invoke.js';
import { FIRST_ANSWER_MS } from '../../src/wire/interactions/callback.js';
import { TestClock } from '../helpers/clock.js';
import { call, slash, start } from './helpers.js';
import { startHttpBot, type HttpBot } from '../helpers/http-bot.js';

const APP = '110000000000000001';
const GUILD = '120000000000000001';
const MANAGERS = '120000000000000002';
const ADMINS = '120000000000000003';
const SETTINGS = '120000000000000004';
const MUTED = '120000000000000005';
const GENERAL = '130000000000000001';
const QUIET = '130000000000000002';
const OWNER = '140000000000000001';
const BOB = '140000000000000002';
const MANAGER = '140000000000000003';
const ADMIN = '140000000000000004';
const HALF = '140000000000000005';
const SILENT = '140000000000000006';
const OUTSIDER = '140000000000000009';
const BARE = '120000000000000009';
const BARE_TEXT = '130000000000000009';

const token = (who: string) => `bearer-of-${who}`;

const seed = (): Seed => ({
  applications: [{ id: APP, name: 'Helper', integration_types: [0, 1] }],
  guilds: [
    {
      id: GUILD,
      name: 'Test',
      owner_id: OWNER,
      // @everyone left as a new guild has it.
      roles: [
        { id: MANAGERS, name: 'Managers', permissions: ['MANAGE_GUILD', 'MANAGE_ROLES'] },
        { id: ADMINS, name: 'Admins', permissions: ['ADMINISTRATOR'] },
        { id: SETTINGS, name: 'Settings', permissions: ['MANAGE_GUILD'] },
        { id: MUTED, name: 'Muted' },
      ],
      members: [
        { id: OWNER, username: 'owner' },
        { id: BOB, username: 'bob' },
        { id: MANAGER, username: 'manager', roles: [MANAGERS] },
        { id: ADMIN, username: 'admin', roles: [ADMINS] },
        { id: HALF, username: 'half', roles: [SETTINGS] },
        { id: SILENT, username: 'silent', roles: [MUTED] },
      ],
      channels: [
        { id: GENERAL, name: 'general' },
        // Muted members lose USE_APPLICATION_COMMANDS here; bob keeps it.
        {
          id: QUIET,
          name: 'quiet',
          permission_overwrites: [
            { id: GUILD, type: 'role', deny: ['USE_APPLICATION_COMMANDS'] },
            { id: BOB, type: 'member', allow: ['USE_APPLICATION_COMMANDS'] },
          ],
        },
      ],
    },
    // Installed without applications.commands (as bots added before the scope existed were).
    { id: BARE, name: 'Bare', apps: { [APP]: { scopes: [] } }, channels: [{ id: BARE_TEXT, name: 'text' }] },
  ],
  bearer_tokens: [OWNER, BOB, MANAGER, ADMIN, HALF, OUTSIDER].map((u) => ({
    token: token(u),
    application_id: APP,
    user_id: u,
  })),
  commands: [
    { application_id: APP, name: 'hello', description: 'Say hello' },
    { application_id: APP, name: 'legacy', description: 'Disabled by default', default_permission: false },
    {
      application_id: APP,
      name: 'anywhere',
      description: 'User-installable',
      integration_types: [0, 1],
      contexts: [0, 1, 2],
    },
    {
      application_id: APP,
      name: 'serveronly',
      description: 'Guild install only',
      integration_types: [0],
      contexts: [0, 1, 2],
    },
    { application_id: APP, name: 'nodm', description: 'Not in DMs', integration_types: [0, 1], contexts: [0, 2] },
  ],
});

let em: RunningEmulator;
let bot: HttpBot;
const target = () => ({ apiUrl: em.url, controlToken: em.controlToken });
async function control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const r = await fetch(`${new URL(em.url).origin}/__emulator${path}`, {
    method,
    headers: {
      'x-cmdsync-control': em.controlToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: r.status, body: await r.json().catch(() => undefined) };
}

beforeAll(async () => {
  em = await start({ seed: seed() });
  bot = await startHttpBot({ publicKey: em.credentials.publicKey, apiBase: em.url });
  em.world.applications[APP]!.interactionsEndpointUrl = bot.url;
});
afterAll(async () => {
  await bot?.close();
  await em?.close();
});

describe('a permission edit needs a user who may manage the guild and its roles', () => {
  const hello = () => Object.values(em.world.commands).find((c) => c.name === 'hello')!.id;
  const put = (who: string) =>
    call(em, 'PUT', `/applications/${APP}/guilds/${GUILD}/commands/${hello()}/permissions`, {
      auth: `Bearer ${token(who)}`,
      body: { permissions: [{ id: MANAGERS, type: 1, permission: true }] },
    });

  it.each([
    ['the owner', OWNER],
    ['ADMINISTRATOR', ADMIN],
    ['MANAGE_GUILD and MANAGE_ROLES', MANAGER],
  ])('%s: 200', async (_, who) => {
    expect((await put(who)).status).toBe(200);
  });

  it.each([
    ['a plain member', BOB],
    ['MANAGE_GUILD without MANAGE_ROLES', HALF],
    ['a user outside the guild', OUTSIDER],
  ])('%s: 403 50013, and nothing changes', async (_, who) => {
    const before = JSON.stringify(em.world.permissions);
    const r = await put(who);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: 50013, message: 'Missing Permissions' });
    expect(JSON.stringify(em.world.permissions)).toBe(before);
  });

  it('the bearer the emulator hands out is the owner’s of a guild seeded without one', async () => {
    const other = await start();
    try {
      const { applicationId, guildId, bearerToken } = other.credentials;
      const r = await call(
        other,
        'PUT',
        `/applications/${applicationId}/guilds/${guildId}/commands/${applicationId}/permissions`,
        {
          auth: `Bearer ${bearerToken}`,
          body: { permissions: [{ id: guildId, type: 1, permission: true }] },
        },
      );
      expect(r.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});

describe('installs and their scopes: bot includes applications.commands', () => {
  const create = () =>
    call(em, 'POST', `/applications/${APP}/guilds/${BARE}/commands`, {
      auth: `Bot ${em.credentials.botToken}`,
      body: slash('here'),
    });

  it('without either scope command creation is refused with Missing Access; authorized with bot it works', async () => {
    const refused = await create();
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 50001, message: 'Missing Access' });
    const installed = await control('POST', '/authorize', { guildId: BARE, scopes: ['bot'] });
    expect(installed).toEqual({
      status: 200,
      body: { application_id: APP, guild_id: BARE, scopes: ['bot'], commands: true },
    });
    expect((await create()).status).toBe(201);
  });

  it('applications.commands alone also allows it; bad requests are refused', async () => {
    expect(
      (await control('POST', '/authorize', { guildId: BARE, scopes: ['applications.commands'] })).body.commands,
    ).toBe(true);
    expect((await control('POST', '/authorize', { guildId: BARE, scopes: ['identify'] })).status).toBe(400);
    expect((await control('POST', '/authorize', { guildId: BARE, scopes: [] })).status).toBe(400);
    // With webhook.incoming among the scopes the same route is the webhook consent: a code to exchange, no install.
    const general = Object.values(em.world.guilds)
      .flatMap((g) => g.channels)
      .find((c) => c.name === 'general')!;
    const consent = await control('POST', '/authorize', { scopes: ['webhook.incoming'], channel_id: general.id });
    expect(consent.status).toBe(200);
    expect(consent.body.code).toMatch(/\w{10,}/);
    expect((await control('POST', '/authorize', { guildId: '999999999999999999', scopes: ['bot'] })).status).toBe(404);
  });
});

describe('USE_APPLICATION_COMMANDS', () => {
  it('a member without it in the channel (channel overwrite) is refused, and nothing is delivered', async () => {
    const before = bot.received.length;
    const r = await invoke({ line: '/hello', channelId: QUIET, userId: SILENT }, target());
    expect(r).toMatchObject({ outcome: 'refused', refusal: { kind: 'permission', hidden: true } });
    expect(r.outcome === 'refused' && r.refusal.reason).toContain('USE_APPLICATION_COMMANDS');
    // A member's own overwrite gives it back.
    expect(await invoke({ line: '/hello', channelId: QUIET, userId: BOB }, target())).toMatchObject({
      outcome: 'answered',
    });
    expect(bot.received.length).toBe(before + 1);
  });

  it('a member of a new guild holds it: the default world lets its user invoke', async () => {
    // Nobody answers: the 3 s for an answer pass on a clock, not in real time.
    const clock = new TestClock();
    const other = await start({
      seed: {
        guilds: [{ name: 'New', members: [{ username: 'someone' }], channels: [{ name: 'general' }] }],
        commands: [{ name: 'ping', description: 'Ping' }],
      },
      now: clock.now,
      timers: clock,
    });
    try {
      const r = await clock.skipWait(
        invoke({ line: '/ping' }, { apiUrl: other.url, controlToken: other.controlToken }),
        FIRST_ANSWER_MS,
      );
      // No bot is connected: the service delivered it and nobody answered (it was not refused).
      expect(r.outcome).toBe('no-response');
    } finally {
      await other.close();
    }
  });
});

describe('default_permission: false (deprecated)', () => {
  it('is stored as default_member_permissions "0": administrators (and rows) only', async () => {
    const r = await call(em, 'POST', `/applications/${APP}/commands`, {
      auth: `Bot ${em.credentials.botToken}`,
      body: slash('oldstyle', { default_permission: false }),
    });
    expect(r.body.default_member_permissions).toBe('0');
    expect(r.body).not.toHaveProperty('default_permission');
    // A default given alongside wins.
    const both = await call(em, 'POST', `/applications/${APP}/commands`, {
      auth: `Bot ${em.credentials.botToken}`,
      body: slash('both', { default_permission: false, default_member_permissions: '32' }),
    });
    expect(both.body.default_member_permissions).toBe('32');
    expect(await invoke({ line: '/legacy', channelId: GENERAL, userId: BOB }, target())).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'permission', reason: 'default_member_permissions is "0": administrators only' },
    });
    expect(await invoke({ line: '/legacy', channelId: GENERAL, userId: ADMIN }, target())).toMatchObject({
      outcome: 'answered',
    });
  });
});

describe('user-installed commands in a DM with the bot and in a private channel', () => {
  it('a private channel: the user install authorizes it, context 2, the user instead of a member', async () => {
    const r = await invoke({ line: '/anywhere', context: 'private-channel', userId: BOB }, target());
    expect(r.outcome).toBe('answered');
    if (r.outcome !== 'answered') return;
    expect(r.interaction).toMatchObject({
      context: 2,
      authorizing_integration_owners: { '1': BOB },
      user: { id: BOB, username: 'bob' },
      channel: { type: 3 },
    });
    expect(r.interaction).not.toHaveProperty('member');
    expect(r.interaction).not.toHaveProperty('guild_id');
  });

  it('a DM with the bot: both installs, "0" for the guild install', async () => {
    const r = await invoke({ line: '/anywhere', context: 'bot-dm', userId: BOB }, target());
    expect(r.outcome === 'answered' && r.interaction).toMatchObject({
      context: 1,
      authorizing_integration_owners: { '0': '0', '1': BOB },
      channel: { type: 1 },
    });
  });

  it('in a guild: both installs reach the member', async () => {
    const r = await invoke({ line: '/anywhere', channelId: GENERAL, userId: BOB }, target());
    expect(r.outcome === 'answered' && r.interaction).toMatchObject({
      context: 0,
      authorizing_integration_owners: { '0': GUILD, '1': BOB },
    });
  });

  it('refused where integration_types or contexts leave it out, and nothing is delivered', async () => {
    const before = bot.received.length;
    const guildOnly = await invoke({ line: '/serveronly', context: 'private-channel', userId: BOB }, target());
    expect(guildOnly).toMatchObject({ outcome: 'refused', refusal: { kind: 'not-installed', hidden: true } });
    expect(guildOnly.outcome === 'refused' && guildOnly.refusal.reason).toContain('USER_INSTALL');
    expect(await invoke({ line: '/nodm', context: 'bot-dm', userId: BOB }, target())).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'context' },
    });
    // A guild command is never in a DM.
    await call(em, 'POST', `/applications/${APP}/guilds/${GUILD}/commands`, {
      auth: `Bot ${em.credentials.botToken}`,
      body: slash('guildcmd'),
    });
    expect(await invoke({ line: '/guildcmd', context: 'bot-dm', userId: BOB }, target())).toMatchObject({
      outcome: 'refused',
      refusal: { kind: 'guild-command-elsewhere' },
    });
    expect(bot.received.length).toBe(before);
  });

  it('an app without user installs reaches no private channel', async () => {
    const other = await start({ seed: { commands: [{ name: 'ping', description: 'Ping', contexts: [0, 1, 2] }] } });
    try {
      const r = await invoke(
        { line: '/ping', context: 'private-channel', userId: OUTSIDER },
        { apiUrl: other.url, controlToken: other.controlToken },
      );
      expect(r).toMatchObject({ outcome: 'refused', refusal: { kind: 'not-installed' } });
    } finally {
      await other.close();
    }
  });

  it('the picker in a private channel: the user-installable command listed, the guild-install one hidden, with why', async () => {
    const r = await control('GET', `/view/commands?context=private-channel&member_id=${BOB}`);
    expect(r.status).toBe(200);
    const byName = (n: string) => r.body.commands.find((c: { defaultName: string }) => c.defaultName === n);
    expect(byName('anywhere').access).toMatchObject({ allowed: true, listed: true });
    expect(byName('serveronly').access).toMatchObject({ allowed: false, listed: false, kind: 'not-installed' });
  });

  it('a channel of a guild is not a DM', async () => {
    expect(
      await invoke({ line: '/anywhere', context: 'bot-dm', channelId: GENERAL, userId: BOB }, target()),
    ).toMatchObject({ outcome: 'invalid' });
  });
});

describe('the handler-2 entry point', () => {
  let launcher: RunningEmulator;
  afterEach(async () => {
    await launcher?.close();
  });

  it('the service posts the launch message in the channel: the channel view shows it', async () => {
    launcher = await start({ seed: { applications: [{ name: 'Arcade', embedded: true }] } });
    const general = Object.values(launcher.world.guilds)[0]!.channels.find((c) => c.name === 'general')!.id;
    const r = await invoke(
      { line: '/Launch', channelId: general },
      { apiUrl: launcher.url, controlToken: launcher.controlToken },
    );
    expect(r.outcome).toBe('launched');
    const res = await fetch(`${new URL(launcher.url).origin}/__emulator/view/channels/${general}/messages`, {
      headers: { 'x-cmdsync-control': launcher.controlToken },
    });
    const page = (await res.json()) as {
      messages: Array<{ id: string; message: { content: string; interaction_metadata?: { name?: string } } }>;
    };
    const posted = page.messages.find((m) => m.message.content === 'emulator-user started Arcade');
    expect(posted).toBeDefined();
    expect(posted!.message.interaction_metadata?.name).toBe('Launch');
  });

  it('the launch message is kept in the data file like an answer: after a restart the channel view still shows it', async () => {
    const dataFile = join(mkdtempSync(join(tmpdir(), 'cmdsync-launch-')), 'data.json');
    const seed: Seed = { applications: [{ name: 'Arcade', embedded: true }] };
    launcher = await start({ seed, dataFile });
    const general = Object.values(launcher.world.guilds)[0]!.channels.find((c) => c.name === 'general')!.id;
    expect(
      (
        await invoke(
          { line: '/Launch', channelId: general },
          { apiUrl: launcher.url, controlToken: launcher.controlToken },
        )
      ).outcome,
    ).toBe('launched');
    await launcher.close();
    launcher = await start({ seed, dataFile });
    const res = await fetch(`${new URL(launcher.url).origin}/__emulator/view/channels/${general}/messages`, {
      headers: { 'x-cmdsync-control': launcher.controlToken },
    });
    const page = (await res.json()) as { messages: Array<{ message: { content: string; activity?: unknown } }> };
    expect(page.messages.filter((m) => m.message.content === 'emulator-user started Arcade')).toHaveLength(1);
  });
});

describe('the seed', () => {
  it('refuses an age_verified that is not a boolean and install scopes it does not model, naming the field', async () => {
    await expect(
      start({ seed: { guilds: [{ members: [{ username: 'kid', age_verified: 'yes' as never }] }] } }),
    ).rejects.toThrow('guilds[0].members[0].age_verified must be true or false');
    await expect(
      start({ seed: { applications: [{ id: APP }], guilds: [{ apps: { [APP]: { scopes: ['admin'] } } }] } }),
    ).rejects.toThrow(`guilds[0].apps.${APP}.scopes must be a list of bot and applications.commands`);
  });
});
