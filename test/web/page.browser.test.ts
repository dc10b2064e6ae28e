import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { browserTitle, CHROMIUM, openBrowser, screenshotPath, type BrowserSession } from '../helpers/browser.js';

describe.skipIf(!CHROMIUM)(browserTitle('the web view page in Chromium'), () => {
  let em: RunningEmulator;
  let b: BrowserSession;
  beforeAll(async () => {
    em = await startEmulator({ rateLimits: false });
    b = await openBrowser();
  });
  afterAll(async () => {
    await b?.close();
    await em?.close();
  });

  test('loads from the emulator alone, lists the guild and its channels, and goes live', async () => {
    await b.page.goto(em.viewUrl);
    await b.page.locator('#sidebar a.channel').first().waitFor();
    const guildName = Object.values(em.world.guilds)[0]!.name;
    await expect(b.page.locator('#sidebar h2').first().textContent()).resolves.toBe(guildName);
    await b.page.locator('#live.live').waitFor();
    await b.page.screenshot({ path: screenshotPath('shell') });
    const origin = new URL(em.viewUrl).origin;
    expect(b.requests.filter((u) => !u.startsWith(origin) && !u.startsWith('data:'))).toEqual([]);
    expect(b.errors).toEqual([]);
  });
});
