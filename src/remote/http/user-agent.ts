import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_URL = 'https://github.com/cmdsync/cmdsync';

let cachedVersion: string | undefined;

/**
 * cmdsync's version, from the nearest package.json named `cmdsync` above
 * this module: the same lookup works from src/ (tests), dist/ and the
 * bundled CLI.
 */
export function cmdsyncVersion(): string {
  if (cachedVersion !== undefined) return cachedVersion;
  cachedVersion = '0.0.0';
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'cmdsync' && typeof pkg.version === 'string') {
        cachedVersion = pkg.version;
        break;
      }
    } catch {
      // no package.json here: keep walking up
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return cachedVersion;
}

/** The form the service requires: `DiscordBot ($url, $versionNumber)`; requests without it may be blocked. */
export function userAgent(version = cmdsyncVersion()): string {
  return `DiscordBot (${PROJECT_URL}, ${version})`;
}
