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
/** A launcher's build: CommonJS (a few ms sooner to start than an ES module), bundled whole. */
const launcherBuild = {
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
/** The build of a bundle a launcher compiles from the code cache (src/cli/code-cache.cts). */
const cachedBuild = {
  ...launcherBuild,
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
  await build({ ...cachedBuild, entryPoints: { main: 'src/cli/main.ts' }, outdir: `${out}/cli-main` });
  await build({ ...launcherBuild, entryPoints: { launch: 'src/cli/cli-launch.cts' }, outdir: `${out}/cli-main` });
  await build({ ...cachedBuild, entryPoints: { lint: 'src/cli/lint-main.ts' }, outdir: `${out}/cli-lint` });
  await build({ ...launcherBuild, entryPoints: { launch: 'src/cli/lint-launch.cts' }, outdir: `${out}/cli-lint` });
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
  if (manifests.length > 0) warmUp(launcher, ['lint', '--format', 'json', ...manifests], ['lint', ...manifests]);
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
    warmUp(resolve(launcher), ['apply', '--emulator', '--auto-approve', '--no-color', '-m', 'example.yaml'], ['plan', '--emulator', '-m', 'example.yaml'], work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Runs `args` through the launcher, which writes its cache, then `check`: a
 * cache V8 refuses (made under other flags) would cost every later run its
 * whole compile, so the build says so now.
 */
function warmUp(launcher, args, check, cwd) {
  const run = (mode, argv) => spawnSync(process.execPath, [launcher, ...argv], { cwd, env: { ...process.env, CMDSYNC_CODE_CACHE: mode }, encoding: 'utf8' });
  const written = run('write', args);
  if (written.status !== 0) throw new Error(`${launcher} ${args.join(' ')} failed (exit ${written.status}):\n${written.stdout}${written.stderr}`);
  const checked = run('report', check);
  if (!checked.stderr.includes('code cache: accepted')) throw new Error(`V8 did not take the code cache the build wrote for ${launcher}:\n${checked.stderr}`);
}
