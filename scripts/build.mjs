// Builds dist/: tsc emits the library (with .d.ts), then esbuild bundles the
// CLI entry with code splitting so `cmdsync lint` loads one small graph
// (start-up time matters in pre-commit hooks).
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
await build({
  entryPoints: { main: 'src/cli/main.ts' },
  outdir: 'dist/cli-bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  // CommonJS dependencies (ajv's runtime) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __cmdsyncRequire } from 'node:module'; const require = __cmdsyncRequire(import.meta.url);" },
  logLevel: 'warning',
});
