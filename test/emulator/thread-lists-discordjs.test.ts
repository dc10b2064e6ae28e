/**
 * Thread lists and the pin notice through discord.js, as bot developers call
 * them (issue 41 items 4, 6): `channel.threads.fetchActive()`,
 * `fetchArchived()` public, private and joined, `guild.channels.fetchActiveThreads()`,
 * `message.pin()` heard back as a ChannelPinnedMessage messageCreate, and a
 * thread archived by inactivity when the clock is advanced, heard as threadUpdate.
 */
import {
  ChannelType,
  Client,
  Events,
  GatewayIntentBits,
  type Message,
  MessageType,
  type TextChannel,
} from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { start } from './helpers.js';
import { BOT_PERMISSIONS, channelSeed, GENERAL, GUILD } from './guild-channels-setup.js';

let em: RunningEmulator;
let client: Client;
const heard: Message[] = [];

beforeAll(async () => {
  em = await start({ seed: channelSeed([...BOT_PERMISSIONS, 'PIN_MESSAGES']), harness: true });
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages],
    rest: { api: em.restBase },
  });
  client.on(Events.MessageCreate, (m) => void heard.push(m));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(em.credentials.botToken);
  await ready;
});
afterAll(async () => {
  await client?.destroy();
  await em?.close();
});

test('fetchActive, fetchArchived (public, private, joined) and guild.channels.fetchActiveThreads', async () => {
  const general = (await client.channels.fetch(GENERAL)) as TextChannel;
  const open = await (await general.send('Lunch?')).startThread({ name: 'lunch' });
  const done = await general.threads.create({ name: 'done', type: ChannelType.PublicThread });
  await done.setArchived(true);
  const secret = await general.threads.create({ name: 'secret', type: ChannelType.PrivateThread });
  await secret.setArchived(true);
  const left = await general.threads.create({ name: 'left', type: ChannelType.PrivateThread });
  await left.leave();
  await left.setArchived(true);

  const active = await general.threads.fetchActive();
  expect([...active.threads.keys()]).toEqual([open.id]);
  const guildActive = await client.guilds.cache.get(GUILD)!.channels.fetchActiveThreads();
  expect([...guildActive.threads.keys()]).toEqual([open.id]);

  const publicArchived = await general.threads.fetchArchived();
  expect([...publicArchived.threads.keys()]).toEqual([done.id]);
  expect(publicArchived.hasMore).toBe(false);
  expect(publicArchived.threads.get(done.id)!.archived).toBe(true);
  // fetchAll: every archived private thread (MANAGE_THREADS); without it, those the bot is in.
  const privateArchived = await general.threads.fetchArchived({ type: 'private', fetchAll: true });
  expect([...privateArchived.threads.keys()].sort()).toEqual([secret.id, left.id].sort());
  const joined = await general.threads.fetchArchived({ type: 'private' });
  expect([...joined.threads.keys()]).toEqual([secret.id]);
  expect(joined.threads.get(secret.id)!.type).toBe(ChannelType.PrivateThread);
});

test('message.pin(): the bot hears the "pinned a message" notice pointing at it', async () => {
  const general = (await client.channels.fetch(GENERAL)) as TextChannel;
  const rules = await general.send('Read the rules');
  await rules.pin();
  await expect.poll(() => heard.find((m) => m.type === MessageType.ChannelPinnedMessage)).toBeDefined();
  const notice = heard.find((m) => m.type === MessageType.ChannelPinnedMessage)!;
  expect(notice.reference?.messageId).toBe(rules.id);
  expect(notice.author.id).toBe(client.user!.id);
  expect(notice.system).toBe(true);
  expect((await general.messages.fetchPinned()).map((m) => m.id)).toEqual([rules.id]);
});

test('a thread idle past its auto-archive duration is archived when the clock moves: discord.js hears threadUpdate', async () => {
  const general = (await client.channels.fetch(GENERAL)) as TextChannel;
  const thread = await general.threads.create({
    name: 'idle',
    type: ChannelType.PublicThread,
    autoArchiveDuration: 60,
  });
  const archived = new Promise<boolean>((resolve) =>
    client.on(Events.ThreadUpdate, (_old, now) => {
      if (now.id === thread.id) resolve(now.archived === true);
    }),
  );
  em.harness!.advance(61 * 60_000);
  expect(await archived).toBe(true);
  const listed = await general.threads.fetchArchived();
  expect(listed.threads.has(thread.id)).toBe(true);
});
