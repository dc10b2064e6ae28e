// `npm run demo`'s build step: builds dist/ only when a source is newer than
// the last build, which is most of the demo's time otherwise. The build
// writes dist/build-info.json with the time it started (scripts/build.mjs);
// a file of the inputs changed after that makes dist/ stale. `npm test` and
// `npm run build` always build.
//
//   node scripts/build-if-stale.mjs          build if stale, else say it is up to date
//   node scripts/build-if-stale.mjs --check  only say; exit 0 up to date, 1 stale
//
// Paths are relative to the working directory (npm runs scripts at the package root).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const STAMP = 'dist/build-info.json';
/** What the build reads: sources, its own scripts, the package and compiler settings. */
export const INPUTS = [
  'src',
  'scripts',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.build.json',
  'tsconfig.web.json',
];

/** The newest file under `path` (itself when a file), as [path, mtimeMs]. */
function newest(path) {
  if (!existsSync(path)) return undefined;
  const s = statSync(path);
  if (!s.isDirectory()) return [path, s.mtimeMs];
  let best;
  for (const name of readdirSync(path)) {
    const found = newest(join(path, name));
    if (found && (!best || found[1] > best[1])) best = found;
  }
  return best;
}

/** Why dist/ must be rebuilt, or undefined when it is up to date. */
export function staleReason() {
  if (!existsSync(STAMP)) return 'dist/ was never built (or by an older build script)';
  let startedAt;
  try {
    startedAt = JSON.parse(readFileSync(STAMP, 'utf8')).startedAt;
  } catch {
    return `${STAMP} is unreadable`;
  }
  if (typeof startedAt !== 'number') return `${STAMP} has no build time`;
  for (const input of INPUTS) {
    const found = newest(input);
    if (found && found[1] > startedAt) return `${found[0]} changed since the last build`;
  }
  return undefined;
}

const reason = staleReason();
if (process.argv.includes('--check')) {
  process.stderr.write(reason ? `stale: ${reason}\n` : 'dist/ is up to date\n');
  process.exit(reason ? 1 : 0);
}
if (reason) {
  process.stderr.write(`building: ${reason}\n`);
  await import('./build.mjs');
} else process.stderr.write('dist/ is up to date (npm run build forces a build)\n');
