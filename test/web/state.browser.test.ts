/**
 * The State view in a real Chromium against a real emulator: an injected fault
 * shows with its counter, a request it refused appears live in the event log
 * marked as refused by the fault, and a rate-limit window appears after
 * requests.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, startWithHttpBot } from '../emulator/helpers.js';
import type { HttpBot } from '../helpers/http-bot.js';
import { APP, BOB, GENERAL } from '../helpers/interaction-seed.js';
import { rawCall } from '../emulator/raw-http.js';
import { browserTitle, CHROMIUM, openBrowser, screenshotPath, type BrowserSession } from '../helpers/browser.js';

describe.skipIf(!CHROMIUM)(browserTitle('the State view in Chromium'), () => {
  let em: RunningEmulator;
  let b: BrowserSession;
  beforeAll(async () => {
    em = await startEmulator();
    b = await openBrowser({ width: 1400, height: 1000 });
  });
  afterAll(async () => {
    await b?.close();
    await em?.close();
  });

  test('shows a fault with its counter, the request it refused live in the log, and a rate-limit bucket', async () => {
    const base = em.url.replace('/api/v10', '');
    const fault = { method: 'GET', path: '/applications/*/commands', kind: 'error', status: 503, times: 1 };
    const added = await rawCall(base, {
      method: 'POST',
      path: '/__emulator/faults',
      headers: { 'x-cmdsync-control': em.controlToken, 'content-type': 'application/json' },
      body: JSON.stringify({ add: fault }),
    });
    expect(added.status).toBe(200);

    const { page } = b;
    await page.goto(`${em.viewUrl}#/state`);
    await page.locator('#live.live').waitFor();
    const faultRow = page.locator('#faults tr[data-fault="0"]');
    await faultRow.waitFor();
    await expect(faultRow.textContent()).resolves.toContain('0 injected / 0 matched');
    await expect(faultRow.textContent()).resolves.toContain('GET /applications/*/commands');

    const path = `/applications/${em.credentials.applicationId}/commands`;
    expect((await call(em, 'GET', path, { auth: bot(em) })).status).toBe(503);
    expect((await call(em, 'GET', path, { auth: bot(em) })).status).toBe(200);

    // Live: the page was not reloaded since the requests.
    const refused = page.locator('#event-log [data-kind="request"][data-refused-by="fault"]');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain(`GET /applications/:applicationId/commands → 503`);
    await expect(refused.locator('.refusal').textContent()).resolves.toBe('refused by an injected fault');
    const answered = page.locator('#event-log [data-kind="request"]:not(.refused)', { hasText: '→ 200' });
    await answered.waitFor();
    // Newest at top: the answered request came after the refused one.
    const seqs = await page
      .locator('#event-log [data-seq]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
    expect(seqs.length).toBeGreaterThanOrEqual(2);
    expect([...seqs].sort((x, y) => y - x)).toEqual(seqs);

    await page.locator('#faults tr[data-fault="0"] .counter', { hasText: '1 injected / 2 matched' }).waitFor();
    const bucket = page.locator('#rate-limits tr[data-bucket="commands.list"]');
    await bucket.waitFor();
    await expect(bucket.textContent()).resolves.toContain('49/50');

    // The refused filter leaves the refused request alone.
    await page.locator('#event-log button[data-filter="refused"]').click();
    await expect(refused.isVisible()).resolves.toBe(true);
    await expect(answered.isVisible()).resolves.toBe(false);
    await page.locator('#event-log button[data-filter="all"]').click();
    await expect(answered.isVisible()).resolves.toBe(true);

    await page.screenshot({ path: screenshotPath('state-view'), fullPage: true });
    const html = await page.content();
    expect(html).not.toContain(em.credentials.botToken);
    const origin = new URL(em.viewUrl).origin;
    expect(b.requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(b.errors).toEqual([]);
  });

  test('a delivery the bot answered is not painted as a failure, one it did not is; an endpoint is checked with the button', async () => {
    let withBot: { em: RunningEmulator; bot: HttpBot } | undefined;
    try {
      withBot = await startWithHttpBot();
      const { em: e } = withBot;
      const { page } = b;
      await page.goto(`${e.viewUrl}#/state`);
      await page.locator('#live.live').waitFor();

      // The endpoint panel: the URL, not yet checked; the button runs the check and shows that it passes.
      const row = page.locator(`#endpoints tr[data-application="${APP}"]`);
      await row.waitFor();
      await expect(row.textContent()).resolves.toContain(withBot.bot.url);
      await row.locator('button[data-check-endpoint]').click();
      await row.locator('[data-check="ok"]').waitFor();
      await expect(row.locator('[data-check="ok"]').textContent()).resolves.toMatch(/^passes/);

      expect(await e.invoke({ line: '/hello', channelId: GENERAL, userId: BOB })).toMatchObject({
        outcome: 'answered',
      });
      const answered = page.locator('#event-log [data-kind="delivery"]', { hasText: 'answered (callback type 4)' });
      await answered.waitFor();
      // The emulator notes the answer with its callback type; the view once compared that with 'answered' and painted it red.
      await expect(answered.getAttribute('class')).resolves.not.toContain('failed');
      const red = 'rgb(250, 119, 124)';
      await expect(
        answered
          .locator('.text')
          .evaluate(
            (el) =>
              (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color,
          ),
      ).resolves.not.toBe(red);

      // Nothing listens at the endpoint any more: no answer, painted as a failure, with why.
      await withBot.bot.close();
      expect(await e.invoke({ line: '/hello', channelId: GENERAL, userId: BOB })).toMatchObject({
        outcome: 'no-response',
        cause: { kind: 'endpoint-unreachable' },
      });
      const failed = page.locator('#event-log [data-kind="delivery"].failed', { hasText: 'refused the connection' });
      await failed.waitFor();
      await expect(
        failed
          .locator('.text')
          .evaluate(
            (el) =>
              (globalThis as unknown as { getComputedStyle(e: unknown): { color: string } }).getComputedStyle(el).color,
          ),
      ).resolves.toBe(red);
      await page.screenshot({ path: screenshotPath('state-view-deliveries'), fullPage: true });
      expect(b.errors).toEqual([]);
    } finally {
      await withBot?.bot.close().catch(() => undefined);
      await withBot?.em.close();
    }
  });
});
