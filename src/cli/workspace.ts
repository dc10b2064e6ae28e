import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ManifestReadError, UsageError } from '../errors.js';
import { readDotenv, withDotenv } from '../config/dotenv.js';
import type { CliContext } from './context.js';

/**
 * Where a run works from: its directory (`-C`, or the one the manifest was
 * found in), the manifest, and the environment `${VAR}` reads.
 */

export const DEFAULT_MANIFESTS = ['cmdsync.yaml', 'cmdsync.yml', 'cmdsync.json'];

/** `-C DIR` / `--chdir DIR` / `--chdir=DIR` anywhere before `--`: the run works from DIR, as `git -C` and `make -C` do. */
export function chdirArgument(argv: readonly string[]): string | undefined {
  let dir: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') break;
    if (arg === '-C' || arg === '--chdir') dir = argv[++i];
    else if (arg.startsWith('--chdir=')) dir = arg.slice('--chdir='.length);
  }
  return dir;
}

export function applyChdir(argv: readonly string[], ctx: CliContext): void {
  const dir = chdirArgument(argv);
  if (dir === undefined) return;
  const target = resolve(ctx.cwd, dir);
  let isDir = false;
  try {
    isDir = statSync(target).isDirectory();
  } catch {
    // reported below
  }
  if (!isDir) throw new UsageError(`-C ${dir}: no such directory.`);
  ctx.cwd = target;
}

/**
 * The manifest a command uses when none is named: one of the default names in
 * the working directory or, as ESLint and git do, in the nearest parent up to
 * the repository root (a directory holding `.git`). Found in a parent, the run
 * works from that directory, so `.env`, `.cmdsync/` and relative paths mean
 * what they mean at the project's root. Two default names side by side are an
 * error: which one the user edits is not for cmdsync to guess.
 */
export function locateManifest(ctx: CliContext, named?: string): string {
  if (named !== undefined) return named;
  for (let dir = ctx.cwd; ; dir = dirname(dir)) {
    const found = manifestsIn(dir);
    if (found.length > 1) throw ambiguous(dir, found, ctx.cwd);
    if (found.length === 1) {
      ctx.cwd = dir;
      return found[0];
    }
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) break;
  }
  throw new ManifestReadError(
    'MANIFEST_NOT_FOUND',
    DEFAULT_MANIFESTS[0],
    `No cmdsync.yaml, cmdsync.yml or cmdsync.json in ${ctx.cwd} or its parents up to the repository root. Run cmdsync init to write one, or name one with -m.`,
  );
}

/** The default manifest names present in `dir`. */
export function manifestsIn(dir: string): string[] {
  return DEFAULT_MANIFESTS.filter((f) => existsSync(join(dir, f)));
}

function ambiguous(dir: string, found: string[], cwd: string): ManifestReadError {
  const where = dir === cwd ? '' : ` in ${dir}`;
  return new ManifestReadError(
    'MANIFEST_AMBIGUOUS',
    found.join(' and '),
    `${found.join(' and ')} both exist${where}: keep one, or name the one to use with -m.`,
  );
}

/** The variables `${VAR}` reads in the manifest: the environment, with `.env` in the working directory filling what it leaves unset. */
export function interpolationEnv(ctx: CliContext): Record<string, string | undefined> {
  const dotenv = readDotenv(ctx.cwd);
  return dotenv ? withDotenv(ctx.env, dotenv.values) : { ...ctx.env };
}
