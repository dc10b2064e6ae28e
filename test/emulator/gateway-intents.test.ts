/** Privileged intents per application (close 4014), and message dispatches gated and blanked per session (facts §7.2, §7.3). */
import { Client, Events, GatewayIntentBits } from 'discord.js';
import { afterEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { SeedError } from '../../src/emulator/index.js';
import { bot, call, start } from './helpers.js';
import { identify, RawGateway, readyClient } from './gateway-client.js';

const GUILDS = 1 << 0;
const GUILD_MEMBERS = 1 << 1;
const GUILD_PRESENCES = 1 << 8;
const GUILD_MESSAGES = 1 << 9;
const GUILD_MESSAGE_REACTIONS = 1 << 10;
const DIRECT_MESSAGES = 1 << 12;
const MESSAGE_CONTENT = 1 << 15;

let em: RunningEmulator;
const clients: RawGateway[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.ws.terminate();
  await em?.close();
});

async function ready(intents: number) {
  const r = await readyClient(em.gatewayUrl, em.credentials.botToken, intents);
  clients.push(r.c);
  return r;
}

async function identifyClosed(intents: number) {
  const c = new RawGateway(`${em.gatewayUrl}?v=10&encoding=json`);
  clients.push(c);
  await c.opened;
  c.send(identify(em.credentials.botToken, intents));
  return c.closed;
}

describe('privileged intents', () => {
  test('an application seeded with none: each privileged intent closes 4014, others are accepted', async () => {
    em = await start();
    for (const intent of [GUILD_MEMBERS, GUILD_PRESENCES, MESSAGE_CONTENT]) {
      expect(await identifyClosed(GUILDS | intent)).toEqual({ code: 4014, reason: 'Disallowed intent(s).' });
    }
    const { ready: r } = await ready(GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES);
    expect(r.d.application.flags).toBe(0);
    expect((await call(em, 'GET', '/applications/@me', { auth: bot(em) })).body.flags).toBe(0);
  });

  test('seeded flags by name enable their intents, in GET /applications/@me and READY', async () => {
    em = await start({
      seed: { applications: [{ flags: ['GATEWAY_MESSAGE_CONTENT_LIMITED', 'GATEWAY_GUILD_MEMBERS'] }] },
    });
    const flags = (1 << 19) | (1 << 14);
    expect((await call(em, 'GET', '/applications/@me', { auth: bot(em) })).body.flags).toBe(flags);
    const { ready: r } = await ready(GUILDS | GUILD_MEMBERS | MESSAGE_CONTENT);
    expect(r.d.application.flags).toBe(flags);
    expect(await identifyClosed(GUILD_PRESENCES)).toMatchObject({ code: 4014 });
  });

  test('the owner turns a limited intent on with PATCH; the approved ones a seed gave stay', async () => {
    em = await start({ seed: { applications: [{ flags: ['GATEWAY_PRESENCE'] }] } });
    const patched = await call(em, 'PATCH', '/applications/@me', {
      auth: bot(em),
      body: { flags: (1 << 19) | (1 << 14) },
    });
    expect(patched.status).toBe(200);
    // GATEWAY_GUILD_MEMBERS (1<<14) is not the owner's to set; GATEWAY_PRESENCE stays.
    expect(patched.body.flags).toBe((1 << 19) | (1 << 12));
    await ready(GUILD_PRESENCES | MESSAGE_CONTENT);
    expect(await identifyClosed(GUILD_MEMBERS)).toMatchObject({ code: 4014 });
  });

  test('Identify without intents, or with an undefined bit → 4013', async () => {
    em = await start();
    const c = new RawGateway(em.gatewayUrl);
    clients.push(c);
    await c.opened;
    c.send({ op: 2, d: { token: em.credentials.botToken, properties: {} } });
    expect(await c.closed).toEqual({ code: 4013, reason: 'Invalid intent(s).' });
    expect(await identifyClosed(1 << 22)).toMatchObject({ code: 4013 });
  });

  test('a seed naming an unknown flag is refused with the names it takes', async () => {
    await expect(start({ seed: { applications: [{ flags: ['GATEWAY_MESSAGES'] }] } })).rejects.toThrow(SeedError);
    await expect(start({ seed: { applications: [{ flags: ['GATEWAY_MESSAGES'] }] } })).rejects.toThrow(
      /GATEWAY_MESSAGE_CONTENT_LIMITED/,
    );
  });
});

describe('message dispatches per session', () => {
  const USER = '200000000000000001';
  function message(extra: Record<string, unknown> = {}) {
    return {
      id: '300000000000000001',
      channel_id: '400000000000000001',
      guild_id: em.credentials.guildId,
      author: { id: USER, username: 'member', discriminator: '0', global_name: null, avatar: null },
      content: 'hello there',
      embeds: [{ title: 'an embed' }],
      attachments: [{ id: '1', filename: 'a.txt' }],
      components: [{ type: 1, components: [{ type: 2, style: 1, custom_id: 'x', label: 'X' }] }],
      poll: { question: { text: 'q' } },
      mentions: [],
      ...extra,
    };
  }
  const emit = (name: string, data: unknown) =>
    em.events.emit({ applicationId: em.credentials.applicationId, name, data, guildId: em.credentials.guildId });

  test('without MESSAGE_CONTENT a guild message arrives blank; with it, whole', async () => {
    em = await start({ seed: { applications: [{ flags: ['GATEWAY_MESSAGE_CONTENT_LIMITED'] }] } });
    const { c: blind } = await ready(GUILDS | GUILD_MESSAGES);
    const { c: reader } = await ready(GUILDS | GUILD_MESSAGES | MESSAGE_CONTENT);
    emit('MESSAGE_CREATE', message());
    const seen = await blind.dispatch('MESSAGE_CREATE');
    expect(seen.d).toMatchObject({
      id: '300000000000000001',
      content: '',
      embeds: [],
      attachments: [],
      components: [],
      author: { id: USER },
    });
    expect(seen.d).not.toHaveProperty('poll');
    const full = await reader.dispatch('MESSAGE_CREATE');
    expect(full.d).toEqual(message());
    emit('MESSAGE_UPDATE', message({ content: 'edited' }));
    expect((await blind.dispatch('MESSAGE_UPDATE')).d.content).toBe('');
    expect((await reader.dispatch('MESSAGE_UPDATE')).d.content).toBe('edited');
  });

  test('a session identified with MESSAGE_CONTENT reads blank once the owner turns the flag off', async () => {
    em = await start({ seed: { applications: [{ flags: ['GATEWAY_MESSAGE_CONTENT_LIMITED'] }] } });
    const { c } = await ready(GUILDS | GUILD_MESSAGES | MESSAGE_CONTENT);
    emit('MESSAGE_CREATE', message());
    expect((await c.dispatch('MESSAGE_CREATE')).d.content).toBe('hello there');
    expect((await call(em, 'PATCH', '/applications/@me', { auth: bot(em), body: { flags: 0 } })).body.flags).toBe(0);
    emit('MESSAGE_CREATE', message());
    expect((await c.dispatch('MESSAGE_CREATE')).d.content).toBe('');
  });

  test('the exceptions: a mention of the bot, the bot’s own message, a DM; a referenced message is judged on its own', async () => {
    em = await start();
    const botId = em.world.applications[em.credentials.applicationId]!.botUserId;
    const { c } = await ready(GUILDS | GUILD_MESSAGES | DIRECT_MESSAGES);
    emit('MESSAGE_CREATE', message({ mentions: [{ id: botId, username: 'bot' }] }));
    expect((await c.dispatch('MESSAGE_CREATE')).d.content).toBe('hello there');
    emit('MESSAGE_CREATE', message({ author: { id: botId, username: 'bot', bot: true } }));
    expect((await c.dispatch('MESSAGE_CREATE')).d.embeds).toEqual([{ title: 'an embed' }]);
    const { guild_id: _, ...dm } = message();
    em.events.emit({ applicationId: em.credentials.applicationId, name: 'MESSAGE_CREATE', data: dm });
    expect((await c.dispatch('MESSAGE_CREATE')).d.content).toBe('hello there');
    emit('MESSAGE_CREATE', message({ author: { id: botId }, referenced_message: message() }));
    const reply = (await c.dispatch('MESSAGE_CREATE')).d;
    expect(reply.content).toBe('hello there');
    expect(reply.referenced_message.content).toBe('');
  });

  test('a session without the intent is not sent the event: GUILD_MESSAGES, DIRECT_MESSAGES, reactions', async () => {
    em = await start();
    const { c: guildOnly } = await ready(GUILDS | GUILD_MESSAGES);
    const { c: dmOnly } = await ready(DIRECT_MESSAGES | GUILD_MESSAGE_REACTIONS);
    const { guild_id: _, ...dm } = message({ id: '300000000000000002' });
    em.events.emit({ applicationId: em.credentials.applicationId, name: 'MESSAGE_CREATE', data: dm });
    emit('MESSAGE_CREATE', message());
    emit('MESSAGE_REACTION_ADD', {
      user_id: USER,
      channel_id: '400000000000000001',
      message_id: '300000000000000001',
      guild_id: em.credentials.guildId,
      emoji: { id: null, name: '👍' },
      burst: false,
      type: 0,
    });
    emit('MESSAGE_DELETE', {
      id: '300000000000000001',
      channel_id: '400000000000000001',
      guild_id: em.credentials.guildId,
    });
    // A last event every session gets: what was not sent before it never will be.
    emit('INTERACTION_CREATE', { marker: true });
    await guildOnly.dispatch('INTERACTION_CREATE');
    await dmOnly.dispatch('INTERACTION_CREATE');
    expect(guildOnly.seen('MESSAGE_CREATE').map((f) => f.d.id)).toEqual(['300000000000000001']);
    expect(guildOnly.seen('MESSAGE_DELETE')).toHaveLength(1);
    expect(guildOnly.seen('MESSAGE_REACTION_ADD')).toHaveLength(0);
    expect(dmOnly.seen('MESSAGE_CREATE').map((f) => f.d.id)).toEqual(['300000000000000002']);
    expect(dmOnly.seen('MESSAGE_REACTION_ADD')).toHaveLength(1);
    expect(dmOnly.seen('MESSAGE_DELETE')).toHaveLength(0);
  });
});

describe('discord.js', () => {
  test('messageCreate with content only when the bot asked for MessageContent and the app has the flag', async () => {
    em = await start({ seed: { applications: [{ flags: ['GATEWAY_MESSAGE_CONTENT_LIMITED'] }] } });
    const guild = em.world.guilds[em.credentials.guildId]!;
    const channel = guild.channels.find((ch) => ch.type === 0)!;
    const member = guild.members[0]!;
    const sent = {
      id: '300000000000000009',
      type: 0,
      channel_id: channel.id,
      guild_id: guild.id,
      author: { id: member.id, username: member.username, discriminator: '0', global_name: null, avatar: null },
      content: '!ping',
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      flags: 0,
      components: [],
    };
    const seen: Record<string, string> = {};
    for (const [label, intents] of [
      ['blind', [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages]],
      ['reader', [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent]],
    ] as const) {
      const client = new Client({ intents: [...intents], rest: { api: em.restBase } });
      try {
        const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
        await client.login(em.credentials.botToken);
        await ready;
        const got = new Promise<string>((resolve) => client.once(Events.MessageCreate, (m) => resolve(m.content)));
        em.events.emit({
          applicationId: em.credentials.applicationId,
          name: 'MESSAGE_CREATE',
          data: sent,
          guildId: guild.id,
        });
        seen[label] = await got;
      } finally {
        await client.destroy();
      }
    }
    expect(seen).toEqual({ blind: '', reader: '!ping' });
  });
});
