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
 * the bundle and its cache together, in the directory that replaces dist/.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Script } from 'node:vm';

interface LintBundle {
  main(argv: string[]): Promise<number>;
}

const bundlePath = join(__dirname, 'lint.cjs');
const cachePath = join(__dirname, 'lint.cache');

let cachedData: Buffer | undefined;
try {
  cachedData = readFileSync(cachePath);
} catch {
  // No cache (a build that could not write one): compile as usual.
}
const source = readFileSync(bundlePath, 'utf8');
const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: bundlePath, cachedData });
const bundleModule = { exports: {} as LintBundle };
script.runInThisContext()(bundleModule.exports, createRequire(bundlePath), bundleModule, bundlePath, __dirname);

void bundleModule.exports.main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
  // The build's warm-up run: save the code compiled by this run.
  if (process.env.CMDSYNC_WRITE_CODE_CACHE === '1') writeFileSync(cachePath, script.createCachedData());
});
