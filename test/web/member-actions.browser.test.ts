/**
 * The web view acting as a member, in Chromium, with a discord.js bot on
 * the gateway answering: a click on a button reaches the bot and the
 * updated message appears in place; a string select and a user select do
 * too; a modal opens as a dialog (from a click and from the invoke form),
 * refuses an empty required field before sending anything, stays open when
 * the bot does not answer, and submits;
 * the composer posts as the member and the bot's reply appears. What the
 * client would not send (a disabled button, an ephemeral message of
 * another member) sends nothing, or shows "This interaction failed".
 */
import { Client, Events, GatewayIntentBits, type Interaction, type Message, type TextChannel } from 'discord.js';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { ANN, BOB, GENERAL } from '../helpers/interaction-seed.js';
import { browserTitle, CHROMIUM, openBrowser, screenshotPath, type BrowserSession } from '../helpers/browser.js';
import { componentSeed, FEEDBACK_MODAL, PANEL } from '../emulator/component-bot.js';

/** What the bot received: interactions (custom_id or command name, and who) and the messages it heard. */
const seen: Array<{ id: string; user: string }> = [];

async function answer(i: Interaction): Promise<void> {
  if (i.isChatInputCommand()) {
    seen.push({ id: i.commandName, user: i.user.id });
    if (i.commandName === 'panel') await i.reply({ content: PANEL.content, components: PANEL.components as never });
    if (i.commandName === 'secret')
      await i.reply({ content: 'for bob', components: PANEL.components as never, flags: 64 });
    if (i.commandName === 'form') await i.showModal(FEEDBACK_MODAL as never);
    return;
  }
  if (!i.isMessageComponent() && !i.isModalSubmit()) return;
  seen.push({ id: i.customId, user: i.user.id });
  if (i.isButton() && i.customId === 'confirm')
    await i.update({ content: `Confirmed by ${i.user.username}`, components: [] });
  else if (i.isButton() && i.customId === 'ask') await i.showModal({ ...FEEDBACK_MODAL, custom_id: 'asked' } as never);
  else if (i.isStringSelectMenu()) await i.update({ content: `chose ${i.values.join(', ')}` });
  else if (i.isUserSelectMenu()) await i.update({ content: `picked ${i.users.map((u) => u.username).join(', ')}` });
  // "silent": the bot never answers, so the member's client says the interaction failed.
  else if (i.isModalSubmit() && i.fields.getTextInputValue('text') === 'silent') return;
  else if (i.isModalSubmit())
    await i.reply({ content: `thanks: ${i.fields.getTextInputValue('text')} (${i.fields.getTextInputValue('mood')})` });
}

describe.skipIf(!CHROMIUM)(browserTitle('the web view acting as a member, with a discord.js bot answering'), () => {
  let em: RunningEmulator;
  let client: Client;
  let b: BrowserSession;
  const messages = () => b.page.locator(`.messages[data-channel-id="${GENERAL}"]`);

  /** Posts the panel (invoked by `userId`) and returns its message in the page. */
  async function panel(line = '/panel', userId = BOB) {
    const out = await em.invoke({ line, channelId: GENERAL, userId });
    if (out.outcome !== 'answered') throw new Error(`${line}: ${JSON.stringify(out)}`);
    const el = messages().locator(`discord-message[data-message-id="${String(out.original!.id)}"]`);
    await el.waitFor();
    return el;
  }

  beforeAll(async () => {
    const seed = componentSeed();
    em = await startEmulator({
      rateLimits: false,
      seed: { ...seed, applications: seed.applications!.map((a) => ({ ...a, flags: ['GATEWAY_MESSAGE_CONTENT'] })) },
    });
    client = new Client({
      intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
      rest: { api: em.restBase },
    });
    client.on(Events.InteractionCreate, (i) => void answer(i).catch(() => undefined));
    client.on(Events.MessageCreate, (m: Message) => {
      if (m.content === '!ping') void (m.channel as TextChannel).send(`pong, ${m.author.username}`);
    });
    const ready = new Promise((resolve) => client.once(Events.ClientReady, resolve));
    await client.login(em.credentials.botToken);
    await ready;
    b = await openBrowser();
    b.page.setDefaultTimeout(10_000);
    await b.page.goto(`${em.viewUrl}#/channels`);
    await messages().and(b.page.locator('[data-loaded="true"]')).waitFor({ state: 'attached' });
    await b.page.locator('#live.live').waitFor();
  });
  afterAll(async () => {
    await b?.close();
    await client?.destroy();
    await em?.close();
  });

  test('a click reaches the bot as the member the view acts as, and the updated message appears in place; a disabled button sends nothing', async () => {
    const msg = await panel();
    const id = await msg.getAttribute('data-message-id');
    // The page acts as the owner (ann) by default.
    expect(await b.page.locator('#member').inputValue()).toBe(ANN);
    // The link button is a link, not an interaction.
    expect(await msg.locator('discord-button', { hasText: 'Docs' }).locator('a').getAttribute('href')).toBe(
      'https://example.com/',
    );
    await msg.locator('discord-button', { hasText: 'Gone' }).click({ force: true });
    await msg.locator('discord-button', { hasText: 'Confirm' }).click();
    const updated = messages().locator(`discord-message[data-message-id="${id}"]`, { hasText: 'Confirmed by ann' });
    await updated.waitFor();
    expect(await updated.locator('discord-button').count()).toBe(0);
    expect(seen.filter((s) => s.id === 'confirm')).toEqual([{ id: 'confirm', user: ANN }]);
    // The disabled button was clicked first: the bot never heard of it.
    expect(seen.some((s) => s.id === 'gone')).toBe(false);
    expect(b.errors).toEqual([]);
  });

  test('a string select: options, at most max_values, sent on "Select"; a user select lists the members and sends one pick at once', async () => {
    const msg = await panel();
    const id = await msg.getAttribute('data-message-id');
    const fruit = msg.locator('discord-string-select-menu[data-custom-id="fruit"]');
    const menu = b.page.locator('.select-popup[data-custom-id="fruit"]');
    /** The select's chevron points down again: the element's own open state follows the menu's. */
    const chevronDown = () =>
      fruit.evaluate(
        (el) =>
          el.shadowRoot!.querySelector('.discord-string-select-menu-option-slot.discord-string-select-menu-hidden') !==
          null,
      );
    // A second click on the select closes the menu, as in the client.
    await fruit.click();
    await menu.waitFor();
    await fruit.click();
    await menu.waitFor({ state: 'detached' });
    await expect.poll(chevronDown).toBe(true);
    // Escape closes it too, sending nothing, and the chevron turns back.
    await fruit.click();
    await menu.waitFor();
    await b.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(chevronDown).toBe(true);
    await fruit.click();
    await menu.waitFor();
    expect(await menu.locator('.select-option .option-label').allTextContents()).toEqual(['Apple', 'Banana', 'Cherry']);
    await menu.locator('.select-option', { hasText: 'Apple' }).click();
    await menu.locator('.select-option', { hasText: 'Banana' }).click();
    // max_values 2: the third is greyed out.
    expect(await menu.locator('.select-option', { hasText: 'Cherry' }).isDisabled()).toBe(true);
    await b.page.screenshot({ path: screenshotPath('member-select') });
    await menu.locator('button.select-send').click();
    await messages().locator(`discord-message[data-message-id="${id}"]`, { hasText: 'chose apple, banana' }).waitFor();
    expect(await menu.count()).toBe(0);

    await messages()
      .locator(`discord-message[data-message-id="${id}"] discord-string-select-menu[data-custom-id="who"]`)
      .click();
    const who = b.page.locator('.select-popup[data-custom-id="who"]');
    expect(await who.locator('.select-option .option-label').allTextContents()).toEqual(['ann', 'bob']);
    await who.locator('.select-option', { hasText: 'bob' }).click();
    await messages().locator(`discord-message[data-message-id="${id}"]`, { hasText: 'picked bob' }).waitFor();
    expect(b.errors).toEqual([]);
  });

  test('a click that opens a modal: a dialog with its fields, an empty required field refused before sending, then submitted', async () => {
    const msg = await panel();
    await msg.locator('discord-button', { hasText: 'Ask' }).click();
    const dialog = b.page.locator('dialog.modal-dialog[data-custom-id="asked"]');
    await dialog.waitFor();
    // Open as a modal dialog (showModal): the rest of the page is inert behind it.
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);
    expect(await dialog.locator('.modal-title').textContent()).toBe('Feedback');
    const text = dialog.locator('textarea[name="text"]');
    const mood = dialog.locator('input[name="mood"]');
    expect(await mood.inputValue()).toBe('fine');
    expect(await text.getAttribute('maxlength')).toBe('20');
    await b.page.screenshot({ path: screenshotPath('member-modal') });

    const before = seen.length;
    await dialog.locator('button.modal-submit').click();
    await expect(dialog.locator('[data-custom-id="text"] .field-error').textContent()).resolves.toBe(
      'Your text is required',
    );
    await text.fill('ok');
    await dialog.locator('button.modal-submit').click();
    await expect(dialog.locator('[data-custom-id="text"] .field-error').textContent()).resolves.toBe(
      'Your text needs at least 3 characters (got 2)',
    );
    expect(seen.length).toBe(before);

    // Unanswered: the form stays open, saying why, and can be sent again.
    await text.fill('silent');
    await dialog.locator('button.modal-submit').click();
    const failure = dialog.locator('.modal-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toContain('This interaction failed');
    expect(await failure.locator('.reason').textContent()).toContain('Helper did not respond');
    expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);

    await text.fill('great');
    await dialog.locator('button.modal-submit').click();
    await dialog.waitFor({ state: 'detached' });
    await messages().locator('discord-message', { hasText: 'thanks: great (fine)' }).waitFor();
    expect(seen.at(-1)).toEqual({ id: 'asked', user: ANN });
    expect(b.errors).toEqual([]);
  });

  test("the invoke form's modal opens as a dialog; Cancel closes it, sending nothing", async () => {
    await b.page.goto(`${em.viewUrl}#/commands`);
    await b.page.locator('.command-list[data-loaded="true"]').waitFor();
    await b.page.locator('li.command', { has: b.page.locator('.command-name', { hasText: /^form$/ }) }).click();
    await b.page.locator('form.invoke-form button.send').click();
    const dialog = b.page.locator('dialog.modal-dialog[data-custom-id="feedback"]');
    await dialog.waitFor();
    await b.page.locator('form.invoke-form .outcome', { hasText: 'Opened the form “Feedback”' }).waitFor();
    const before = seen.length;
    await dialog.locator('button.modal-cancel').click();
    await dialog.waitFor({ state: 'detached' });
    expect(seen.length).toBe(before);
    await b.page.goto(`${em.viewUrl}#/channels`);
    await messages().and(b.page.locator('[data-loaded="true"]')).waitFor({ state: 'attached' });
  });

  test('another member\'s ephemeral message: "This interaction failed" with the reason; acting as its invoker, the click works', async () => {
    const msg = await panel('/secret', BOB);
    const id = await msg.getAttribute('data-message-id');
    const before = seen.length;
    await msg.locator('discord-button', { hasText: 'Confirm' }).click();
    const failed = msg.locator('.interaction-failed');
    await failed.waitFor();
    expect(await failed.textContent()).toContain('This interaction failed');
    expect(await failed.locator('.reason').textContent()).toContain('ephemeral: only its invoker sees it');
    expect(seen.length).toBe(before);

    await b.page.selectOption('#member', BOB);
    await messages().locator(`discord-message[data-message-id="${id}"] discord-button`, { hasText: 'Confirm' }).click();
    await messages().locator(`discord-message[data-message-id="${id}"]`, { hasText: 'Confirmed by bob' }).waitFor();
    expect(seen.at(-1)).toEqual({ id: 'confirm', user: BOB });
    await b.page.selectOption('#member', ANN);
  });

  test("the composer posts as the member; the bot's reply appears; a refusal stays with the reason", async () => {
    const box = b.page.locator(`form.composer[data-channel-id="${GENERAL}"] textarea`);
    expect(await box.getAttribute('placeholder')).toBe('Message #general');
    await box.fill('!ping');
    await box.press('Enter');
    const mine = messages().locator('discord-message.member', { hasText: '!ping' });
    await mine.waitFor();
    expect(await mine.getAttribute('author')).toBe('ann');
    await messages().locator('discord-message.bot', { hasText: 'pong, ann' }).waitFor();
    expect(await box.inputValue()).toBe('');

    await box.fill('x'.repeat(2001));
    await box.press('Enter');
    const problem = b.page.locator('form.composer .composer-problem', { hasText: 'Not sent' });
    await problem.waitFor();
    expect(await problem.textContent()).toBe('Not sent: Invalid Form Body (50035)');
    expect(await box.inputValue()).toHaveLength(2001);
    // The browser logs the refused POST itself; nothing else went wrong.
    expect(b.errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
