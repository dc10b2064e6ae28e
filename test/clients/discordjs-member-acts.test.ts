/**
 * A member's acts on messages besides posting (issue 37 item 4), as a
 * discord.js 14 bot receives them over the emulator's gateway: a reaction and
 * its removal (messageReactionAdd/Remove, with partials as the guide sets
 * them up), an edit of their own message (messageUpdate) and its deletion
 * (messageDelete); and the service's refusals of what a member may not do.
 */
import {
  Client,
  Events,
  GatewayIntentBits,
  type Message,
  type MessageReaction,
  Partials,
  type PartialMessage,
  type User,
} from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ALICE, BOB, CH, memberAct, messageSeed, say } from '../emulator/channel-messages-setup.js';

let emu: RunningEmulator;
let client: Client<true>;

function next<T extends unknown[]>(event: string, match: (...args: T) => boolean = () => true, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`discord.js emitted no matching ${event} within ${ms} ms`)), ms);
    const on = (...args: T) => {
      if (!match(...args)) return;
      clearTimeout(timer);
      client.off(event, on as never);
      resolve(args);
    };
    client.on(event, on as never);
  });
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: messageSeed });
  // The guide's setup for reactions on any message, cached or not.
  const c = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.GuildMessageReactions,
      GatewayIntentBits.MessageContent,
    ],
    partials: [Partials.Message, Partials.Channel, Partials.Reaction],
    rest: { api: emu.restBase },
  });
  const ready = new Promise<Client<true>>((resolve) => c.once(Events.ClientReady, resolve));
  await c.login(emu.credentials.botToken);
  client = await ready;
});
afterAll(async () => {
  await client?.destroy();
  await emu?.close();
});

test("a member reacts to the bot's message and takes it back: messageReactionAdd and Remove, with the member and the emoji", async () => {
  const sent = await (client.channels.cache.get(CH.general) as { send(t: string): Promise<Message> }).send('vote');
  const added = next<[MessageReaction, User]>(Events.MessageReactionAdd, (r) => r.message.id === sent.id);
  expect(
    (
      await memberAct(emu, 'PUT', '/reactions', {
        channelId: 'general',
        messageId: sent.id,
        userId: 'alice',
        emoji: '👍',
      })
    ).status,
  ).toBe(204);
  const [reaction, user] = await added;
  expect(user.id).toBe(ALICE);
  expect(reaction.emoji.name).toBe('👍');
  await sent.react('👍');
  const users = await reaction.users.fetch();
  // Lowest id first: the members' ids are below the bot's here.
  expect([...users.keys()]).toEqual([ALICE, client.user.id]);
  expect([...(await reaction.users.fetch({ limit: 1 })).keys()]).toEqual([ALICE]);
  expect([...(await reaction.users.fetch({ after: ALICE })).keys()]).toEqual([client.user.id]);
  const route: `/${string}` = `/channels/${CH.general}/messages/${sent.id}/reactions/${encodeURIComponent('👍')}`;
  const tooMany = await client.rest
    .get(route, { query: new URLSearchParams({ limit: '101' }) })
    .catch((e: unknown) => e);
  expect(tooMany).toMatchObject({ code: 50035, status: 400 });
  await sent.reactions.cache.get('👍')?.users.remove(client.user.id);

  const removed = next<[MessageReaction, User]>(
    Events.MessageReactionRemove,
    (r, u) => r.message.id === sent.id && u.id === ALICE,
  );
  expect(
    (
      await memberAct(emu, 'DELETE', '/reactions', {
        channelId: CH.general,
        messageId: sent.id,
        userId: ALICE,
        emoji: '👍',
      })
    ).status,
  ).toBe(204);
  const [gone, who] = await removed;
  expect(who.id).toBe(ALICE);
  expect(gone.emoji.name).toBe('👍');
  expect(emu.world.messages[sent.id]?.reactions).toBeUndefined();
});

test('a member edits their own message and deletes it: messageUpdate with the new text, then messageDelete', async () => {
  const created = next<[Message]>(Events.MessageCreate, (m) => m.author.id === BOB);
  const posted = await say(emu, { channelId: CH.general, userId: BOB, content: 'frist' });
  const [message] = await created;
  const updated = next<[Message | PartialMessage, Message]>(Events.MessageUpdate, (_o, n) => n.id === message.id);
  const edit = await memberAct(emu, 'PATCH', '/messages', {
    channelId: CH.general,
    messageId: posted.body.id,
    userId: BOB,
    content: 'first',
  });
  expect(edit.status).toBe(200);
  expect(edit.body.content).toBe('first');
  const [, after] = await updated;
  expect(after.content).toBe('first');
  expect(after.editedTimestamp).not.toBeNull();

  const deleted = next<[Message | PartialMessage]>(Events.MessageDelete, (m) => m.id === message.id);
  expect(
    (await memberAct(emu, 'DELETE', '/messages', { channelId: CH.general, messageId: posted.body.id, userId: BOB }))
      .status,
  ).toBe(204);
  await deleted;
  expect(emu.world.messages[posted.body.id]).toBeUndefined();
});

test('what a member may not do is refused as the service refuses it, and the bot is told nothing', async () => {
  const posted = await say(emu, { channelId: CH.general, userId: BOB, content: "bob's words" });
  let told = 0;
  const count = () => told++;
  client.on(Events.MessageUpdate, count);
  client.on(Events.MessageReactionAdd, count);
  try {
    // Another member's message: not theirs to edit, nor (without MANAGE_MESSAGES) to delete.
    const edit = await memberAct(emu, 'PATCH', '/messages', {
      channelId: CH.general,
      messageId: posted.body.id,
      userId: ALICE,
      content: 'mine now',
    });
    expect(edit).toMatchObject({ status: 403, body: { code: 50005 } });
    const del = await memberAct(emu, 'DELETE', '/messages', {
      channelId: CH.general,
      messageId: posted.body.id,
      userId: ALICE,
    });
    expect(del).toMatchObject({ status: 403, body: { code: 50013 } });
    // A first reaction where ADD_REACTIONS is denied; an emoji the world does not hold; a message that is not there.
    const inNoEmbeds = await say(emu, { channelId: CH.noEmbeds, userId: BOB, content: 'react?' });
    const react = await memberAct(emu, 'PUT', '/reactions', {
      channelId: CH.noEmbeds,
      messageId: inNoEmbeds.body.id,
      userId: BOB,
      emoji: '👍',
    });
    expect(react).toMatchObject({ status: 403, body: { code: 50013 } });
    const custom = await memberAct(emu, 'PUT', '/reactions', {
      channelId: CH.general,
      messageId: posted.body.id,
      userId: BOB,
      emoji: 'party:123',
    });
    expect(custom).toMatchObject({ status: 400, body: { code: 10014 } });
    const missing = await memberAct(emu, 'PUT', '/reactions', {
      channelId: CH.general,
      messageId: '1300000000000009999',
      userId: BOB,
      emoji: '👍',
    });
    expect(missing).toMatchObject({ status: 404, body: { code: 10008 } });
    const unnamed = await memberAct(emu, 'PUT', '/reactions', { channelId: CH.general, userId: BOB, emoji: '👍' });
    expect(unnamed.status).toBe(400);
    // Delivered or not, anything sent is read before this ping's answer.
    await client.rest.get(`/channels/${CH.general}`);
    expect(told).toBe(0);
    expect(emu.world.messages[posted.body.id]?.message.content).toBe("bob's words");
  } finally {
    client.off(Events.MessageUpdate, count);
    client.off(Events.MessageReactionAdd, count);
  }
});
