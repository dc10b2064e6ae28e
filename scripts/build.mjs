// Builds dist/: tsc emits the library (with .d.ts), then esbuild bundles the
// CLI twice: the whole CLI with code splitting (each command's code loads only
// when that command runs), and `cmdsync lint` alone (pre-commit hooks pay its
// start-up on every commit) as one CommonJS file with a launcher that starts
// it from V8's code cache (src/cli/lint-launch.cts). The cache is made here,
// by linting the valid fixtures once, which also proves the bundle runs.
// Output goes to a fresh directory that replaces dist/ at the end, so a
// concurrent run (a test process, an editor) never sees a half-built dist/.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { build } from 'esbuild';
import { buildWeb } from './build-web.mjs';

const out = `dist.build-${process.pid}`;
const bundle = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // Loaded on demand by src/manifest/yaml-lib.ts; see there.
  external: ['yaml'],
  minifySyntax: true,
  minifyWhitespace: true,
  legalComments: 'none',
  // CommonJS dependencies (ajv's runtime) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __cmdsyncRequire } from 'node:module'; const require = __cmdsyncRequire(import.meta.url);" },
  logLevel: 'warning',
};

rmSync(out, { recursive: true, force: true });
// Taken before anything is read: a source saved during the build counts as newer than it (scripts/build-if-stale.mjs).
const startedAt = Date.now();
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', out], { stdio: 'inherit' });
  await build({ ...bundle, entryPoints: { main: 'src/cli/main.ts' }, outdir: `${out}/cli-bundle`, splitting: true });
  const commonJs = { ...bundle, format: 'cjs', banner: {}, outdir: `${out}/cli-lint`, outExtension: { '.js': '.cjs' } };
  await build({
    ...commonJs,
    entryPoints: { lint: 'src/cli/lint-main.ts' },
    define: { 'import.meta.url': '__cmdsyncModuleUrl' },
    // The file is one function expression, the CommonJS module wrapper written out, which the launcher compiles as it is: wrapping it there would copy the whole source once more on every run.
    banner: { js: "(function (exports, require, module, __filename, __dirname) {\nvar __cmdsyncModuleUrl = require('node:url').pathToFileURL(__filename).href;" },
    footer: { js: '\n})' },
  });
  await build({ ...commonJs, entryPoints: { launch: 'src/cli/lint-launch.cts' } });
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
  writeCodeCache('dist/cli-lint/launch.cjs');
} catch (err) {
  rmSync(out, { recursive: true, force: true });
  throw err;
}

/** Lints the valid fixtures with the fresh bundle, saving the code V8 compiled on the way. */
function writeCodeCache(launcher) {
  const manifests = ['fixtures/valid/example.yaml', 'fixtures/valid/anchors.yaml'].filter((f) => existsSync(f));
  if (manifests.length === 0) return;
  const run = spawnSync(process.execPath, [launcher, 'lint', '--format', 'json', ...manifests], {
    env: { ...process.env, CMDSYNC_CODE_CACHE: 'write' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`the lint bundle failed on the valid fixtures (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  // A cache V8 refuses (made under other flags) costs every later run its whole compile; say so now.
  const check = spawnSync(process.execPath, [launcher, 'lint', ...manifests], { env: { ...process.env, CMDSYNC_CODE_CACHE: 'report' }, encoding: 'utf8' });
  if (!check.stderr.includes('code cache: accepted')) throw new Error(`V8 did not take the lint code cache the build wrote:\n${check.stderr}`);
}
