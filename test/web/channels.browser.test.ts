/**
 * The Channels view in a real Chromium against a real emulator: messages
 * sent over the emulator's HTTP API (a webhook created with the bot token,
 * executed with an embed, an uploaded PNG and a button) appear in the open
 * page live, as the client renders them; an edit marks "(edited)", a delete
 * leaves a tombstone; a thread's messages show under the thread.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import {
  apiClient,
  browserTitle,
  CHROMIUM,
  openBrowser,
  screenshotPath,
  type BrowserSession,
} from '../helpers/browser.js';
import { solidPng } from '../helpers/png.js';

describe.skipIf(!CHROMIUM)(browserTitle('the Channels view in Chromium'), () => {
  let em: RunningEmulator;
  let b: BrowserSession;
  let general: string;
  let thread: string;
  let hook: { id: string; token: string; avatar: string };

  const api = (...args: Parameters<ReturnType<typeof apiClient>>) => apiClient(em)(...args);
  const message = (id: string) => b.page.locator(`.messages [data-message-id="${id}"]`);

  beforeAll(async () => {
    em = await startEmulator({ rateLimits: false });
    const guild = Object.values(em.world.guilds)[0]!;
    general = guild.channels.find((c) => c.type === 0 && c.name === 'general')!.id;
    thread = guild.channels.find((c) => c.type === 11 && c.parentId === general)!.id;
    b = await openBrowser();
    b.page.setDefaultTimeout(8000);
    // The webhook's avatar is image data, as `cmdsync apply` sends a manifest's avatar file.
    const avatar = `data:image/png;base64,${solidPng(16, 16, [30, 120, 220]).toString('base64')}`;
    hook = (await api('POST', `/channels/${general}/webhooks`, { bot: true, json: { name: 'Build Bot', avatar } })) as {
      id: string;
      token: string;
      avatar: string;
    };
  });
  afterAll(async () => {
    await b?.close();
    await em?.close();
  });

  test('a webhook message with an embed, an uploaded image and a button appears live; edit and delete show', async () => {
    await b.page.goto(`${em.viewUrl}#/channels`);
    await b.page.locator(`.messages[data-channel-id="${general}"][data-loaded="true"]`).waitFor({ state: 'attached' });
    await b.page.locator('#live.live').waitFor();

    const form = new FormData();
    form.append(
      'payload_json',
      JSON.stringify({
        content: 'Build **passed** on `main` <:party:123456789012345678>',
        embeds: [
          {
            // Words the library would fetch from the CDN as emoji images: shown as text here.
            title: 'Build report <:ok:223456789012345678> <:long:12345678901234567890123>',
            url: 'https://example.invalid/builds/42',
            description: 'All *green*, see the chart.',
            color: 0x23a55a,
            fields: [
              { name: 'Duration <a:spin:423456789012345678>', value: '42s', inline: true },
              { name: 'Tests', value: '1234 passed', inline: true },
            ],
            image: { url: 'attachment://chart.png' },
            thumbnail: { url: 'https://example.invalid/thumb.png' },
            footer: { text: 'ci' },
          },
        ],
        components: [
          {
            type: 1,
            components: [
              { type: 2, style: 1, label: 'Rerun', custom_id: 'rerun' },
              { type: 2, style: 4, label: 'Cancel', custom_id: 'cancel', disabled: true },
              { type: 2, style: 5, label: 'Logs', url: 'https://example.invalid/logs' },
            ],
          },
        ],
      }),
    );
    form.append('files[0]', new Blob([solidPng(40, 20, [200, 40, 40])], { type: 'image/png' }), 'chart.png');
    const sent = await api('POST', `/webhooks/${hook.id}/${hook.token}?wait=true&with_components=true`, { form });
    const attachmentId = sent.attachments[0].id as string;

    const msg = message(sent.id);
    await msg.waitFor();
    // The author is the webhook's name, tagged as an app.
    await msg.getByText('Build Bot', { exact: true }).waitFor();
    // Its avatar is the image it was given, from the emulator's kept bytes.
    await b.page.locator(`[data-message-id="${sent.id}"][data-avatar="${hook.avatar}"]`).waitFor();
    expect(await msg.getAttribute('avatar')).toMatch(/^blob:/);
    await msg.locator('discord-embed').getByText('Build report :ok: <:long:12345678901234567890123>').waitFor();
    await msg.locator('discord-embed-field').getByText('Duration :spin:').waitFor();
    await msg.locator('discord-embed-field').getByText('Duration').waitFor();
    await msg.locator('discord-embed-field').getByText('1234 passed').waitFor();
    await msg.locator('discord-button').getByText('Rerun').waitFor();
    expect(await msg.locator('discord-button[disabled]').textContent()).toContain('Cancel');
    expect(await msg.locator('discord-button[url]').getAttribute('url')).toBe('https://example.invalid/logs');
    // Markdown as elements, the custom emoji as text (its image would come from the CDN).
    expect(await msg.locator(':scope > strong').textContent()).toBe('passed');
    expect(await msg.locator(':scope > discord-code').textContent()).toBe('main');
    expect(await msg.textContent()).toContain(':party:');
    // The uploaded PNG shows from the emulator's kept bytes: a decoded blob: image in the embed.
    const embed = msg.locator('discord-embed');
    expect(await embed.getAttribute('data-image-attachment-id')).toBe(attachmentId);
    const image = embed.locator('img.discord-embed-image');
    await image.waitFor();
    expect(await image.getAttribute('src')).toMatch(/^blob:/);
    await b.page.waitForFunction(
      (el) => {
        const img = el as unknown as { complete: boolean; naturalWidth: number };
        return img.complete && img.naturalWidth === 40;
      },
      await image.elementHandle(),
    );
    // Shown in the embed, the file is not shown again under the message.
    expect(await msg.locator('discord-attachments').count()).toBe(0);
    // The external thumbnail is a link, not an image.
    await embed.locator('.embed-external-media a[href="https://example.invalid/thumb.png"]').waitFor();

    // A second message, for the screenshot's sake and the order.
    const second = await api('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, {
      json: { content: '> quoted\n# Heading\n||spoiler|| and ~~struck~~ <@0> https://example.invalid/x' },
    });
    await message(second.id).waitFor();
    const order = await b.page
      .locator('.messages [data-message-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')));
    expect(order.slice(-2)).toEqual([sent.id, second.id]);
    await b.page.screenshot({ path: screenshotPath('channel-view') });

    await api('PATCH', `/webhooks/${hook.id}/${hook.token}/messages/${sent.id}`, {
      json: { content: 'Build **passed** again' },
    });
    await b.page.locator(`.messages [data-message-id="${sent.id}"].edited`).waitFor();
    await msg.getByText('(edited)').waitFor();
    expect(await msg.locator(':scope > strong').textContent()).toBe('passed');
    expect(await msg.textContent()).toContain('again');

    await api('DELETE', `/webhooks/${hook.id}/${hook.token}/messages/${second.id}`);
    const tomb = b.page.locator(`.messages [data-message-id="${second.id}"].deleted`);
    await tomb.waitFor();
    await tomb.getByText('(deleted)').waitFor();
    // The tombstone keeps the last content.
    expect(await tomb.textContent()).toContain('quoted');

    // Reloading shows the same: the edit and the tombstone come from the server, not only the stream.
    await b.page.reload();
    await b.page.locator(`.messages[data-channel-id="${general}"][data-loaded="true"]`).waitFor({ state: 'attached' });
    await b.page.locator(`.messages [data-message-id="${sent.id}"].edited`).waitFor();
    await b.page.locator(`.messages [data-message-id="${second.id}"].deleted`).waitFor();
    await b.page.locator(`.messages [data-message-id="${sent.id}"] discord-embed img.discord-embed-image`).waitFor();

    const origin = new URL(em.viewUrl).origin;
    expect(b.requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual(
      [],
    );
    expect(b.errors).toEqual([]);
  });

  test('a thread sits under its parent in the side bar; its messages show under it, live', async () => {
    const link = b.page.locator(`#sidebar a.channel[data-channel-id="${thread}"]`);
    expect(await link.getAttribute('class')).toContain('depth-1');
    const before = await api('POST', `/webhooks/${hook.id}/${hook.token}?wait=true&thread_id=${thread}`, {
      json: { content: 'first in the thread' },
    });
    await link.click();
    await b.page.locator(`.messages[data-channel-id="${thread}"][data-loaded="true"]`).waitFor({ state: 'attached' });
    await message(before.id).getByText('first in the thread').waitFor();
    expect(await b.page.locator('.channel-header').textContent()).toContain('general');

    const live = await api('POST', `/webhooks/${hook.id}/${hook.token}?wait=true&thread_id=${thread}`, {
      json: { content: 'second in the thread' },
    });
    await message(live.id).getByText('second in the thread').waitFor();
    // The parent channel does not show them.
    await b.page.locator(`#sidebar a.channel[data-channel-id="${general}"]`).click();
    await b.page.locator(`.messages[data-channel-id="${general}"][data-loaded="true"]`).waitFor({ state: 'attached' });
    expect(await b.page.locator(`.messages [data-message-id="${live.id}"]`).count()).toBe(0);
    expect(b.errors).toEqual([]);
  });
});
