// npm's `prepare`: builds dist/, which is not in git, whenever npm installs
// this package from a checkout or a git URL, or packs it.
//
// `npm install -g git+…` (how pre-commit >= 4.6.1 installs a hook) prepares
// the clone without its dependencies, so the build finds no esbuild or tsc,
// and the packed clone has no node_modules for package.json's
// bundleDependencies: npm passes its --global on to the install it runs in
// the clone, which then installs the clone into the global prefix rather than
// the clone's own dependencies into it (npm/cli#8440). In that case they are
// installed here first, into the clone only, from the lockfile, with no
// scripts (this one would run again).
//
// Nothing goes to stdout: `npm pack` prints the tarball's name there, and
// pre-commit (up to 4.6.0) reads it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const { devDependencies = {} } = JSON.parse(readFileSync('package.json', 'utf8'));
const missing = Object.keys(devDependencies).filter((name) => !existsSync(join('node_modules', name, 'package.json')));

if (missing.length > 0 && process.env.npm_config_global === 'true') {
  process.stderr.write(`cmdsync prepare: installing the build's tools (${missing.join(', ')}) in ${process.cwd()}\n`);
  const npm = process.env.npm_execpath;
  const [command, args] = npm?.endsWith('.js') ? [process.execPath, [npm]] : [npm ?? 'npm', []];
  const run = spawnSync(
    command,
    [
      ...args,
      'install',
      '--global=false',
      '--prefix',
      process.cwd(),
      '--include=dev',
      '--ignore-scripts',
      '--no-save',
      '--no-audit',
      '--no-fund',
    ],
    {
      stdio: ['ignore', process.stderr, process.stderr],
    },
  );
  if (run.status !== 0) {
    process.stderr.write(
      `cmdsync prepare: npm install of the build's tools failed (${run.error?.message ?? `exit ${run.status}`})\n`,
    );
    process.exit(1);
  }
}

await import('./build.mjs');
