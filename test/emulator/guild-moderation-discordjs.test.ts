/**
 * Moderation and role bots written with discord.js as its guide writes them
 * (issue 41, items 1 and 2), over the gateway and the bot's REST: the guide's
 * `/ban` with a Confirm button (ButtonBuilder, awaitMessageComponent, then
 * guild.members.ban), a role toggle with member.roles.add/remove,
 * member.kick() and member.timeout(). The member's side is the emulator's
 * invoke and click; what changed is read from the world.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type ChatInputCommandInteraction,
  Client,
  Events,
  GatewayIntentBits,
  type GuildMember,
} from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { say } from './channel-messages-setup.js';
import { ANN, APP, BOB, CAROL, DAVE, GENERAL, GUILD, MODS, moderationSeed } from './guild-moderation-setup.js';
import { start } from './helpers.js';

let em: RunningEmulator;
let client: Client;
const failures: unknown[] = [];

/** The discord.js guide's "Buttons" page, its /ban: confirm or cancel, from the one who asked, within a minute. */
async function ban(interaction: ChatInputCommandInteraction): Promise<void> {
  const target = interaction.options.getUser('target', true);
  const reason = interaction.options.getString('reason') ?? 'No reason provided';
  const confirm = new ButtonBuilder().setCustomId('confirm').setLabel('Confirm Ban').setStyle(ButtonStyle.Danger);
  const cancel = new ButtonBuilder().setCustomId('cancel').setLabel('Cancel').setStyle(ButtonStyle.Secondary);
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(cancel, confirm);
  const response = await interaction.reply({
    content: `Are you sure you want to ban ${target} for reason: ${reason}?`,
    components: [row],
    withResponse: true,
  });
  const collectorFilter = (i: { user: { id: string } }) => i.user.id === interaction.user.id;
  try {
    const confirmation = await response.resource!.message!.awaitMessageComponent({
      filter: collectorFilter,
      time: 60_000,
    });
    if (confirmation.customId === 'confirm') {
      await interaction.guild!.members.ban(target, { reason });
      await confirmation.update({
        content: `${target.username} has been banned for reason: ${reason}`,
        components: [],
      });
    } else if (confirmation.customId === 'cancel') {
      await confirmation.update({ content: 'Action cancelled', components: [] });
    }
  } catch {
    await interaction.editReply({ content: 'Confirmation not received within 1 minute, cancelling', components: [] });
  }
}

/** A role toggle, as public bot templates write it. */
async function role(interaction: ChatInputCommandInteraction): Promise<void> {
  const wanted = interaction.options.getRole('role', true);
  const member = interaction.member as GuildMember;
  if (member.roles.cache.has(wanted.id)) {
    await member.roles.remove(wanted.id);
    await interaction.reply(`Removed ${wanted.name}`);
  } else {
    await member.roles.add(wanted.id);
    await interaction.reply(`Gave you ${wanted.name}`);
  }
}

async function moderate(interaction: ChatInputCommandInteraction): Promise<void> {
  const member = interaction.options.getMember('target') as GuildMember;
  try {
    if (interaction.commandName === 'kick') {
      await member.kick('Kicked by /kick');
      await interaction.reply(`Kicked ${member.user.username}`);
    } else {
      await member.timeout(interaction.options.getInteger('minutes', true) * 60_000, 'calm down');
      await interaction.reply(`Timed out ${member.user.username}`);
    }
  } catch (err) {
    await interaction.reply(`Could not: ${(err as Error).message}`);
  }
}

const handlers: Record<string, (i: ChatInputCommandInteraction) => Promise<void>> = {
  ban,
  role,
  kick: moderate,
  timeout: moderate,
  manage: async (i) => {
    await i.reply('managed');
  },
};

beforeAll(async () => {
  const seed = moderationSeed();
  const user = (name: string) => ({ type: 6, name, description: name, required: true });
  seed.commands = [
    ...seed.commands!,
    {
      application_id: APP,
      guild_id: GUILD,
      name: 'ban',
      description: 'Ban a member',
      options: [user('target'), { type: 3, name: 'reason', description: 'Why' }],
    },
    {
      application_id: APP,
      guild_id: GUILD,
      name: 'role',
      description: 'Toggle a role',
      options: [{ type: 8, name: 'role', description: 'Which', required: true }],
    },
    { application_id: APP, guild_id: GUILD, name: 'kick', description: 'Kick', options: [user('target')] },
    {
      application_id: APP,
      guild_id: GUILD,
      name: 'timeout',
      description: 'Time out',
      options: [user('target'), { type: 4, name: 'minutes', description: 'How long', required: true }],
    },
  ];
  em = await start({ seed });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: em.restBase } });
  client.on(Events.InteractionCreate, (i) => {
    if (i.isChatInputCommand()) void handlers[i.commandName]?.(i).catch((err) => failures.push(err));
  });
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(em.credentials.botToken);
  await ready;
});

afterAll(async () => {
  await client?.destroy();
  await em?.close();
});

const guild = () => em.world.guilds[GUILD]!;

test("the guide's /ban: the Confirm button bans the member with the reason, and the message says so", async () => {
  const asked = await em.invoke({ line: `/ban target:${BOB} reason:spam`, channelId: GENERAL, userId: ANN });
  expect(asked).toMatchObject({
    outcome: 'answered',
    original: { content: `Are you sure you want to ban <@${BOB}> for reason: spam?` },
  });
  const messageId = (asked as { original?: { id?: unknown } }).original?.id as string;
  const clicked = await em.click({ messageId, button: 'Confirm Ban', userId: ANN });
  expect(clicked).toMatchObject({
    outcome: 'answered',
    message: { id: messageId, content: 'bob has been banned for reason: spam', components: [] },
  });
  expect(guild().bans).toEqual([{ userId: BOB, username: 'bob', reason: 'spam' }]);
  expect(guild().members.map((m) => m.id)).not.toContain(BOB);
  expect(failures).toEqual([]);
});

test('a role toggle with member.roles.add/remove changes the member and what they may invoke', async () => {
  expect(await em.invoke({ line: '/manage', channelId: GENERAL, userId: DAVE })).toMatchObject({ outcome: 'refused' });
  expect(await em.invoke({ line: `/role role:${MODS}`, channelId: GENERAL, userId: DAVE })).toMatchObject({
    outcome: 'answered',
    original: { content: 'Gave you mods' },
  });
  expect(guild().members.find((m) => m.id === DAVE)!.roles).toContain(MODS);
  expect(await em.invoke({ line: '/manage', channelId: GENERAL, userId: DAVE })).toMatchObject({
    outcome: 'answered',
    original: { content: 'managed' },
  });
  expect(await em.invoke({ line: `/role role:${MODS}`, channelId: GENERAL, userId: DAVE })).toMatchObject({
    original: { content: 'Removed mods' },
  });
  expect(guild().members.find((m) => m.id === DAVE)!.roles).not.toContain(MODS);
});

test('member.timeout() silences the member; member.kick() removes one below the bot, and one above it is refused', async () => {
  expect(
    await em.invoke({ line: `/timeout target:${CAROL} minutes:5`, channelId: GENERAL, userId: ANN }),
  ).toMatchObject({
    original: { content: 'Timed out carol' },
  });
  expect(guild().members.find((m) => m.id === CAROL)!.communicationDisabledUntil).toEqual(expect.any(String));
  expect((await say(em, { channelId: GENERAL, userId: CAROL, content: 'hey' })).body).toMatchObject({ code: 50013 });
  expect(await em.invoke({ line: `/kick target:${CAROL}`, channelId: GENERAL, userId: ANN })).toMatchObject({
    original: { content: 'Kicked carol' },
  });
  expect(guild().members.map((m) => m.id)).not.toContain(CAROL);
  expect(await em.invoke({ line: `/kick target:${DAVE}`, channelId: GENERAL, userId: ANN })).toMatchObject({
    original: { content: 'Could not: Missing Permissions' },
  });
  expect(guild().members.map((m) => m.id)).toContain(DAVE);
});
