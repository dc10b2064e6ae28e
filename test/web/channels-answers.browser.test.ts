/**
 * The Channels view in Chromium, for what bots send besides plain webhook
 * messages: interaction answers (the "used /command" header, an ephemeral
 * answer and who alone sees it, a deferred answer thinking until its edit),
 * components v2, and a long channel loaded a page at a time.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { APP, BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';
import {
  apiClient,
  browserTitle,
  CHROMIUM,
  openBrowser,
  screenshotPath,
  type BrowserSession,
} from '../helpers/browser.js';

/** An interactions endpoint that answers /secret ephemerally, /hello at once, and defers /slow, keeping its token for the test. */
function startBot(): Promise<{ url: string; tokens: Map<string, string>; close(): Promise<void> }> {
  const tokens = new Map<string, string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const i = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const reply = (body: unknown) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (i.type === 1) return reply({ type: 1 });
      tokens.set(i.data.name, i.token);
      if (i.data.name === 'secret') return reply({ type: 4, data: { content: 'only **you**', flags: 64 } });
      if (i.data.name === 'slow') return reply({ type: 5 });
      return reply({ type: 4, data: { content: `Hello <@${i.member.user.id}>`, embeds: [{ title: 'Greeting' }] } });
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/interactions`,
        tokens,
        close: () => new Promise<void>((r) => server.close(() => r())),
      }),
    ),
  );
}

describe.skipIf(!CHROMIUM)(browserTitle('the Channels view in Chromium: answers, components v2, paging'), () => {
  let em: RunningEmulator;
  let b: BrowserSession;
  let bot: Awaited<ReturnType<typeof startBot>>;
  const message = (id: string) => b.page.locator(`.messages [data-message-id="${id}"]`);
  const api = (...args: Parameters<ReturnType<typeof apiClient>>) => apiClient(em)(...args);

  beforeAll(async () => {
    em = await startEmulator({ rateLimits: false, seed: interactionSeed() });
    bot = await startBot();
    em.world.applications[APP]!.interactionsEndpointUrl = bot.url;
    b = await openBrowser();
    b.page.setDefaultTimeout(10_000);
    await b.page.goto(`${em.viewUrl}#/channels`);
    await b.page.locator(`.messages[data-channel-id="${GENERAL}"][data-loaded="true"]`).waitFor({ state: 'attached' });
    await b.page.locator('#live.live').waitFor();
  });
  afterAll(async () => {
    await b?.close();
    await bot?.close();
    await em?.close();
  });

  test('answers show who used which command; an ephemeral one says who alone sees it; a deferred one thinks until edited', async () => {
    const hello = await em.invoke({ line: '/hello', channelId: GENERAL, userId: BOB });
    expect(hello.outcome).toBe('answered');
    const helloMsg = b.page.locator('.messages discord-message.interaction', { hasText: 'Hello' });
    await helloMsg.waitFor();
    const header = helloMsg.locator('discord-command');
    expect(await header.getAttribute('command')).toBe('/hello');
    expect(await header.getAttribute('author')).toBe('bob');
    // The mention is named from the world.
    expect(await helloMsg.locator('discord-mention[type="user"]').textContent()).toBe('bob');
    await helloMsg.locator('discord-embed').getByText('Greeting').waitFor();

    await em.invoke({ line: '/secret', channelId: GENERAL, userId: BOB });
    const secret = b.page.locator('.messages discord-message.ephemeral', { hasText: 'only' });
    await secret.waitFor();
    await secret.getByText('Only bob can see this').waitFor();
    // One line says who sees it: not also the library's "Only you can see this".
    expect(await secret.getByText('Only you can see this').count()).toBe(0);
    expect(await secret.locator('strong').textContent()).toBe('you');

    const slow = em.invoke({ line: '/slow', channelId: GENERAL, userId: BOB, waitSeconds: 0 });
    const thinking = b.page.locator('.messages discord-message.interaction .thinking');
    await thinking.waitFor();
    expect(await thinking.textContent()).toBe('Helper is thinking…');
    const id = await thinking.evaluate((el) => el.closest('[data-message-id]')!.getAttribute('data-message-id'));
    await api('PATCH', `/webhooks/${APP}/${bot.tokens.get('slow')}/messages/@original`, {
      json: { content: 'done thinking' },
    });
    await message(id!).getByText('done thinking').waitFor();
    expect(await message(id!).locator('.thinking').count()).toBe(0);
    // The deferred original became the answer: not "(edited)".
    expect(await message(id!).getAttribute('class')).not.toContain('edited');
    await slow;

    // No interaction token reached the page.
    const html = await b.page.content();
    for (const token of bot.tokens.values()) expect(html).not.toContain(token);
    expect(b.errors).toEqual([]);
  });

  test('components v2: container with accent, section with a button, text, separator, a gallery of external images as links', async () => {
    const hook = await api('POST', `/channels/${GENERAL}/webhooks`, { bot: true, json: { name: 'Dashboard' } });
    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({
        flags: 1 << 15,
        components: [
          {
            type: 17,
            accent_color: 0x5865f2,
            components: [
              {
                type: 9,
                components: [{ type: 10, content: '## Status\nAll **systems** go' }],
                accessory: { type: 2, style: 2, label: 'Details', custom_id: 'details' },
              },
              { type: 14, divider: true, spacing: 1 },
              {
                type: 12,
                items: [
                  { media: { url: 'https://example.invalid/near.png' } },
                  { media: { url: 'https://example.invalid/far.png' } },
                ],
              },
            ],
          },
          {
            type: 1,
            components: [
              { type: 3, custom_id: 'pick', placeholder: 'Pick a region', options: [{ label: 'EU', value: 'eu' }] },
            ],
          },
        ],
      }),
    );
    const sent = await api('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, { form });
    const msg = message(sent.id);
    await msg.locator('.v2-container.accent').waitFor();
    await msg.locator('.v2-section discord-button').getByText('Details').waitFor();
    expect(await msg.locator('.v2-text strong').textContent()).toBe('systems');
    await msg.locator('hr.v2-separator').waitFor({ state: 'attached' });
    // The emulator takes no files with IS_COMPONENTS_V2, so the gallery shows links: nothing is fetched off the emulator.
    await msg.locator('.v2-gallery .external-media a[href="https://example.invalid/near.png"]').waitFor();
    await msg.locator('.v2-gallery .external-media a[href="https://example.invalid/far.png"]').waitFor();
    expect(await msg.locator('discord-string-select-menu').getAttribute('placeholder')).toBe('Pick a region');
    await b.page.screenshot({ path: screenshotPath('channel-answers') });
    expect(b.errors).toEqual([]);
  });

  test('a long channel loads its latest page, and older pages as the reader scrolls up', async () => {
    const hook = await api('POST', `/channels/${GENERAL}/webhooks`, { bot: true, json: { name: 'Counter' } });
    for (let i = 1; i <= 130; i++)
      await api('POST', `/webhooks/${hook.id}/${hook.token}`, { json: { content: `count ${i}` } });
    await b.page.reload();
    const list = b.page.locator(`.messages[data-channel-id="${GENERAL}"][data-loaded="true"]`);
    await list.waitFor({ state: 'attached' });
    await b.page.locator('.messages [data-message-id]', { hasText: 'count 130' }).waitFor();
    const shown = () => b.page.locator('.messages [data-message-id]').count();
    const texts = () =>
      b.page.locator('.messages [data-message-id]').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    // The first page only (50), perhaps one more if the first did not fill the view: not the whole channel.
    expect(await shown()).toBeLessThanOrEqual(100);
    expect(await texts()).not.toContain('count 1');
    // Scroll to the top, page after page, until the channel's first message is there.
    for (let i = 0; i < 10 && !(await texts()).includes('count 1'); i++) {
      const before = await shown();
      await b.page.locator('.messages-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
      // More messages than before: the element at index `before` exists.
      await b.page.locator('.messages [data-message-id]').nth(before).waitFor({ state: 'attached' });
    }
    expect(await texts()).toContain('count 1');
    const order = await b.page
      .locator('.messages [data-message-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')!));
    expect([...order].sort((x, y) => (BigInt(x) < BigInt(y) ? -1 : 1))).toEqual(order);
    expect(new Set(order).size).toBe(order.length);
    await b.page.getByText('The beginning of this channel.').waitFor();
    expect(b.errors).toEqual([]);
  });

  test('a reader following a channel a bot floods keeps a bounded page; what left it comes back on scrolling up', async () => {
    const hook = await api('POST', `/channels/${GENERAL}/webhooks`, { bot: true, json: { name: 'Flood' } });
    await b.page.reload();
    await b.page.locator(`.messages[data-channel-id="${GENERAL}"][data-loaded="true"]`).waitFor({ state: 'attached' });
    const first = await api('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, { json: { content: 'flood 1' } });
    await b.page.locator(`.messages [data-message-id="${first.id}"]`).waitFor();
    for (let i = 2; i <= 340; i++)
      await api('POST', `/webhooks/${hook.id}/${hook.token}`, { json: { content: `flood ${i}` } });
    await b.page.locator('.messages [data-message-id]', { hasText: 'flood 340' }).waitFor();
    const shown = await b.page.locator('.messages [data-message-id]').count();
    expect(shown).toBeGreaterThanOrEqual(300);
    expect(shown).toBeLessThanOrEqual(301);
    expect(await b.page.locator(`.messages [data-message-id="${first.id}"]`).count()).toBe(0);
    // Scrolling up brings the trimmed messages back as older pages.
    for (let i = 0; i < 20 && (await b.page.locator(`.messages [data-message-id="${first.id}"]`).count()) === 0; i++) {
      const before = await b.page.locator('.messages [data-message-id]').count();
      await b.page.locator('.messages-scroll').evaluate((el) => el.scrollTo({ top: 0 }));
      await b.page.locator('.messages [data-message-id]').nth(before).waitFor({ state: 'attached' });
    }
    await b.page.locator(`.messages [data-message-id="${first.id}"]`).waitFor({ state: 'attached' });
    expect(b.errors).toEqual([]);
  });
});
