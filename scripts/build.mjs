// Builds dist/: tsc emits the library (with .d.ts), then esbuild bundles the
// CLI twice, each as one CommonJS file started by a launcher that compiles it
// from V8's code cache (src/cli/code-cache.cts): the whole CLI
// (dist/cli-main/, src/cli/cli-launch.cts), and `cmdsync lint` alone
// (dist/cli-lint/, src/cli/lint-launch.cts: pre-commit hooks pay its start-up
// on every commit). Each cache is made here, by running its bundle once (lint
// on the valid fixtures; apply of the example manifest to the embedded
// emulator, in a temporary copy: scripts/warm-up.mjs, with none of the
// variables of a CI job the build may run in), which also proves the bundle
// runs. The GitHub Action's bundle is not built here: it is committed
// (scripts/build-action.mjs).
// Output goes to a fresh directory that replaces dist/ at the end, so a
// concurrent run (a test process, an editor) never sees a half-built dist/.
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { buildWeb } from './build-web.mjs';
import { warmUpCaches } from './warm-up.mjs';

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
  banner: {
    js: "(function (exports, require, module, __filename, __dirname) {\nvar __cmdsyncModuleUrl = require('node:url').pathToFileURL(__filename).href;",
  },
  footer: { js: '\n})' },
};

rmSync(out, { recursive: true, force: true });
// Taken before anything is read: a source saved during the build counts as newer than it (scripts/build-if-stale.mjs).
const startedAt = Date.now();
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', out], {
    stdio: 'inherit',
  });
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
  warmUpCaches(process.cwd());
} catch (err) {
  rmSync(out, { recursive: true, force: true });
  throw err;
}
