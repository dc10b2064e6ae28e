/**
 * Channels and threads through discord.js, written as bot developers write
 * them (issue 41 items 3, 4): a ticket bot whose form's submit creates a
 * private channel with permission overwrites for the member and whose /close
 * deletes it; `message.startThread`, `channel.threads.create` for a private
 * thread with `members.add`, a forum post with tags, and setArchived/setLocked.
 */
import {
  ActionRowBuilder,
  ChannelType,
  Client,
  Events,
  GatewayIntentBits,
  type ForumChannel,
  type Interaction,
  ModalBuilder,
  PermissionFlagsBits,
  type TextChannel,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { start } from './helpers.js';
import { APP, BOB, CAROL, channelSeed, FORUM, GENERAL, GUILD, SUPPORT, TAG_FOOD } from './guild-channels-setup.js';

let em: RunningEmulator;
let client: Client;
const errors: unknown[] = [];

async function answer(i: Interaction): Promise<void> {
  if (i.isChatInputCommand() && i.commandName === 'ticket') {
    await i.showModal(
      new ModalBuilder()
        .setCustomId('ticket-form')
        .setTitle('New ticket')
        .addComponents(
          new ActionRowBuilder<TextInputBuilder>().addComponents(
            new TextInputBuilder().setCustomId('issue').setLabel('Issue').setStyle(TextInputStyle.Short),
          ),
        ),
    );
  } else if (i.isModalSubmit() && i.customId === 'ticket-form' && i.guild) {
    const channel = await i.guild.channels.create({
      name: `ticket-${i.user.username}`,
      type: ChannelType.GuildText,
      parent: SUPPORT,
      topic: i.fields.getTextInputValue('issue'),
      permissionOverwrites: [
        { id: i.guild.id, deny: [PermissionFlagsBits.ViewChannel] },
        { id: i.user.id, allow: [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages] },
        { id: i.client.user.id, allow: [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages] },
      ],
    });
    await channel.send(`Welcome <@${i.user.id}>`);
    await i.reply({ content: `Opened <#${channel.id}>`, ephemeral: true });
  } else if (i.isChatInputCommand() && i.commandName === 'close' && i.channel) {
    await i.reply('Closing');
    await i.channel.delete();
  }
}

beforeAll(async () => {
  const seed = channelSeed();
  seed.commands = [
    { application_id: APP, guild_id: GUILD, name: 'ticket', description: 'Open a ticket' },
    { application_id: APP, guild_id: GUILD, name: 'close', description: 'Close this ticket' },
  ];
  em = await start({ seed });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: em.restBase } });
  client.on(Events.InteractionCreate, (i) => void answer(i).catch((e) => errors.push(e)));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(em.credentials.botToken);
  await ready;
});

afterAll(async () => {
  await client?.destroy();
  await em?.close();
});

const channelsNamed = (name: string) => em.world.guilds[GUILD]!.channels.filter((c) => c.name === name);

test('a ticket bot: the form submit creates a private channel for the member; /close deletes it', async () => {
  expect(await em.invoke({ line: '/ticket', channelId: GENERAL, userId: CAROL })).toMatchObject({
    outcome: 'answered',
  });
  const submitted = await em.submitModal({ userId: CAROL, fields: { issue: 'printer on fire' } });
  expect(submitted).toMatchObject({ outcome: 'answered' });
  expect(errors).toEqual([]);
  const [ticket] = channelsNamed('ticket-carol');
  expect(ticket).toMatchObject({ parentId: SUPPORT, topic: 'printer on fire' });
  // discord.js heard CHANNEL_CREATE: the channel is in its cache.
  await expect.poll(() => client.channels.cache.has(ticket!.id)).toBe(true);
  expect(em.say({ channelId: ticket!.id, userId: CAROL, content: 'help' }).status).toBe(200);
  expect(em.say({ channelId: ticket!.id, userId: BOB, content: 'let me in' }).body).toMatchObject({ code: 50001 });
  // Nor may bob invoke there: the channel is not in his client at all.
  expect(await em.invoke({ line: '/close', channelId: ticket!.id, userId: BOB })).toMatchObject({
    outcome: 'refused',
    refusal: { kind: 'channel-hidden' },
  });
  // A channel made during the run is named like a seeded one.
  expect(await em.invoke({ line: '/close', channelId: '#ticket-carol', userId: 'carol' })).toMatchObject({
    outcome: 'answered',
  });
  await expect.poll(() => channelsNamed('ticket-carol').length).toBe(0);
  await expect.poll(() => client.channels.cache.has(ticket!.id)).toBe(false);
  expect(Object.values(em.world.messages).some((m) => m.channel_id === ticket!.id)).toBe(false);
  expect(errors).toEqual([]);
});

test('message.startThread, a private thread with members.add, archive and lock', async () => {
  const general = (await client.channels.fetch(GENERAL)) as TextChannel;
  const message = await general.send('Lunch?');
  const thread = await message.startThread({ name: 'food-talk' });
  expect(thread).toMatchObject({
    id: message.id,
    name: 'food-talk',
    parentId: GENERAL,
    type: ChannelType.PublicThread,
  });
  await thread.send('Pizza');
  // A command used inside the thread reaches the bot with the thread as its channel.
  const closing = await general.send('Closing soon');
  const doomed = await closing.startThread({ name: 'doomed' });
  expect(await em.invoke({ line: '/close', channelId: doomed.id, userId: CAROL })).toMatchObject({
    outcome: 'answered',
  });
  await expect.poll(() => em.world.guilds[GUILD]!.channels.some((c) => c.id === doomed.id)).toBe(false);
  const priv = await general.threads.create({ name: 'mod-chat', type: ChannelType.PrivateThread, invitable: false });
  expect(priv.type).toBe(ChannelType.PrivateThread);
  await priv.members.add(BOB);
  expect(em.world.guilds[GUILD]!.channels.find((c) => c.id === priv.id)!.thread!.members.map((m) => m.id)).toContain(
    BOB,
  );
  await priv.setLocked(true);
  const archived = await priv.setArchived(true);
  expect(archived.archived).toBe(true);
  expect(archived.locked).toBe(true);
  expect(em.say({ channelId: priv.id, userId: BOB, content: 'hello?' }).body).toMatchObject({ code: 50083 });
  // Carol is not in the private thread: she cannot see it, nor use a command there.
  expect(await em.invoke({ line: '/close', channelId: priv.id, userId: CAROL })).toMatchObject({
    outcome: 'refused',
    refusal: { kind: 'channel-hidden' },
  });
});

test('a forum post with a tag; the tag is read back with GET /channels/{id}', async () => {
  const forum = (await client.channels.fetch(FORUM)) as ForumChannel;
  expect(forum.availableTags.map((t) => t.name)).toEqual(['food', 'travel']);
  const post = await forum.threads.create({
    name: 'Pancakes',
    message: { content: 'Flour, eggs, milk' },
    appliedTags: [TAG_FOOD],
  });
  expect(post.appliedTags).toEqual([TAG_FOOD]);
  const starter = await post.fetchStarterMessage();
  expect(starter?.content).toBe('Flour, eggs, milk');
  const again = await client.channels.fetch(post.id, { force: true });
  expect(again?.isThread() && again.appliedTags).toEqual([TAG_FOOD]);
});
