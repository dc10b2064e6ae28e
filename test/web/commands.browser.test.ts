import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator, type Seed } from '../../src/emulator/index.js';
import { call } from '../emulator/helpers.js';
import { browserTitle, CHROMIUM, openBrowser, screenshotPath, type BrowserSession } from '../helpers/browser.js';
import { startSignedEndpoint } from '../helpers/http-bot.js';

const APP = '110000000000000001';
const GUILD = '120000000000000001';
const GENERAL = '130000000000000001';
const ANN = '140000000000000001';
const BOB = '140000000000000002';
const FRUITS = ['apple', 'apricot', 'banana', 'blueberry'];

const seed = (): Seed => ({
  applications: [{ id: APP, name: 'Helper' }],
  guilds: [
    {
      id: GUILD,
      name: 'Test Guild',
      owner_id: ANN,
      roles: [{ name: '@everyone', permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'USE_APPLICATION_COMMANDS'] }],
      members: [
        { id: ANN, username: 'ann' },
        { id: BOB, username: 'bob' },
      ],
      channels: [{ id: GENERAL, name: 'general' }],
    },
  ],
});

/** A bot developer's HTTP interactions endpoint: signatures verified with discord-interactions, answers inline. */
interface TestBot {
  url: string;
  publicKey: string;
  verified: any[];
  forged: number;
  close(): Promise<void>;
}

async function startTestBot(): Promise<TestBot> {
  const verified: any[] = [];
  let publicKey = '';
  const endpoint = await startSignedEndpoint({
    publicKey: () => publicKey,
    answer: (i, reply) => {
      if (i.type === 1) return reply({ type: 1 });
      verified.push(i);
      if (i.type === 4) {
        const focused = (function find(opts: any[]): any {
          for (const o of opts ?? []) {
            if (o.focused) return o;
            const inner = find(o.options);
            if (inner) return inner;
          }
          return undefined;
        })(i.data.options);
        const typed = String(focused?.value ?? '');
        return reply({
          type: 8,
          data: { choices: FRUITS.filter((f) => f.startsWith(typed)).map((f) => ({ name: `${f} (fresh)`, value: f })) },
        });
      }
      return reply({ type: 4, data: { content: 'pong from test bot' } });
    },
  });
  return {
    url: endpoint.url,
    verified,
    get forged() {
      return endpoint.forged;
    },
    set publicKey(key: string) {
      publicKey = key;
    },
    get publicKey() {
      return publicKey;
    },
    close: () => endpoint.close(),
  };
}

describe.skipIf(!CHROMIUM)(browserTitle('the Commands view and the invoke form in Chromium'), () => {
  let em: RunningEmulator;
  let bot: TestBot;
  let b: BrowserSession;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    bot = await startTestBot();
    em = await startEmulator({ rateLimits: false, seed: seed(), interactionsUrl: bot.url });
    bot.publicKey = em.credentials.publicKey;
    const auth = `Bot ${em.credentials.botToken}`;
    const global = await call(em, 'PUT', `/applications/${APP}/commands`, {
      auth,
      body: [
        {
          name: 'ping',
          description: 'Check the bot',
          name_localizations: { fr: 'sonde' },
          description_localizations: { fr: 'Vérifier le bot' },
        },
        {
          name: 'search',
          description: 'Find a fruit',
          options: [{ type: 3, name: 'fruit', description: 'Which fruit', required: true, autocomplete: true }],
        },
        {
          name: 'roll',
          description: 'Roll a die',
          options: [
            { type: 4, name: 'sides', description: 'How many sides', required: true, min_value: 2, max_value: 100 },
          ],
        },
        { type: 2, name: 'Wave at' },
      ],
    });
    expect(global.status).toBe(200);
    const admin = await call(em, 'POST', `/applications/${APP}/guilds/${GUILD}/commands`, {
      auth,
      body: { name: 'admin', description: 'For managers', default_member_permissions: '32' },
    });
    expect(admin.status).toBe(201);
    for (const c of [...global.body, admin.body]) ids[c.name] = c.id;
    b = await openBrowser({ width: 1440, height: 900 });
  });
  afterAll(async () => {
    await b?.close();
    await em?.close();
    await bot?.close();
  });

  const item = (name: string) => b.page.locator(`li.command[data-command-id="${ids[name]}"]`);
  const loaded = (attrs: string) => b.page.locator(`.command-list[data-loaded="true"]${attrs}`).waitFor();

  test('shows localized names per locale, and who may use each command', async () => {
    await b.page.goto(`${em.viewUrl}#/commands`);
    await loaded('');
    await b.page.selectOption('#member', BOB);
    await loaded(`[data-member-id="${BOB}"]`);
    await b.page.selectOption('#locale', 'fr');
    await loaded('[data-locale="fr"]');
    await expect(item('ping').locator('.command-name').textContent()).resolves.toBe('sonde');
    await expect(item('ping').locator('.command-description').textContent()).resolves.toBe('Vérifier le bot');
    // No French name: the default is shown.
    await expect(item('search').locator('.command-name').textContent()).resolves.toBe('search');
    // Bob may not use /admin: his picker does not show it (spec), until "show hidden" is on, which says why.
    await expect(item('admin').count()).resolves.toBe(0);
    await expect(b.page.locator('label.show-hidden .hidden-count').textContent()).resolves.toBe('(1)');
    await b.page.check('#show-hidden');
    await item('admin').waitFor();
    await expect(item('admin').getAttribute('data-allowed')).resolves.toBe('false');
    await expect(item('admin').getAttribute('class')).resolves.toContain('unlisted');
    const reason = await item('admin').locator('.access-reason').textContent();
    expect(reason).toContain('Hidden from this member:');
    expect(reason).toContain('MANAGE_GUILD');
    await expect(item('ping').getAttribute('data-allowed')).resolves.toBe('true');
    await b.page.uncheck('#show-hidden');
    await expect(item('admin').count()).resolves.toBe(0);
    // The owner may use it: nothing is hidden from her.
    await b.page.selectOption('#member', ANN);
    await loaded(`[data-member-id="${ANN}"]`);
    await expect(item('admin').getAttribute('data-allowed')).resolves.toBe('true');
    await expect(b.page.locator('label.show-hidden .hidden-count').textContent()).resolves.toBe('(0)');
    await b.page.selectOption('#member', BOB);
    await loaded(`[data-member-id="${BOB}"]`);
    // The context-menu command sits in its own group.
    await expect(
      item('Wave at').locator('xpath=ancestor::div[contains(@class,"command-group")]/h3').textContent(),
    ).resolves.toContain('User commands');
    await b.page.screenshot({ path: screenshotPath('commands-view') });

    await b.page.selectOption('#locale', 'en-US');
    await loaded('[data-locale="en-US"]');
    await expect(item('ping').locator('.command-name').textContent()).resolves.toBe('ping');
    await expect(item('ping').locator('.command-description').textContent()).resolves.toBe('Check the bot');
  });

  test('an invocation from the form reaches the test bot, signed, and its answer is shown; no token reaches the page', async () => {
    const before = bot.verified.length;
    await item('ping').click();
    const form = b.page.locator(`form.invoke-form[data-command-id="${ids.ping}"]`);
    await form.waitFor();
    const response = b.page.waitForResponse(
      (r) => r.url().endsWith('/__emulator/interactions') && r.request().method() === 'POST',
    );
    await form.locator('button.send').click();
    await form.locator('.outcome[data-state="answered"]').waitFor();
    await expect(form.locator('.outcome').textContent()).resolves.toContain('pong from test bot');
    expect(bot.verified.length).toBe(before + 1);
    const sent = bot.verified.at(-1);
    expect(sent).toMatchObject({
      type: 2,
      data: { name: 'ping' },
      locale: 'en-US',
      channel_id: GENERAL,
      member: { user: { id: BOB } },
    });
    expect(bot.forged).toBe(0);
    const body = await (await response).text();
    expect(body).not.toContain(sent.token);
    expect(body).not.toContain(em.credentials.botToken);
    // The channel beside the form shows the answer as the client does: under "bob used /ping".
    const answer = b.page.locator(`.messages[data-channel-id="${GENERAL}"] [data-message-id]`, {
      hasText: 'pong from test bot',
    });
    await answer.waitFor();
    await expect(answer.locator('discord-command').count()).resolves.toBe(1);

    // A change elsewhere re-reads the picker; the form keeps its outcome.
    const later = await call(em, 'POST', `/applications/${APP}/guilds/${GUILD}/commands`, {
      auth: `Bot ${em.credentials.botToken}`,
      body: { name: 'later', description: 'Added while the form is open' },
    });
    await b.page.locator(`li.command[data-command-id="${later.body.id}"]`).waitFor();
    await expect(form.locator('.outcome').textContent()).resolves.toContain('pong from test bot');
  });

  test('refusals come back with the reason; a value the client refuses blocks the send', async () => {
    // A hidden command can still be tried from the form (the switch shows it): the service refuses it, saying why.
    await b.page.check('#show-hidden');
    await item('admin').click();
    const admin = b.page.locator(`form.invoke-form[data-command-id="${ids.admin}"]`);
    await admin.locator('button.send').click();
    await admin.locator('.outcome[data-state="refused"]').waitFor();
    await expect(admin.locator('.outcome').textContent()).resolves.toContain('MANAGE_GUILD');
    await expect(admin.locator('.outcome').textContent()).resolves.toContain("not in bob's command picker");
    await b.page.uncheck('#show-hidden');

    await item('roll').click();
    const roll = b.page.locator(`form.invoke-form[data-command-id="${ids.roll}"]`);
    const send = roll.locator('button.send');
    await expect(send.isDisabled()).resolves.toBe(true);
    await expect(roll.locator('.problem').textContent()).resolves.toContain('missing required option: sides');
    await roll.locator('input[data-option="sides"]').fill('1');
    await expect(roll.locator('.problem').textContent()).resolves.toContain('must be at least 2');
    await expect(send.isDisabled()).resolves.toBe(true);
    await roll.locator('input[data-option="sides"]').fill('6');
    await expect(send.isDisabled()).resolves.toBe(false);
    await expect(roll.locator('.line-preview').textContent()).resolves.toBe('/roll sides:6');
  });

  test('autocomplete: typing asks the bot and shows its choices; picking one fills the field', async () => {
    await item('search').click();
    const form = b.page.locator(`form.invoke-form[data-command-id="${ids.search}"]`);
    const field = form.locator('input[data-option="fruit"]');
    await field.click();
    await field.pressSequentially('ap');
    const suggestions = form.locator('.suggestions .suggestion');
    await form.locator('ul.suggestions[data-state="ready"][data-value="ap"]').waitFor();
    await expect(suggestions.allTextContents()).resolves.toEqual(['apple (fresh)', 'apricot (fresh)']);
    const asked = bot.verified.filter((i) => i.type === 4).at(-1);
    expect(asked.data.options).toEqual([{ name: 'fruit', type: 3, value: 'ap', focused: true }]);
    await b.page.screenshot({ path: screenshotPath('invoke-form') });
    await suggestions.nth(1).click();
    await expect(field.inputValue()).resolves.toBe('apricot');
    await form.locator('button.send').click();
    await form.locator('.outcome[data-state="answered"]').waitFor();
    expect(bot.verified.at(-1)).toMatchObject({
      type: 2,
      data: { name: 'search', options: [{ name: 'fruit', value: 'apricot' }] },
    });

    const origin = new URL(em.viewUrl).origin;
    expect(b.requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
