/**
 * The webhook types beyond Incoming, over HTTP: Channel Follower webhooks
 * (following an announcement channel, crossposting into the followers'
 * channels), the Application webhook an interaction token opens, and the
 * `webhook.incoming` OAuth2 flow whose webhook comes with its `url`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import type { Seed } from '../../src/emulator/state/world.js';
import { APP as HTTP_APP } from '../helpers/interaction-seed.js';
import type { HttpBot } from '../helpers/http-bot.js';
import { startWithHttpBot } from './helpers.js';
import { Client, IDS, OTHER_BOT_TOKEN, seed as baseSeed } from './webhooks-setup.js';

const MANAGE_WEBHOOKS = 1n << 29n;
const MANAGE_MESSAGES = 1n << 13n;
const STRANGER = '5000000000000000002';

/** The shared webhook world, with alice owning the guild and a member who may not manage webhooks. */
function seed(): Seed {
  const s = structuredClone(baseSeed);
  const g = s.guilds![0]!;
  g.owner_id = IDS.member;
  g.members!.push({ id: STRANGER, username: 'stranger' });
  return s;
}

let emu: RunningEmulator;
let c: Client;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rateLimits: false, seed: seed() });
  c = new Client(emu);
});
afterAll(async () => {
  await emu.close();
});

const follow = (source: string, target: unknown, auth?: string | null) =>
  c.call('POST', `/channels/${source}/followers`, {
    body: { webhook_channel_id: target },
    ...(auth !== undefined ? { auth } : {}),
  });
const setAppPermissions = (bits: bigint) => {
  emu.world.guilds[IDS.guild]!.apps[IDS.app]!.permissions = bits.toString();
};

describe('channel follower webhooks', () => {
  it('following an announcement channel makes a type 2 webhook in the target with source_guild and source_channel, no token', async () => {
    const events: Array<{ name: string; data: unknown }> = [];
    const stop = emu.events.subscribe((e) => events.push({ name: e.name, data: e.data }));
    const r = await follow(IDS.announcement, IDS.text);
    stop();
    expect(r.status).toBe(200);
    expect(events).toContainEqual({ name: 'WEBHOOKS_UPDATE', data: { guild_id: IDS.guild, channel_id: IDS.text } });
    expect(r.body).toEqual({ channel_id: IDS.announcement, webhook_id: expect.stringMatching(/^\d+$/) });
    const got = await c.call('GET', `/webhooks/${r.body.webhook_id}`);
    expect(got.body).toMatchObject({
      type: 2,
      id: r.body.webhook_id,
      channel_id: IDS.text,
      guild_id: IDS.guild,
      application_id: null,
      name: 'Guild',
      source_guild: { id: IDS.guild, name: 'Guild', icon: null },
      source_channel: { id: IDS.announcement, name: 'news' },
      user: { id: IDS.app },
    });
    expect(got.body).not.toHaveProperty('token');
    const listed = await c.call('GET', `/channels/${IDS.text}/webhooks`);
    expect(listed.body.map((w: any) => w.id)).toContain(r.body.webhook_id);
    // The same follow again is the same webhook.
    expect((await follow(IDS.announcement, IDS.text)).body.webhook_id).toBe(r.body.webhook_id);
    // Into a channel of another guild the bot can manage webhooks in.
    const foreign = await follow(IDS.announcement, IDS.foreignText);
    expect(foreign.status).toBe(200);
    expect(foreign.body.webhook_id).not.toBe(r.body.webhook_id);
  });

  it('refuses what the service refuses', async () => {
    expect((await follow(IDS.text, IDS.otherText)).body).toEqual({
      message: 'Cannot execute action on this channel type',
      code: 50024,
    });
    expect((await follow(IDS.announcement, IDS.forum)).body.code).toBe(50024);
    expect((await follow(IDS.announcement, '3999999999999999999')).body).toEqual({
      message: 'Unknown Channel',
      code: 10003,
    });
    const missing = await c.call('POST', `/channels/${IDS.announcement}/followers`, { body: {} });
    expect(missing.body).toMatchObject({
      code: 50035,
      errors: { webhook_channel_id: { _errors: [{ code: 'BASE_TYPE_REQUIRED' }] } },
    });
    expect((await follow(IDS.announcement, IDS.otherText, `Bot ${OTHER_BOT_TOKEN}`)).body).toEqual({
      message: 'Missing Permissions',
      code: 50013,
    });
    expect((await follow(IDS.announcement, IDS.otherText, null)).status).toBe(401);
  });

  it('a crossposted message reaches every following channel, pointing back at the original; once', async () => {
    const announcer = await c.create(IDS.announcement, 'Announcer');
    const sent = await c.call('POST', `/webhooks/${announcer.id}/${announcer.token}?wait=true`, {
      auth: null,
      body: { content: 'Release 2.0 is out', embeds: [{ title: 'Notes' }] },
    });
    expect(sent.status).toBe(200);
    const path = `/channels/${IDS.announcement}/messages/${sent.body.id}/crosspost`;

    setAppPermissions(MANAGE_WEBHOOKS);
    expect((await c.call('POST', path)).body).toEqual({ message: 'Missing Permissions', code: 50013 });
    setAppPermissions(MANAGE_WEBHOOKS | MANAGE_MESSAGES);
    const notes: any[] = [];
    const stop = emu.events.observe((n) => notes.push(n));
    const published = await c.call('POST', path);
    stop();
    // Observers (the web view) see the original updated and one new message per following channel.
    const messageNotes = notes.filter((n) => n.kind === 'message').map((n) => `${n.action} ${n.channelId}`);
    expect(messageNotes.sort()).toEqual(
      [`create ${IDS.foreignText}`, `create ${IDS.text}`, `update ${IDS.announcement}`].sort(),
    );
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ id: sent.body.id, content: 'Release 2.0 is out', flags: 1 });

    const followers = Object.values(emu.world.webhooks).filter(
      (w) => w.type === 2 && w.source_channel?.id === IDS.announcement,
    );
    expect(followers.map((w) => w.channel_id).sort()).toEqual([IDS.text, IDS.foreignText].sort());
    for (const w of followers) {
      const copies = Object.values(emu.world.messages).filter((m) => m.webhookId === w.id);
      expect(copies).toHaveLength(1);
      expect(copies[0]!.channel_id).toBe(w.channel_id);
      expect(copies[0]!.message).toMatchObject({
        channel_id: w.channel_id,
        content: 'Release 2.0 is out',
        embeds: [{ type: 'rich', title: 'Notes' }],
        flags: 2,
        webhook_id: w.id,
        author: { id: w.id, username: 'Guild #news', bot: true },
        message_reference: { channel_id: IDS.announcement, guild_id: IDS.guild, message_id: sent.body.id },
      });
    }
    expect((await c.call('POST', path)).body).toEqual({
      message: 'This message has already been crossposted.',
      code: 40033,
    });
  });

  it('crossposting needs a message of that announcement channel', async () => {
    const plain = await c.create(IDS.text, 'Plain');
    const sent = await c.call('POST', `/webhooks/${plain.id}/${plain.token}?wait=true`, {
      auth: null,
      body: { content: 'not news' },
    });
    expect((await c.call('POST', `/channels/${IDS.text}/messages/${sent.body.id}/crosspost`)).body.code).toBe(50024);
    expect((await c.call('POST', `/channels/${IDS.announcement}/messages/${sent.body.id}/crosspost`)).body).toEqual({
      message: 'Unknown Message',
      code: 10008,
    });
  });
});

describe('the webhook.incoming OAuth2 flow', () => {
  const control = (body: unknown) =>
    request(`${new URL(emu.url).origin}/__emulator/oauth2/authorize`, {
      method: 'POST',
      headers: { 'x-cmdsync-control': emu.controlToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const exchange = async (fields: Record<string, string>) => {
    const basic = Buffer.from(`${emu.credentials.clientId}:${emu.credentials.clientSecret}`).toString('base64');
    const res = await request(`${emu.url}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
    return { status: res.statusCode, body: (await res.body.json()) as any };
  };

  it('the user consents for a channel; the code is exchanged for a token and the webhook with its url, which executes', async () => {
    const consent = await control({
      scope: 'webhook.incoming',
      channel_id: IDS.otherText,
      user_id: IDS.member,
      redirect_uri: 'https://app.example/cb',
    });
    expect(consent.statusCode).toBe(200);
    const { code, guild_id, location } = (await consent.body.json()) as any;
    expect(guild_id).toBe(IDS.guild);
    expect(location).toBe(`https://app.example/cb?code=${code}&guild_id=${IDS.guild}`);

    const t = await exchange({ grant_type: 'authorization_code', code, redirect_uri: 'https://app.example/cb' });
    expect(t.status).toBe(200);
    expect(t.body).toMatchObject({ token_type: 'Bearer', scope: 'webhook.incoming', expires_in: 604800 });
    const hook = t.body.webhook;
    expect(hook).toMatchObject({
      type: 1,
      channel_id: IDS.otherText,
      guild_id: IDS.guild,
      application_id: IDS.app,
      name: 'Main App',
      user: { id: IDS.member, username: 'alice' },
    });
    expect(hook.url).toBe(`${emu.url}/webhooks/${hook.id}/${hook.token}`);
    const posted = await request(`${hook.url}?wait=true`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: 'via the url' }),
    });
    expect(posted.statusCode).toBe(200);
    expect(((await posted.body.json()) as any).channel_id).toBe(IDS.otherText);

    // A code is spent by its first exchange.
    expect(
      (await exchange({ grant_type: 'authorization_code', code, redirect_uri: 'https://app.example/cb' })).body,
    ).toEqual({
      error: 'invalid_grant',
      error_description: 'Invalid "code" in request.',
    });
  });

  it('the one authorize route takes the consent too: webhook.incoming among its scopes answers a code that exchanges for the webhook', async () => {
    const res = await request(`${new URL(emu.url).origin}/__emulator/authorize`, {
      method: 'POST',
      headers: { 'x-cmdsync-control': emu.controlToken, 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['webhook.incoming'], channel_id: IDS.otherText, user_id: IDS.member }),
    });
    expect(res.statusCode).toBe(200);
    const { code } = (await res.body.json()) as any;
    const t = await exchange({ grant_type: 'authorization_code', code });
    expect(t.body.webhook).toMatchObject({
      type: 1,
      channel_id: IDS.otherText,
      application_id: IDS.app,
      user: { id: IDS.member },
    });
  });

  it('refuses a redirect_uri other than the consent named, a user who may not manage webhooks, and other scopes', async () => {
    const { code } = (await (
      await control({
        scope: 'webhook.incoming',
        channel_id: IDS.text,
        user_id: IDS.member,
        redirect_uri: 'https://app.example/cb',
      })
    ).body.json()) as any;
    expect(
      (await exchange({ grant_type: 'authorization_code', code, redirect_uri: 'https://evil.example/cb' })).body.error,
    ).toBe('invalid_grant');
    const stranger = await control({ scope: 'webhook.incoming', channel_id: IDS.text, user_id: STRANGER });
    expect(stranger.statusCode).toBe(400);
    expect(((await stranger.body.json()) as any).message).toContain('lacks MANAGE_WEBHOOKS');
    const bot = await control({ scope: 'bot webhook.incoming', channel_id: IDS.text });
    const botRefusal = ((await bot.body.json()) as any).message as string;
    expect(botRefusal).toContain('not emulated by this flow: scope bot');
    expect(botRefusal).toContain('POST /__emulator/authorize');
    expect((await exchange({ grant_type: 'refresh_token', refresh_token: 'x' })).body.error).toBe(
      'unsupported_grant_type',
    );
    // The client-credentials grant still goes to its own handler.
    expect(
      (await exchange({ grant_type: 'client_credentials', scope: 'applications.commands.update' })).body.token_type,
    ).toBe('Bearer');
  });
});

describe('the application webhook (type 3)', () => {
  let em: RunningEmulator;
  let bot: HttpBot;
  beforeAll(async () => {
    ({ em, bot } = await startWithHttpBot());
  });
  afterAll(async () => {
    await bot?.close();
    await em?.close();
  });

  it('an interaction token opens the application webhook: GET answers it as a type 3 webhook', async () => {
    const out = await em.invoke({ line: '/hello' });
    expect(out.outcome).toBe('answered');
    if (out.outcome !== 'answered') return;
    const res = await request(`${em.url}/webhooks/${HTTP_APP}/${out.interaction.token as string}`);
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toEqual({
      application_id: HTTP_APP,
      avatar: null,
      channel_id: null,
      guild_id: null,
      id: HTTP_APP,
      name: 'Helper',
      type: 3,
    });
    const wrong = await request(`${em.url}/webhooks/${HTTP_APP}/${'x'.repeat(40)}`);
    expect(((await wrong.body.json()) as any).code).toBe(10015);
  });
});
