/**
 * A real bot library against the emulator: discord.js v14 finds the gateway
 * through GET /gateway/bot on the emulator's REST base and connects over
 * loopback like it would to the service.
 */
import { ChatInputCommandInteraction, Client, Events, GatewayIntentBits, type Interaction } from 'discord.js';
import { afterEach, expect, test, vi } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, start, userBearer } from './helpers.js';

let em: RunningEmulator;
let client: Client | undefined;

afterEach(async () => {
  await client?.destroy();
  client = undefined;
  await em?.close();
});

function next<T>(event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`discord.js emitted no ${event} within ${ms} ms`)), ms);
    client!.once(event, (value: T) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}

test('a discord.js client logs in, sees the seeded guilds, and receives permission, webhook and interaction events', async () => {
  em = await start();
  const { applicationId, guildId } = em.credentials;
  client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildWebhooks],
    rest: { api: em.restBase },
  });
  const ready = next<Client<true>>(Events.ClientReady);
  await client.login(em.credentials.botToken);
  const c = await ready;

  expect(c.user.id).toBe(em.world.applications[applicationId]!.botUserId);
  expect(c.application.id).toBe(applicationId);
  const guild = c.guilds.cache.get(guildId);
  expect(guild?.available).toBe(true);
  const seeded = em.world.guilds[guildId]!;
  expect(guild!.name).toBe(seeded.name);
  expect(guild!.roles.cache.map((r) => r.id).sort()).toEqual(seeded.roles.map((r) => r.id).sort());
  for (const ch of seeded.channels) expect(c.channels.cache.has(ch.id)).toBe(true);
  // Without GuildPresences GUILD_CREATE lists only the bot (facts §7.5); guild.members.fetch() gets the rest (gateway-members.test.ts).
  expect([...guild!.members.cache.keys()]).toEqual([c.user.id]);
  expect(guild!.members.me?.id).toBe(c.user.id);
  expect(guild!.memberCount).toBe(seeded.members.length + 1);

  const cmd = await call(em, 'POST', `/applications/${applicationId}/guilds/${guildId}/commands`, {
    auth: bot(em),
    body: {
      name: 'remind',
      description: 'Set a reminder',
      options: [
        { type: 3, name: 'what', description: 'What', required: true },
        { type: 4, name: 'minutes', description: 'When' },
      ],
    },
  });
  expect(cmd.status).toBe(201);

  const permissionsUpdate = next<{ id: string; guildId: string; applicationId: string; permissions: unknown[] }>(
    Events.ApplicationCommandPermissionsUpdate,
  );
  const put = await call(
    em,
    'PUT',
    `/applications/${applicationId}/guilds/${guildId}/commands/${cmd.body.id}/permissions`,
    {
      auth: userBearer(em),
      body: { permissions: [{ id: guildId, type: 1, permission: false }] },
    },
  );
  expect(put.status).toBe(200);
  const perms = await permissionsUpdate;
  expect(perms).toMatchObject({
    id: cmd.body.id,
    guildId,
    applicationId,
    permissions: [{ id: guildId, type: 1, permission: false }],
  });

  const text = seeded.channels.find((ch) => ch.type === 0)!;
  const webhooksUpdate = next<{ id: string }>(Events.WebhooksUpdate);
  expect(
    (await call(em, 'POST', `/channels/${text.id}/webhooks`, { auth: bot(em), body: { name: 'deploys' } })).status,
  ).toBe(200);
  expect((await webhooksUpdate).id).toBe(text.id);

  // A hand-built chat-input interaction, as a user typing `/remind what:tea minutes:5` would send.
  const member = seeded.members[0]!;
  const received = next<Interaction>(Events.InteractionCreate);
  em.events.emit({
    applicationId,
    name: 'INTERACTION_CREATE',
    guildId,
    data: {
      id: '1300000000000000001',
      application_id: applicationId,
      type: 2,
      token: 'interaction-token',
      version: 1,
      guild_id: guildId,
      channel_id: text.id,
      channel: { id: text.id, type: 0, guild_id: guildId, name: text.name },
      member: {
        user: { id: member.id, username: member.username, discriminator: '0', global_name: null, avatar: null },
        roles: [],
        permissions: '2147483648',
        joined_at: '2024-01-01T00:00:00.000Z',
        deaf: false,
        mute: false,
        flags: 0,
      },
      app_permissions: '536870912',
      locale: 'en-US',
      guild_locale: 'en-US',
      entitlements: [],
      authorizing_integration_owners: { '0': guildId },
      context: 0,
      data: {
        id: cmd.body.id,
        name: 'remind',
        type: 1,
        guild_id: guildId,
        options: [
          { name: 'what', type: 3, value: 'tea' },
          { name: 'minutes', type: 4, value: 5 },
        ],
      },
    },
  });
  const interaction = await received;
  expect(interaction).toBeInstanceOf(ChatInputCommandInteraction);
  const chat = interaction as ChatInputCommandInteraction;
  expect(chat.commandName).toBe('remind');
  expect(chat.commandId).toBe(cmd.body.id);
  expect(chat.options.getString('what')).toBe('tea');
  expect(chat.options.getInteger('minutes')).toBe(5);
  expect(chat.user.id).toBe(member.id);
  expect(chat.channelId).toBe(text.id);
}, 20_000);

test('a discord.js bot answers invocations over the gateway: a reply, a deferred reply edited, and autocomplete choices', async () => {
  em = await start();
  const { applicationId, guildId } = em.credentials;
  const seeded = em.world.guilds[guildId]!;
  const text = seeded.channels.find((ch) => ch.type === 0)!;
  const member = seeded.members[0]!;
  for (const body of [
    {
      name: 'remind',
      description: 'Set a reminder',
      options: [{ type: 3, name: 'what', description: 'What', required: true, autocomplete: true }],
    },
    { name: 'slow', description: 'Takes its time' },
    { name: 'think', description: 'Defers, then follows up twice' },
  ]) {
    expect(
      (await call(em, 'POST', `/applications/${applicationId}/guilds/${guildId}/commands`, { auth: bot(em), body }))
        .status,
    ).toBe(201);
  }

  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: em.restBase } });
  // The bot as a user would write it with discord.js: every answer goes through the emulator's callback and webhook routes.
  client.on(Events.InteractionCreate, async (interaction) => {
    if (interaction.isAutocomplete()) {
      const typed = interaction.options.getFocused();
      await interaction.respond(
        ['tea', 'team meeting', 'taxes'].filter((c) => c.startsWith(typed)).map((c) => ({ name: c, value: c })),
      );
    } else if (interaction.isChatInputCommand() && interaction.commandName === 'remind') {
      await interaction.reply({
        content: `I will remind you about ${interaction.options.getString('what')}.`,
        ephemeral: true,
      });
    } else if (interaction.isChatInputCommand() && interaction.commandName === 'slow') {
      await interaction.deferReply();
      await new Promise((r) => setTimeout(r, 200));
      await interaction.editReply('Done, after a while.');
    } else if (interaction.isChatInputCommand() && interaction.commandName === 'think') {
      // The discord.js guide's deferReply then followUp: the first follow-up is the answer in place of "thinking…".
      await interaction.deferReply({ ephemeral: true });
      const first = await interaction.followUp('Thought it through.');
      const second = await interaction.followUp({ content: 'And one more thing.' });
      followUps.push(first.id, second.id);
    }
  });
  const followUps: string[] = [];
  const ready = next<Client<true>>(Events.ClientReady);
  await client.login(em.credentials.botToken);
  await ready;

  const where = { guildId, channelId: text.id, userId: member.id };
  const reply = await em.invoke({ line: '/remind what:tea', ...where });
  expect(reply).toMatchObject({
    outcome: 'answered',
    delivery: 'gateway',
    callback: { type: 4, data: { content: 'I will remind you about tea.', flags: 64 } },
  });

  const deferred = await em.invoke({ line: '/slow', ...where, waitSeconds: 2 });
  expect(deferred).toMatchObject({ outcome: 'answered', callback: { type: 5 } });
  expect((deferred as { original?: { content?: string } }).original?.content).toBe('Done, after a while.');

  const thought = await em.invoke({ line: '/think', ...where, waitSeconds: 2 });
  expect(thought).toMatchObject({ outcome: 'answered', callback: { type: 5 } });
  const original = (thought as { original?: { id: string; content?: string; flags?: number } }).original!;
  // The loading message became the first follow-up: same message, the deferral's ephemeral flag, not loading.
  expect(original.content).toBe('Thought it through.');
  expect(original.flags).toBe(64);
  expect(em.world.messages[original.id]?.message.edited_timestamp).toBeNull();
  await vi.waitFor(() => expect(followUps).toHaveLength(2));
  expect(followUps[0]).toBe(original.id);
  // The second is a message of its own, with its own (here: none) flags.
  expect(followUps[1]).not.toBe(original.id);
  expect(em.world.messages[followUps[1]!]?.message).toMatchObject({ content: 'And one more thing.', flags: 0 });

  const suggestions = await em.invoke({ line: '/remind what:te', ...where, autocomplete: true });
  expect(suggestions).toMatchObject({
    outcome: 'answered',
    choices: [
      { name: 'tea', value: 'tea' },
      { name: 'team meeting', value: 'team meeting' },
    ],
  });
}, 30_000);
