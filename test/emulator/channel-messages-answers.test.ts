/**
 * Interaction answers are channel messages like any other sender's: listed
 * and read through GET /channels/{id}/messages with their shape (type 20,
 * interaction_metadata, the bot as author), dispatched as MESSAGE_CREATE,
 * and edited by the bot through the channel route as their author.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { deprecatedInteraction } from '../../src/emulator/interactions/callback-shapes.js';
import { Intent } from '../../src/wire/gateway.js';
import type { HttpBot } from '../helpers/http-bot.js';
import { APP, BOB, GENERAL } from '../helpers/interaction-seed.js';
import { identify, RawGateway } from './gateway-client.js';
import { call, startWithHttpBot } from './helpers.js';

let em: RunningEmulator;
let httpBot: HttpBot;
beforeAll(async () => {
  ({ em, bot: httpBot } = await startWithHttpBot());
});
afterAll(async () => {
  await em.close();
  await httpBot.close();
});

test('an answer to /hello is listed with type 20 and interaction_metadata, dispatched, and the bot may edit it as its author', async () => {
  const token = em.world.applications[APP]!.botToken;
  const gw = new RawGateway(`${em.gatewayUrl}?v=10&encoding=json`);
  try {
    await gw.opened;
    await gw.waitFor((f) => f.op === 10);
    gw.send(identify(token, Intent.GUILD_MESSAGES));
    await gw.dispatch('READY');

    const outcome = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
    expect(outcome.outcome).toBe('answered');
    const created = await gw.dispatch('MESSAGE_CREATE');
    const botUserId = em.world.applications[APP]!.botUserId;
    expect(created.d).toMatchObject({
      type: 20,
      channel_id: GENERAL,
      author: { id: botUserId, bot: true },
      interaction_metadata: { user: { id: BOB } },
    });
    // The deprecated `interaction` object is still on replies to commands (facts §6.4).
    if (outcome.outcome === 'answered')
      expect(created.d.interaction).toEqual({
        id: outcome.interaction.id,
        type: 2,
        name: 'hello',
        user: expect.objectContaining({ id: BOB }),
        member: expect.objectContaining({ roles: expect.any(Array) }),
      });

    // This world's @everyone cannot read history: the list is empty (facts §5.2) until the bot's install can.
    expect((await call(em, 'GET', `/channels/${GENERAL}/messages`, { auth: `Bot ${token}` })).body).toEqual([]);
    const guild = Object.values(em.world.guilds).find((g) => g.channels.some((c) => c.id === GENERAL))!;
    guild.apps[APP]!.permissions = String(1n << 16n);
    const listed = (await call(em, 'GET', `/channels/${GENERAL}/messages?limit=1`, { auth: `Bot ${token}` })).body;
    expect(listed[0]).toMatchObject({
      id: created.d.id,
      type: 20,
      content: `Hello <@${BOB}>`,
      interaction_metadata: { user: { id: BOB } },
    });
    expect(em.world.messages[created.d.id]).toMatchObject({ sender: 'interaction' });

    const edited = await call(em, 'PATCH', `/channels/${GENERAL}/messages/${created.d.id}`, {
      auth: `Bot ${token}`,
      body: { content: 'edited through the channel' },
    });
    expect(edited.body).toMatchObject({ content: 'edited through the channel', type: 20 });
    expect((await gw.dispatch('MESSAGE_UPDATE')).d).toMatchObject({
      id: created.d.id,
      content: 'edited through the channel',
    });
  } finally {
    gw.ws.terminate();
  }
});

test("the deprecated interaction object names a reply's subcommands, and leaves out member in a DM", () => {
  const user = { id: BOB, username: 'bob' };
  const options = [
    {
      type: 2,
      name: 'logging',
      options: [{ type: 1, name: 'enable', options: [{ type: 7, name: 'channel', value: GENERAL }] }],
    },
  ];
  const inGuild = {
    id: '1',
    type: 2,
    commandName: 'config',
    payload: { data: { name: 'config', options }, member: { user, roles: [] } },
  };
  expect(deprecatedInteraction(inGuild)).toEqual({
    id: '1',
    type: 2,
    name: 'config logging enable',
    user,
    member: { roles: [] },
  });
  const inDm = {
    id: '2',
    type: 2,
    commandName: 'ping',
    payload: { data: { name: 'ping', options: [{ type: 3, name: 'text', value: 'x' }] }, user },
  };
  expect(deprecatedInteraction(inDm)).toEqual({ id: '2', type: 2, name: 'ping', user });
});
