/**
 * A discord.js bot over the gateway using components and a modal, written
 * as bot developers write one: reply() with buttons and selects, update()
 * on a click, showModal() and reading the submitted fields. The member's
 * side is the emulator's click/select/submitModal.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  Events,
  GatewayIntentBits,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  UserSelectMenuBuilder,
  type Interaction,
} from 'discord.js';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { ANN, BOB, GENERAL } from '../helpers/interaction-seed.js';
import { componentSeed } from './component-bot.js';
import { start } from './helpers.js';

let em: RunningEmulator;
let client: Client;
const seen: Interaction[] = [];

async function answer(i: Interaction): Promise<void> {
  seen.push(i);
  if (i.isChatInputCommand() && i.commandName === 'panel') {
    await i.reply({
      content: 'Pick',
      components: [
        new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('confirm').setLabel('Confirm').setStyle(ButtonStyle.Success),
        ),
        new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
          new StringSelectMenuBuilder()
            .setCustomId('fruit')
            .setPlaceholder('Fruit')
            .addOptions({ label: 'Apple', value: 'apple' }, { label: 'Banana', value: 'banana' }),
        ),
        new ActionRowBuilder<UserSelectMenuBuilder>().addComponents(
          new UserSelectMenuBuilder().setCustomId('who').setPlaceholder('Who'),
        ),
      ],
    });
  } else if (i.isChatInputCommand() && i.commandName === 'form') {
    await i.showModal(
      new ModalBuilder()
        .setCustomId('feedback')
        .setTitle('Feedback')
        .addComponents(
          new ActionRowBuilder<TextInputBuilder>().addComponents(
            new TextInputBuilder().setCustomId('text').setLabel('Your text').setStyle(TextInputStyle.Paragraph),
          ),
        ),
    );
  } else if (i.isButton()) await i.update({ content: `Confirmed by ${i.user.username}`, components: [] });
  else if (i.isStringSelectMenu()) await i.update({ content: `chose ${i.values.join(', ')}` });
  else if (i.isUserSelectMenu())
    await i.reply({ content: `picked ${i.users.first()?.username} (member: ${i.members.size})` });
  else if (i.isModalSubmit()) await i.reply({ content: `thanks: ${i.fields.getTextInputValue('text')}` });
}

beforeAll(async () => {
  em = await start({ seed: componentSeed() });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: em.restBase } });
  client.on(Events.InteractionCreate, (i) => void answer(i).catch(() => undefined));
  const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
  await client.login(em.credentials.botToken);
  await ready;
});

afterAll(async () => {
  await client?.destroy();
  await em?.close();
});

async function panel(): Promise<string> {
  const out = await em.invoke({ line: '/panel', channelId: GENERAL, userId: BOB });
  if (out.outcome !== 'answered') throw new Error(`panel: ${JSON.stringify(out)}`);
  return out.original!.id as string;
}

test('a button click reaches discord.js as a ButtonInteraction; update() edits the message in place', async () => {
  const messageId = await panel();
  const out = await em.click({ messageId, button: 'Confirm', userId: ANN });
  expect(out).toMatchObject({
    outcome: 'answered',
    delivery: 'gateway',
    callback: { type: 7 },
    message: { id: messageId, content: 'Confirmed by ann', components: [] },
  });
  const i = seen.at(-1)!;
  expect(i.isButton() && i.customId).toBe('confirm');
  expect(i.isButton() && i.message.id).toBe(messageId);
});

test('a string select: values; a user select: the resolved user and member', async () => {
  const messageId = await panel();
  expect(await em.select({ messageId, menu: 'fruit', values: ['banana'], userId: BOB })).toMatchObject({
    outcome: 'answered',
    message: { content: 'chose banana' },
  });
  expect(await em.select({ messageId, menu: 'Who', values: [ANN], userId: BOB })).toMatchObject({
    outcome: 'answered',
    original: { content: 'picked ann (member: 1)', message_reference: { message_id: messageId } },
  });
});

test('showModal() opens the modal; the submission reaches discord.js and its fields are read', async () => {
  const opened = await em.invoke({ line: '/form', channelId: GENERAL, userId: BOB });
  expect(opened).toMatchObject({
    outcome: 'answered',
    callback: { type: 9, data: { custom_id: 'feedback', title: 'Feedback' } },
  });
  const out = await em.submitModal({ userId: BOB, fields: { text: 'lovely' } });
  expect(out).toMatchObject({ outcome: 'answered', original: { content: 'thanks: lovely' } });
  expect(seen.at(-1)!.isModalSubmit()).toBe(true);
});
