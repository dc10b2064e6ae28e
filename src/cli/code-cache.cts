/**
 * Starts a CommonJS bundle of the CLI from V8's code cache. On Node 20 most
 * of a short command's start-up is V8 compiling the bundle's functions as
 * they are first called; the build runs each bundle once and saves the code
 * compiled on the way next to it (scripts/build.mjs), so later runs
 * deserialize it instead. Node 22's `module.enableCompileCache()` keeps only
 * what was compiled before a module ran (its top level), so this cache,
 * written after a whole run, serves every Node version (bench/lint.md,
 * "Item 9").
 *
 * V8 checks that a cache was made by the same V8 version and flags and
 * ignores it otherwise; the bundle then compiles as usual. The build writes
 * a bundle and its cache together, in the directory that replaces dist/,
 * through the same launcher, so the flags the launcher sets are part of both.
 * A cache made by another Node (a package built elsewhere, a user who
 * switched versions) is written again by the first run that finds it refused.
 *
 * Bundled into each launcher by esbuild (lint-launch.cts, cli-launch.cts).
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';
import { endQuietlyOnClosedOutput } from './closed-output.cjs';

interface CliBundle {
  main(argv: string[]): Promise<number>;
}

/**
 * Saves the code this run compiled. Pre-commit hooks and CI steps may run the
 * CLI in several processes at once, so the file is replaced whole (written
 * aside, then renamed); a directory the CLI may not write to (a read-only
 * install) only means the next run compiles again.
 */
function saveCache(script: Script, path: string): void {
  const aside = `${path}.${process.pid}`;
  try {
    writeFileSync(aside, script.createCachedData());
    renameSync(aside, path);
  } catch {
    try {
      rmSync(aside, { force: true });
    } catch {
      // Nothing was written aside.
    }
  }
}

/**
 * `node:v8` loads the whole streams stack on the way (for heap snapshots): 4-6
 * ms, a tenth of lint's own start-up. Node 20 and 22 also expose the same
 * `setFlagsFromString` on the legacy `process.binding('v8')`, which loads
 * nothing; it is deprecated (its warning is silenced for the one call) and gone
 * in Node 24, which loads the public module instead. Flags must be set before
 * the bundle compiles: V8 keys its cache to them.
 */
export function setV8Flags(flags: string): void {
  let binding: { setFlagsFromString?: (flags: string) => void } | undefined;
  const quiet = process.noDeprecation;
  try {
    process.noDeprecation = true;
    // Not in @types/node: the legacy bindings are undocumented.
    binding = (process as unknown as { binding(name: string): unknown }).binding('v8') as typeof binding;
  } catch {
    // Node 24 and later: no such binding.
  } finally {
    process.noDeprecation = quiet;
  }
  if (typeof binding?.setFlagsFromString === 'function') binding.setFlagsFromString(flags);
  else (require('node:v8') as typeof import('node:v8')).setFlagsFromString(flags);
}

/**
 * Compiles `<dir>/<name>.cjs` with `<dir>/<name>.cache`, runs its `main` on the
 * command line's arguments and sets the exit code from it. The cache is
 * written after the run when there was none or V8 refused it, or always under
 * CMDSYNC_CODE_CACHE=write (the build's warm-up run); CMDSYNC_CODE_CACHE=report
 * says on stderr whether V8 took it (tests, the build's check). A closed
 * stdout or stderr ends the run quietly (closed-output.cts).
 */
export function runFromCodeCache(dir: string, name: string): void {
  endQuietlyOnClosedOutput();
  const mode = process.env.CMDSYNC_CODE_CACHE;
  const bundlePath = join(dir, `${name}.cjs`);
  const cachePath = join(dir, `${name}.cache`);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cachePath);
  } catch {
    // No cache (a build that could not write one): compile as usual.
  }
  // The build writes each bundle as the CommonJS module wrapper, one function expression: wrapping it here would copy the whole source once more on every run.
  const script = new Script(readFileSync(bundlePath, 'utf8'), { filename: bundlePath, cachedData });
  if (mode === 'report') process.stderr.write(`code cache: ${cachedData === undefined ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted'}\n`);
  const bundleModule = { exports: {} as CliBundle };
  script.runInThisContext()(bundleModule.exports, createRequire(bundlePath), bundleModule, bundlePath, dir);

  void bundleModule.exports.main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
    if (mode === 'write' || cachedData === undefined || script.cachedDataRejected === true) saveCache(script, cachePath);
  });
}
