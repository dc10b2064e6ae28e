// Builds dist/: tsc emits the library (with .d.ts), then esbuild bundles the
// CLI entry with code splitting so `cmdsync lint` loads one small graph
// (start-up time matters in pre-commit hooks). Output goes to a fresh
// directory that replaces dist/ at the end, so a concurrent run (a test
// process, an editor) never sees a half-built dist/.
import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const out = `dist.build-${process.pid}`;
rmSync(out, { recursive: true, force: true });
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', out], { stdio: 'inherit' });
  await build({
    entryPoints: { main: 'src/cli/main.ts' },
    outdir: `${out}/cli-bundle`,
    bundle: true,
    splitting: true,
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
  });
  // `cmdsync lint` runs in pre-commit hooks: bin/cmdsync.js sends it to this
  // single-file bundle, which loads far fewer modules than the split CLI.
  await build({
    entryPoints: { 'cli-lint': 'src/cli/lint-main.ts' },
    outdir: out,
    bundle: true,
    splitting: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'bundle',
    external: ['yaml'],
    minifySyntax: true,
    minifyWhitespace: true,
    legalComments: 'none',
    banner: { js: "import { createRequire as __cmdsyncRequire } from 'node:module'; const require = __cmdsyncRequire(import.meta.url);" },
    logLevel: 'warning',
  });
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
