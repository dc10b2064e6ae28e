// Builds dist/: tsc emits the library (with .d.ts), then esbuild bundles the
// CLI twice: the whole CLI with code splitting (each command's code loads only
// when that command runs), and `cmdsync lint` alone as one file (pre-commit
// hooks pay its start-up on every commit; one file loads faster than the
// dozens of chunks its code is split into). Output goes to a fresh directory
// that replaces dist/ at the end, so a concurrent run (a test process, an
// editor) never sees a half-built dist/.
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

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
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', out], { stdio: 'inherit' });
  await build({ ...bundle, entryPoints: { main: 'src/cli/main.ts' }, outdir: `${out}/cli-bundle`, splitting: true });
  await build({ ...bundle, entryPoints: { 'cli-lint': 'src/cli/lint-main.ts' }, outdir: out, splitting: false });
  const old = `dist.old-${process.pid}`;
  try {
    renameSync('dist', old);
  } catch {
    // no previous dist
  }
  renameSync(out, 'dist');
  rmSync(old, { recursive: true, force: true });
} catch (err) {
  rmSync(out, { recursive: true, force: true });
  throw err;
}
