/**
 * A real headless Chromium for the web view's tests, driven by playwright-core
 * (which downloads no browser: it drives the system's). The browser comes from
 * the system's packages (Debian's `chromium`, installed by
 * scripts/ci/install-browser.sh), or CMDSYNC_CHROMIUM. Without one the browser
 * tests are skipped with a message saying how to install it, except where
 * CMDSYNC_REQUIRE_BROWSER=1 (CI), where a missing browser fails them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.mjs';

export const CHROMIUM = findChromium();
export const BROWSER_SKIP_REASON =
  'no Chromium found: install it with `sudo bash scripts/ci/install-browser.sh` (Debian: apt-get install chromium) or set CMDSYNC_CHROMIUM';

if (!CHROMIUM && process.env.CMDSYNC_REQUIRE_BROWSER === '1')
  throw new Error(`browser tests required (CMDSYNC_REQUIRE_BROWSER=1) but ${BROWSER_SKIP_REASON}`);

/**
 * A browser suite's title. Without Chromium it names why the suite is
 * skipped, and says so on the console once per file (a worker imports this
 * module once for all its files), so no browser test is skipped silently.
 */
export function browserTitle(title: string): string {
  if (CHROMIUM) return title;
  console.warn(`skipping "${title}": ${BROWSER_SKIP_REASON}`);
  return `${title} (skipped: ${BROWSER_SKIP_REASON})`;
}

export interface BrowserSession {
  browser: Browser;
  page: Page;
  /** Every URL the page requested: the tests check none left the emulator. */
  requests: string[];
  /** Console errors and uncaught page errors. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * One Chromium per test worker, shared by the browser test files it runs
 * (their modules are shared: vitest.config.ts, isolate: false). Starting one
 * costs ~2 s of CPU; each session gets a fresh context of its own (cookies,
 * storage, cache), which is what a fresh profile gave. Playwright closes the
 * browser when the worker exits. A browser that crashed or was closed is
 * started again.
 */
let shared: Promise<Browser> | undefined;

function sharedBrowser(): Promise<Browser> {
  if (!shared) {
    const launching = chromium.launch({ executablePath: CHROMIUM!, headless: true, args: CHROMIUM_ARGS });
    const forget = () => {
      if (shared === launching) shared = undefined;
    };
    shared = launching;
    launching.then((browser) => browser.on('disconnected', forget), forget);
  }
  return shared;
}

export async function openBrowser(viewport = { width: 1280, height: 800 }): Promise<BrowserSession> {
  const browser = await sharedBrowser();
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  return {
    browser,
    page,
    requests,
    errors,
    async close() {
      await context.close();
    },
  };
}

/** Where screenshots go (kept as CI artifacts): test-artifacts/screenshots/. */
export function screenshotPath(name: string): string {
  const dir = join(process.cwd(), 'test-artifacts', 'screenshots');
  mkdirSync(dir, { recursive: true });
  return join(dir, `${name}.png`);
}

/** The emulator's HTTP API as a test drives it beside the page: JSON or multipart bodies, the bot token when asked, a thrown error on any refusal. */
export function apiClient(em: { url: string; credentials: { botToken: string } }) {
  return async (
    method: string,
    path: string,
    init: { json?: unknown; form?: FormData; bot?: boolean } = {},
  ): Promise<Record<string, any>> => {
    const headers: Record<string, string> = {};
    if (init.bot) headers.authorization = `Bot ${em.credentials.botToken}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${em.url}${path}`, {
      method,
      headers,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? (JSON.parse(text) as Record<string, any>) : {};
  };
}
