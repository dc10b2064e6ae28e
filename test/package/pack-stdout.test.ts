import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

/**
 * pre-commit (up to 4.6.0) installs a `language: node` hook by running
 * `npm pack` in a clone of the hook repository and taking its whole stdout as
 * the tarball's file name. npm >= 10.5 runs pack's lifecycle scripts in the
 * foreground and prints their banners and output on stdout, so the package's
 * own npm configuration must keep them off it. The real package.json and
 * .npmrc are packed, with the real prepare script and a stand-in build that
 * prints on stdout as a build might; scripts/ci/precommit-hook.sh does the
 * real install under pre-commit.
 */
describe('npm pack', () => {
  it('prints only the tarball name on stdout, although prepare runs and prints', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      scripts: Record<string, string>;
    };
    const dir = testdir({
      'package.json': JSON.stringify(pkg),
      'scripts/prepare.mjs': readFileSync(join(ROOT, 'scripts/prepare.mjs')),
      'scripts/build.mjs':
        "import { writeFileSync } from 'node:fs';\nconsole.log('build output on stdout');\nwriteFileSync('prepared', '');\n",
    });
    if (existsSync(join(ROOT, '.npmrc'))) copyFileSync(join(ROOT, '.npmrc'), join(dir, '.npmrc'));

    // A clean environment: no npm_config_* inherited from an `npm test` around this run.
    const run = spawnSync('npm', ['pack'], {
      cwd: dir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      encoding: 'utf8',
      timeout: 60_000,
    });

    expect(run.status, run.stderr).toBe(0);
    expect(pkg.scripts.prepare).toBeDefined();
    expect(existsSync(join(dir, 'prepared')), 'prepare ran').toBe(true);
    const tarball = `${pkg.name}-${pkg.version}.tgz`;
    expect(run.stdout.trim()).toBe(tarball);
    expect(existsSync(join(dir, tarball))).toBe(true);
  });
});

describe('bundled dependencies', () => {
  it('every runtime dependency is bundled (a git install under -g otherwise races npm over it)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
      bundleDependencies: string[] | boolean;
    };
    if (pkg.bundleDependencies === true) return;
    expect([...(pkg.bundleDependencies as string[])].sort()).toEqual(Object.keys(pkg.dependencies).sort());
  });
});
