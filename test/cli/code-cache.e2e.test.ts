import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

type Run = { code: number | null; stdout: string; stderr: string };

/**
 * Each bundle the launcher starts from V8's code cache: lint's own, and the
 * whole CLI's (here `plan --emulator`, which reads, plans and renders).
 */
const BUNDLES = [
  { dir: 'cli-lint', name: 'lint', args: ['lint'], stdout: '' },
  {
    dir: 'cli-main',
    name: 'main',
    args: ['plan', '--emulator', '--no-color'],
    stdout: expect.stringContaining('Plan: 1 to add, 0 to change, 0 to destroy.'),
  },
];

/**
 * An installed copy of the package (launcher, the bundle, dependencies) with
 * a cache of our choosing: a package installed from the registry carries the
 * cache its publisher's Node made, which another Node refuses.
 */
function installedCopy({ dir, name, args }: (typeof BUNDLES)[number]): {
  root: string;
  cache: string;
  run: (cwd: string, nodeOptions?: string) => Run;
} {
  const root = testdir({ 'work/cmdsync.yaml': 'commands:\n  - name: ping\n    description: Ping\n' });
  cpSync(join(ROOT, 'bin'), join(root, 'bin'), { recursive: true });
  mkdirSync(join(root, 'dist', dir), { recursive: true });
  for (const f of ['launch.cjs', `${name}.cjs`]) cpSync(join(ROOT, 'dist', dir, f), join(root, 'dist', dir, f));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const run = (cwd: string, nodeOptions = '') => {
    const env = { PATH: process.env.PATH ?? '', CMDSYNC_CODE_CACHE: 'report', NODE_OPTIONS: nodeOptions };
    const r = spawnSync(process.execPath, [join(root, 'bin/cmdsync.js'), ...args], { cwd, env, encoding: 'utf8' });
    // The emulator's one line about where it keeps its state is not the cache's business.
    return { code: r.status, stdout: r.stdout, stderr: r.stderr.replace(/^Using the local emulator.*\n/m, '') };
  };
  return { root, cache: join(root, 'dist', dir, `${name}.cache`), run };
}

describe.each(BUNDLES)('the code cache of $dir', (bundle) => {
  const { stdout } = bundle;

  it('is written by the first run that finds none, and taken by the next', () => {
    const pkg = installedCopy(bundle);
    const work = join(pkg.root, 'work');
    expect(pkg.run(work)).toEqual({ code: 0, stdout, stderr: 'code cache: missing\n' });
    expect(existsSync(pkg.cache)).toBe(true);
    expect(pkg.run(work)).toEqual({ code: 0, stdout, stderr: 'code cache: accepted\n' });
  });

  it('is written again when V8 refuses it (made by another Node)', () => {
    const pkg = installedCopy(bundle);
    writeFileSync(pkg.cache, Buffer.alloc(4096, 7));
    const work = join(pkg.root, 'work');
    expect(pkg.run(work)).toEqual({ code: 0, stdout, stderr: 'code cache: rejected\n' });
    expect(pkg.run(work)).toEqual({ code: 0, stdout, stderr: 'code cache: accepted\n' });
  });

  it('a cache the CLI cannot write costs only the speed: same result, nothing left behind', () => {
    const pkg = installedCopy(bundle);
    mkdirSync(join(pkg.cache, 'in-the-way'), { recursive: true });
    const work = join(pkg.root, 'work');
    for (let i = 0; i < 2; i++) expect(pkg.run(work)).toEqual({ code: 0, stdout, stderr: 'code cache: missing\n' });
    expect(readdirSync(join(pkg.root, 'dist', bundle.dir)).sort()).toEqual([
      'launch.cjs',
      `${bundle.name}.cache`,
      `${bundle.name}.cjs`,
    ]);
  });

  it('sets its V8 flags without a deprecation warning, even where deprecations are fatal', () => {
    const pkg = installedCopy(bundle);
    const work = join(pkg.root, 'work');
    pkg.run(work);
    for (const options of ['--throw-deprecation', '--pending-deprecation --trace-deprecation']) {
      expect(pkg.run(work, options)).toEqual({ code: 0, stdout, stderr: 'code cache: accepted\n' });
    }
  });
});
