// Builds dist/: tsc emits the library (with .d.ts), then esbuild bundles the
// CLI twice, each as one CommonJS file started by a launcher that compiles it
// from V8's code cache (src/cli/code-cache.cts): the whole CLI
// (dist/cli-main/, src/cli/cli-launch.cts), and `cmdsync lint` alone
// (dist/cli-lint/, src/cli/lint-launch.cts: pre-commit hooks pay its start-up
// on every commit). Each cache is made here, by running its bundle once (lint
// on the valid fixtures; apply of the example manifest to the embedded
// emulator, in a temporary copy), which also proves the bundle runs.
// Output goes to a fresh directory that replaces dist/ at the end, so a
// concurrent run (a test process, an editor) never sees a half-built dist/.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { buildWeb } from './build-web.mjs';

const out = `dist.build-${process.pid}`;
/** A launcher: CommonJS (a few ms sooner to start than an ES module), bundled whole. */
const launcher = {
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Loaded on demand by src/manifest/yaml-lib.ts; see there.
  external: ['yaml'],
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  outExtension: { '.js': '.cjs' },
  logLevel: 'warning',
};
/** A bundle a launcher compiles from the code cache (src/cli/code-cache.cts). */
const cached = {
  ...launcher,
  define: { 'import.meta.url': '__cmdsyncModuleUrl' },
  // The file is one function expression, the CommonJS module wrapper written out, which the launcher compiles as it is: wrapping it there would copy the whole source once more on every run.
  banner: { js: "(function (exports, require, module, __filename, __dirname) {\nvar __cmdsyncModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
  footer: { js: '\n})' },
};

rmSync(out, { recursive: true, force: true });
// Taken before anything is read: a source saved during the build counts as newer than it (scripts/build-if-stale.mjs).
const startedAt = Date.now();
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', out], { stdio: 'inherit' });
  await build({ ...cached, entryPoints: { main: 'src/cli/main.ts' }, outdir: `${out}/cli-main` });
  await build({ ...launcher, entryPoints: { launch: 'src/cli/cli-launch.cts' }, outdir: `${out}/cli-main` });
  await build({ ...cached, entryPoints: { lint: 'src/cli/lint-main.ts' }, outdir: `${out}/cli-lint` });
  await build({ ...launcher, entryPoints: { launch: 'src/cli/lint-launch.cts' }, outdir: `${out}/cli-lint` });
  await buildWeb(out);
  writeFileSync(`${out}/build-info.json`, `${JSON.stringify({ startedAt })}\n`);
  const old = `dist.old-${process.pid}`;
  try {
    renameSync('dist', old);
  } catch {
    // no previous dist
  }
  renameSync(out, 'dist');
  rmSync(old, { recursive: true, force: true });
  // After the swap: the cache keeps the path the bundle was compiled at, which stack traces then show.
  writeLintCache('dist/cli-lint/launch.cjs');
  writeCliCache('dist/cli-main/launch.cjs');
} catch (err) {
  rmSync(out, { recursive: true, force: true });
  throw err;
}

/** Lints the valid fixtures with the fresh bundle, saving the code V8 compiled on the way. */
function writeLintCache(launcher) {
  const manifests = ['fixtures/valid/example.yaml', 'fixtures/valid/anchors.yaml'].filter((f) => existsSync(f));
  if (manifests.length === 0) return;
  const run = spawnSync(process.execPath, [launcher, 'lint', '--format', 'json', ...manifests], {
    env: { ...process.env, CMDSYNC_CODE_CACHE: 'write' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the lint bundle failed on the valid fixtures (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  checkCache(launcher, ['lint', ...manifests]);
}

/**
 * Applies the example manifest to the embedded emulator with the fresh CLI
 * bundle (reading, planning, rendering, sending: what most commands share),
 * in a temporary copy so the emulator's state file lands there, saving the
 * code V8 compiled on the way.
 */
function writeCliCache(launcher) {
  if (!existsSync('fixtures/valid/example.yaml')) return;
  const work = mkdtempSync(join(tmpdir(), 'cmdsync-build-'));
  try {
    cpSync('fixtures/valid', work, { recursive: true });
    const args = ['apply', '--emulator', '--auto-approve', '--no-color', '-m', 'example.yaml'];
    const run = spawnSync(process.execPath, [resolve(launcher), ...args], { cwd: work, env: { ...process.env, CMDSYNC_CODE_CACHE: 'write' }, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`the CLI bundle failed to apply the example manifest (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    checkCache(resolve(launcher), ['plan', '--emulator', '-m', 'example.yaml'], work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** A cache V8 refuses (made under other flags) costs every later run its whole compile; say so now. */
function checkCache(launcher, args, cwd) {
  const check = spawnSync(process.execPath, [launcher, ...args], { cwd, env: { ...process.env, CMDSYNC_CODE_CACHE: 'report' }, encoding: 'utf8' });
  if (!check.stderr.includes('code cache: accepted')) throw new Error(`V8 did not take the code cache the build wrote for ${launcher}:\n${check.stderr}`);
}
