/**
 * Where a headless Chromium is and how it is started, for the browser tests,
 * the web view bench and the screenshot script alike: CMDSYNC_CHROMIUM, else
 * Debian's and the usual install paths (scripts/ci/install-browser.sh).
 */
import { existsSync } from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** @returns {string | undefined} */
export function findChromium() {
  const env = process.env.CMDSYNC_CHROMIUM;
  if (env) return existsSync(env) ? env : undefined;
  return CANDIDATES.find((c) => existsSync(c));
}

/** Flags that keep Chromium off the network (these machines have none) and working as root in a container. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
