/**
 * discord.js 14 and @discordjs/core against the emulator, offline, over
 * loopback: the libraries' own REST clients (rate-limit handling on, as in
 * production) with only the API base pointed at the emulator. Each test does
 * what a bot does with that library: fetch its application at start, sync its
 * commands, send a webhook message with files.
 */
import { API } from '@discordjs/core';
import { REST } from '@discordjs/rest';
import {
  ApplicationCommandType,
  ApplicationCommandOptionType,
  Client,
  ClientApplication,
  Routes,
  WebhookClient,
  AttachmentBuilder,
  EmbedBuilder,
} from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e30000000049454e44ae426082',
  'hex',
);

let emu: RunningEmulator;
/** The REST base the libraries take: the emulator URL without its `/v10`. */
let api: string;

beforeAll(async () => {
  // Rate limits on: the libraries read the emulator's X-RateLimit headers as they would the service's.
  emu = await startEmulator({ port: 0 });
  api = emu.url.replace(/\/v10$/, '');
});
afterAll(() => emu.close());

const ping = {
  name: 'ping',
  description: 'Replies with pong',
  options: [
    { type: ApplicationCommandOptionType.String as const, name: 'text', description: 'What to echo', required: true },
  ],
};

describe('discord.js REST (@discordjs/rest)', () => {
  it('bulk-overwrites, lists and deletes global commands', async () => {
    const rest = new REST({ api }).setToken(emu.credentials.botToken);
    const appId = emu.credentials.applicationId;
    const put = (await rest.put(Routes.applicationCommands(appId), {
      body: [ping, { type: ApplicationCommandType.User, name: 'Profile' }],
    })) as Array<{
      id: string;
      name: string;
    }>;
    expect(put.map((c) => c.name)).toEqual(['ping', 'Profile']);
    const listed = (await rest.get(Routes.applicationCommands(appId))) as Array<{ id: string }>;
    expect(listed.map((c) => c.id).sort()).toEqual(put.map((c) => c.id).sort());
    await rest.delete(Routes.applicationCommand(appId, put[1]!.id));
    expect(((await rest.get(Routes.applicationCommands(appId))) as unknown[]).length).toBe(1);
  });

  it("surfaces the emulator's form errors as DiscordAPIError with the field path", async () => {
    const rest = new REST({ api }).setToken(emu.credentials.botToken);
    const bad = {
      name: 'order',
      description: 'd',
      options: [
        { type: 3, name: 'a', description: 'd' },
        { type: 3, name: 'b', description: 'd', required: true },
      ],
    };
    const err = await rest
      .post(Routes.applicationCommands(emu.credentials.applicationId), { body: bad })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ name: expect.stringContaining('DiscordAPIError'), code: 50035, status: 400 });
    expect(String((err as Error).message)).toContain('options[1][APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID]');
  });
});

describe('discord.js Client: application and ApplicationCommandManager', () => {
  it('client.application.fetch() and commands.set/create/edit/fetch/delete, global and guild', async () => {
    const client = new Client({ intents: [], rest: { api } });
    client.token = emu.credentials.botToken;
    client.rest.setToken(emu.credentials.botToken);
    try {
      // What the READY event would hold; fetch() then reads GET /applications/@me.
      // The constructor is private in the typings; discord.js itself calls it with the READY payload.
      const application = new (
        ClientApplication as unknown as new (
          client: Client,
          data: { id: string },
        ) => ClientApplication
      )(client, { id: emu.credentials.applicationId });
      client.application = application;
      await application.fetch();
      expect(application.name).toBeTruthy();
      expect(application.botPublic).toBe(true);

      const commands = application.commands;
      const set = await commands.set([ping, { type: ApplicationCommandType.Message, name: 'Quote' }]);
      expect([...set.values()].map((c) => c.name).sort()).toEqual(['Quote', 'ping']);
      const created = await commands.create({ name: 'echo', description: 'Echo' });
      const edited = await commands.edit(created.id, { description: 'Echo it back' });
      expect(edited.description).toBe('Echo it back');
      expect((await commands.fetch({ force: true })).size).toBe(3);
      await commands.delete(created.id);
      expect((await commands.fetch({ force: true })).size).toBe(2);

      const guildId = emu.credentials.guildId;
      const inGuild = await commands.set([{ name: 'debug', description: 'Debug tools' }], guildId);
      expect([...inGuild.values()].map((c) => c.guildId)).toEqual([guildId]);
      expect((await commands.fetch({ guildId, force: true })).map((c: { name: string }) => c.name)).toEqual(['debug']);
    } finally {
      await client.destroy();
    }
  });
});

describe('discord.js WebhookClient with files', () => {
  it('sends, edits and deletes a message with files and an embed that names one', async () => {
    const rest = new REST({ api }).setToken(emu.credentials.botToken);
    const channel = emu.world.guilds[emu.credentials.guildId]!.channels.find((c) => c.type === 0)!;
    const hook = (await rest.post(Routes.channelWebhooks(channel.id), { body: { name: 'Deploys' } })) as {
      id: string;
      token: string;
      url?: string;
    };
    const webhook = new WebhookClient({ id: hook.id, token: hook.token }, { rest: { api } });
    try {
      const message = await webhook.send({
        content: 'Build finished',
        files: [
          new AttachmentBuilder(PNG, { name: 'chart.png' }),
          new AttachmentBuilder(Buffer.from('all green\n'), { name: 'build log.txt' }),
        ],
        embeds: [new EmbedBuilder().setTitle('Result').setImage('attachment://chart.png')],
      });
      expect(message.content).toBe('Build finished');
      expect(message.attachments.map((a) => [a.filename, a.content_type])).toEqual([
        ['chart.png', 'image/png'],
        ['build_log.txt', 'text/plain; charset=utf-8'],
      ]);
      expect(message.embeds[0]!.image!.url).toBe(message.attachments[0]!.url);

      // Keep the chart, drop the log: discord.js lists kept attachments by id.
      const edited = await webhook.editMessage(message.id, {
        content: 'Build finished (edited)',
        attachments: [message.attachments[0]!],
      });
      expect(edited.attachments.map((a) => a.filename)).toEqual(['chart.png']);
      const fetched = await webhook.fetchMessage(message.id);
      expect(fetched.content).toBe('Build finished (edited)');
      await webhook.deleteMessage(message.id);
      await expect(webhook.fetchMessage(message.id)).rejects.toMatchObject({ code: 10008 });
    } finally {
      webhook.destroy();
    }
  });
});

describe('@discordjs/core', () => {
  it('identity, commands and webhooks through the API facade', async () => {
    const rest = new REST({ api }).setToken(emu.credentials.botToken);
    const core = new API(rest);
    const me = await core.users.getCurrent();
    expect(me.bot).toBe(true);
    const app = await core.applications.getCurrent();
    expect(app.id).toBe(emu.credentials.applicationId);
    const info = await core.oauth2.getCurrentBotApplicationInformation();
    expect(info.id).toBe(app.id);
    const edited = await core.applications.editCurrent({ description: 'Edited through @discordjs/core' });
    expect(edited.description).toBe('Edited through @discordjs/core');

    const guildId = emu.credentials.guildId;
    const cmds = await core.applicationCommands.bulkOverwriteGuildCommands(app.id, guildId, [ping]);
    const one = await core.applicationCommands.getGuildCommand(app.id, guildId, cmds[0]!.id);
    expect(one.name).toBe('ping');
    await core.applicationCommands.editGuildCommand(app.id, guildId, one.id, { description: 'Pong!' });
    expect((await core.applicationCommands.getGuildCommands(app.id, guildId))[0]!.description).toBe('Pong!');

    const channel = emu.world.guilds[guildId]!.channels.find((c) => c.type === 0)!;
    const hook = await core.channels.createWebhook(channel.id, { name: 'core hook' });
    const sent = await core.webhooks.execute(hook.id, hook.token!, {
      content: 'from core',
      wait: true,
      files: [{ name: 'data.json', data: Buffer.from('{"ok":true}') }],
    });
    expect(sent.attachments[0]).toMatchObject({
      filename: 'data.json',
      content_type: 'application/json; charset=utf-8',
    });
    await core.webhooks.delete(hook.id);
  });
});
