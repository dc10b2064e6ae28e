/**
 * Webhooks a member made (issue 41 item 8), seeded under a guild's
 * `webhooks:` and used through discord.js's WebhookClient: no application
 * owns them, so components count only with `withComponents`, and only
 * non-interactive ones — the rules that no webhook in a world could be tried
 * on before (every one belonged to an application).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, DiscordAPIError, WebhookClient } from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { start } from './helpers.js';
import { BOB, channelSeed, GENERAL, GUILD } from './guild-channels-setup.js';

const HOOK = '1400000000000000901';
const TOKEN = 'm'.repeat(68);
let em: RunningEmulator;
let hook: WebhookClient;

beforeAll(async () => {
  const seed = channelSeed();
  seed.guilds![0]!.webhooks = [{ id: HOOK, channel: 'general', name: 'Announcer', user: 'bob', token: TOKEN }];
  em = await start({ seed });
  hook = new WebhookClient({ id: HOOK, token: TOKEN }, { rest: { api: em.restBase } });
});
afterAll(async () => {
  hook?.destroy();
  await em?.close();
});

const link = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setStyle(ButtonStyle.Link).setLabel('Docs').setURL('https://example.com/docs'),
  );
const button = () =>
  new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setStyle(ButtonStyle.Primary).setLabel('Vote').setCustomId('vote'),
  );

test('the seeded webhook is incoming, made by the member, owned by no application', () => {
  expect(em.world.webhooks[HOOK]).toMatchObject({
    type: 1,
    guild_id: GUILD,
    channel_id: GENERAL,
    application_id: null,
    creatorId: BOB,
  });
});

test('components without withComponents are ignored; with it a link button is kept', async () => {
  const ignored = await hook.send({ content: 'read this', components: [link()] });
  expect(ignored.content).toBe('read this');
  expect(ignored.components ?? []).toEqual([]);
  const kept = await hook.send({ content: 'read this', components: [link()], withComponents: true });
  expect(kept.components).toHaveLength(1);
  expect(em.world.messages[kept.id]!.message.components).toMatchObject([
    { type: 1, components: [{ type: 2, style: 5, url: 'https://example.com/docs' }] },
  ]);
});

test('an interactive button is refused even with withComponents: 50035 at the component', async () => {
  const before = Object.keys(em.world.messages).length;
  const sent = hook.send({ content: 'vote!', components: [button()], withComponents: true });
  await expect(sent).rejects.toBeInstanceOf(DiscordAPIError);
  const err = (await sent.catch((e: unknown) => e)) as DiscordAPIError;
  expect(err.code).toBe(50035);
  expect(JSON.stringify(err.rawError)).toContain('COMPONENT_INTERACTIVE_NOT_ALLOWED');
  expect(Object.keys(em.world.messages)).toHaveLength(before);
});

test('a seeded webhook naming no member of the guild is one seed error at its line', async () => {
  const seed = channelSeed();
  seed.guilds![0]!.webhooks = [{ channel: 'general', name: 'Ghost', user: 'nobody' }];
  await expect(start({ seed })).rejects.toThrow('guilds[0].webhooks[0].user: "nobody" is not a member of the guild');
});
