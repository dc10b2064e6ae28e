/**
 * Starts `cmdsync lint` from V8's code cache. A pre-commit hook runs lint in a
 * fresh process on every commit, and on Node 20 most of its start-up is V8
 * compiling the bundle's functions as they are first called; the build runs
 * lint once and saves that compiled code next to the bundle (scripts/
 * build.mjs), so later runs deserialize it instead. This is what Node 22's
 * `module.enableCompileCache()` does for ES modules, done by hand because the
 * supported Node 20 has no such switch.
 *
 * V8 checks that a cache was made by the same V8 version and flags and
 * ignores it otherwise; the bundle then compiles as usual. The build writes
 * the bundle and its cache together, in the directory that replaces dist/,
 * through this same launcher, so the flags set below are part of both. A
 * cache made by another Node (a package built elsewhere, a user who switched
 * versions) is written again by the first run that finds it refused.
 */
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

interface LintBundle {
  main(argv: string[]): Promise<number>;
}

/**
 * V8's optimizing compilers (TurboFan, and Maglev from Node 22) start on
 * lint's hottest functions a few milliseconds into the run, on background
 * threads. A lint of even a large manifest ends before it would use that code,
 * and the compiler threads take the CPU from it: on a 2-core machine they cost
 * a third of lint's own time (bench/lint.mjs). Raising the thresholds eightfold
 * lets a short run finish in the lower tiers, while a long one (thousands of
 * commands) still optimizes, and runs faster than with the defaults.
 *
 * The thresholds were renamed in V8 12, and V8 prints an error for a flag it
 * does not know, so they are set only for the versions known to have them.
 * Thresholds are read when V8 decides to tier up, so setting them before any
 * lint code runs is safe.
 */
function tieringFlags(v8Version: string): string | undefined {
  const major = Number(v8Version.split('.')[0]);
  // Node 20. The default budget is 66 KiB of bytecode per tick.
  if (major === 11) return '--interrupt-budget=540672';
  // Node 22, 24 and 26. Defaults: 3000, 400, 800 (500 on 24+) and 100 invocations.
  if (major >= 12 && major <= 14) {
    return '--invocation-count-for-turbofan=24000 --invocation-count-for-maglev=3200 --invocation-count-for-osr=4000 --invocation-count-for-maglev-osr=800';
  }
  return undefined;
}

/** `write`: the build's warm-up run saves the code compiled by this run; `report`: say on stderr whether V8 took the cache (tests). */
const cacheMode = process.env.CMDSYNC_CODE_CACHE;

/**
 * Saves the code this run compiled. Pre-commit hooks may run lint in several
 * processes at once, so the file is replaced whole (written aside, then
 * renamed); a directory lint may not write to (a read-only install) only
 * means the next run compiles again.
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
 * in Node 24, which loads the public module instead.
 */
function setV8Flags(flags: string): void {
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

const flags = tieringFlags(process.versions.v8);
if (flags !== undefined) setV8Flags(flags);

const bundlePath = join(__dirname, 'lint.cjs');
const cachePath = join(__dirname, 'lint.cache');

let cachedData: Buffer | undefined;
try {
  cachedData = readFileSync(cachePath);
} catch {
  // No cache (a build that could not write one): compile as usual.
}
// The build writes the bundle as the CommonJS module wrapper, one function expression.
const script = new Script(readFileSync(bundlePath, 'utf8'), { filename: bundlePath, cachedData });
if (cacheMode === 'report') process.stderr.write(`code cache: ${cachedData === undefined ? 'missing' : script.cachedDataRejected ? 'rejected' : 'accepted'}\n`);
const bundleModule = { exports: {} as LintBundle };
script.runInThisContext()(bundleModule.exports, createRequire(bundlePath), bundleModule, bundlePath, __dirname);

void bundleModule.exports.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  if (cacheMode === 'write' || cachedData === undefined || script.cachedDataRejected === true) saveCache(script, cachePath);
});
