/**
 * DMs through discord.js, written as its guide writes them (issue 41 item 5):
 * `user.createDM()` and `user.send()`, a slash command that DMs its invoker
 * (`interaction.user.send`), and a bot that answers DMs, which discord.js
 * hears only with `GatewayIntentBits.DirectMessages` and `Partials.Channel`
 * (an uncached DM channel is otherwise dropped).
 */
import {
  ChannelType,
  Client,
  Events,
  GatewayIntentBits,
  type Interaction,
  type Message,
  MessageFlags,
  Partials,
} from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { ALICE, APP, dmSeed, GENERAL, GUILD } from './dm-setup.js';
import { start } from './helpers.js';

let em: RunningEmulator;
let client: Client;
const errors: unknown[] = [];
const heard: Message[] = [];

async function answer(i: Interaction): Promise<void> {
  if (!i.isChatInputCommand() || i.commandName !== 'remind') return;
  await i.user.send('Your reminder: water the plants');
  await i.reply({ content: 'Check your DMs', flags: MessageFlags.Ephemeral });
}

async function onMessage(message: Message): Promise<void> {
  if (message.author.bot || message.channel.type !== ChannelType.DM) return;
  heard.push(message);
  await message.channel.send(`You said: ${message.content}`);
}

beforeAll(async () => {
  const seed = dmSeed();
  seed.commands = [{ application_id: APP, guild_id: GUILD, name: 'remind', description: 'DM me a reminder' }];
  em = await start({ seed });
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.DirectMessages],
    partials: [Partials.Channel],
    rest: { api: em.restBase },
  });
  client.on(Events.InteractionCreate, (i) => void answer(i).catch((e) => errors.push(e)));
  client.on(Events.MessageCreate, (m) => void onMessage(m).catch((e) => errors.push(e)));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(em.credentials.botToken);
  await ready;
});

afterAll(async () => {
  await client?.destroy();
  await em?.close();
});

const dmOf = (userId: string) => em.world.applications[APP]!.dms?.find((d) => d.userId === userId);
const messagesIn = (channelId: string) => Object.values(em.world.messages).filter((m) => m.channel_id === channelId);

test('user.createDM() opens the DM once; user.send() posts in it', async () => {
  const alice = await client.users.fetch(ALICE);
  const dm = await alice.createDM();
  expect(dm.type).toBe(ChannelType.DM);
  expect(dm.recipientId).toBe(ALICE);
  expect((await alice.createDM(true)).id).toBe(dm.id);
  const sent = await alice.send('hello alice');
  expect(sent.channelId).toBe(dm.id);
  expect(sent.guildId).toBeNull();
  expect(messagesIn(dm.id).map((m) => m.message.content)).toContain('hello alice');
  const fetched = await client.channels.fetch(dm.id, { force: true });
  expect(fetched?.type).toBe(ChannelType.DM);
});

test('a slash command DMs its invoker with interaction.user.send()', async () => {
  expect(await em.invoke({ line: '/remind', channelId: GENERAL, userId: ALICE })).toMatchObject({
    outcome: 'answered',
  });
  expect(errors).toEqual([]);
  await expect
    .poll(() => messagesIn(dmOf(ALICE)!.id).map((m) => m.message.content))
    .toContain('Your reminder: water the plants');
});

test('a member writes to the bot: messageCreate in a DM channel, content readable without MessageContent, and its answer', async () => {
  expect(em.say({ dm: true, userId: ALICE, content: 'what time is it' }).status).toBe(200);
  await expect.poll(() => heard.length).toBe(1);
  expect(heard[0]!.content).toBe('what time is it');
  expect(heard[0]!.channel.type).toBe(ChannelType.DM);
  expect(heard[0]!.guildId).toBeNull();
  await expect
    .poll(() => messagesIn(dmOf(ALICE)!.id).map((m) => m.message.content))
    .toContain('You said: what time is it');
  expect(errors).toEqual([]);
});
