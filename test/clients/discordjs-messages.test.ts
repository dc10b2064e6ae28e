/**
 * discord.js 14 as a bot uses it in a channel, against the emulator over
 * loopback: channel.send, message.edit, message.reply, message.react,
 * channel.messages.fetch, guild.members.fetch, message.delete, with the
 * gateway telling it of each (messageCreate, messageUpdate, messageDelete).
 */
import { Client, DiscordAPIError, Events, GatewayIntentBits, type Message, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ALICE, CH, GUILD, messageSeed, say } from '../emulator/channel-messages-setup.js';

let emu: RunningEmulator;
let client: Client<true>;

function next<T>(event: string, match: (value: T) => boolean = () => true, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`discord.js emitted no matching ${event} within ${ms} ms`)), ms);
    const on = (value: T) => {
      if (!match(value)) return;
      clearTimeout(timer);
      client.off(event, on);
      resolve(value);
    };
    client.on(event, on);
  });
}

beforeAll(async () => {
  emu = await startEmulator({ port: 0, seed: messageSeed });
  const c = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.GuildMessageReactions,
      GatewayIntentBits.MessageContent,
    ],
    rest: { api: emu.restBase },
  });
  const ready = new Promise<Client<true>>((resolve) => c.once(Events.ClientReady, resolve));
  await c.login(emu.credentials.botToken);
  client = await ready;
  // What most bots in the wild do: a text command answered in the channel.
  client.on(Events.MessageCreate, (m) => {
    if (m.content === '!ping') void m.channel.send(`pong, ${m.author.username}`);
  });
});
afterAll(async () => {
  await client?.destroy();
  await emu?.close();
});

test('send, edit, reply, react, fetch and delete a message as a discord.js bot', async () => {
  const channel = client.channels.cache.get(CH.general) as TextChannel;
  const created = next<Message>(Events.MessageCreate, (m) => m.author.id === client.user.id);
  const sent = await channel.send('hello from discord.js');
  expect(sent.content).toBe('hello from discord.js');
  expect(sent.author.id).toBe(client.user.id);
  expect(sent.guildId).toBe(GUILD);
  expect((await created).id).toBe(sent.id);

  const updated = next<Message>(Events.MessageUpdate, (_old: unknown) => true);
  const edited = await sent.edit('edited by discord.js');
  expect(edited.content).toBe('edited by discord.js');
  expect(edited.editedTimestamp).not.toBeNull();
  await updated;

  const reply = await sent.reply('a reply');
  expect(reply.reference?.messageId).toBe(sent.id);
  expect((await reply.fetchReference()).id).toBe(sent.id);

  const reaction = await sent.react('👍');
  expect(reaction.emoji.name).toBe('👍');
  const again = await channel.messages.fetch({ message: sent.id, force: true });
  expect(again.reactions.cache.get('👍')?.me).toBe(true);
  expect(again.reactions.cache.get('👍')?.count).toBe(1);

  const listed = await channel.messages.fetch({ limit: 10 });
  expect([...listed.keys()].slice(0, 2)).toEqual([reply.id, sent.id]);

  const deleted = next<Message>(Events.MessageDelete, (m) => m.id === sent.id);
  await sent.delete();
  await deleted;
  const gone = await channel.messages.fetch({ message: sent.id, force: true }).catch((e: unknown) => e);
  expect(gone).toBeInstanceOf(DiscordAPIError);
  expect((gone as DiscordAPIError).code).toBe(10008);
});

test("guild.members.fetch(id) reads one member over REST; a member's !ping reaches messageCreate with its content and the bot answers in the channel", async () => {
  const guild = client.guilds.cache.get(GUILD)!;
  const member = await guild.members.fetch({ user: ALICE, force: true });
  expect(member.user.username).toBe('alice');
  expect(member.roles.cache.size).toBe(2); // Moderator and @everyone
  expect((await guild.members.fetch(ALICE)).id).toBe(ALICE);

  const fromAlice = next<Message>(Events.MessageCreate, (m) => m.author.id === ALICE);
  const pong = next<Message>(
    Events.MessageCreate,
    (m) => m.author.id === client.user.id && m.content.startsWith('pong'),
  );
  await say(emu, { channelId: CH.general, userId: ALICE, content: '!ping' });
  const m = await fromAlice;
  expect(m.author.bot).toBe(false);
  expect(m.member?.id).toBe(ALICE);
  expect(m.channelId).toBe(CH.general);
  expect(m.content).toBe('!ping');
  // The answer is a channel message like any other: stored, and dispatched back to the bot.
  const answer = await pong;
  expect(answer.content).toBe('pong, alice');
  expect(emu.world.messages[answer.id]?.message).toMatchObject({
    content: 'pong, alice',
    channel_id: CH.general,
    author: { id: client.user.id, bot: true },
  });
});

test('a refusal surfaces as the DiscordAPIError the service would raise', async () => {
  const quiet = client.channels.cache.get(CH.quiet) as TextChannel;
  const err = await quiet.send('not allowed').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(DiscordAPIError);
  expect(err).toMatchObject({ code: 50013, status: 403 });
});
