import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

/**
 * An installed copy of the package (launcher, lint bundle, dependencies) with
 * a cache of our choosing: a package installed from the registry carries the
 * cache its publisher's Node made, which another Node refuses.
 */
function installedCopy(): { root: string; cache: string; lint: (cwd: string, nodeOptions?: string) => { code: number | null; stdout: string; stderr: string } } {
  const root = testdir({ 'work/cmdsync.yaml': 'commands:\n  - name: ping\n    description: Ping\n' });
  cpSync(join(ROOT, 'bin'), join(root, 'bin'), { recursive: true });
  mkdirSync(join(root, 'dist/cli-lint'), { recursive: true });
  for (const f of ['launch.cjs', 'lint.cjs']) cpSync(join(ROOT, 'dist/cli-lint', f), join(root, 'dist/cli-lint', f));
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'), 'dir');
  const lint = (cwd: string, nodeOptions = '') => {
    const env = { PATH: process.env.PATH ?? '', CMDSYNC_CODE_CACHE: 'report', NODE_OPTIONS: nodeOptions };
    const r = spawnSync(process.execPath, [join(root, 'bin/cmdsync.js'), 'lint'], { cwd, env, encoding: 'utf8' });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  return { root, cache: join(root, 'dist/cli-lint/lint.cache'), lint };
}

describe('the lint code cache', () => {
  it('is written by the first run that finds none, and taken by the next', () => {
    const pkg = installedCopy();
    const work = join(pkg.root, 'work');
    expect(pkg.lint(work)).toEqual({ code: 0, stdout: '', stderr: 'code cache: missing\n' });
    expect(existsSync(pkg.cache)).toBe(true);
    expect(pkg.lint(work)).toEqual({ code: 0, stdout: '', stderr: 'code cache: accepted\n' });
  });

  it('is written again when V8 refuses it (made by another Node)', () => {
    const pkg = installedCopy();
    writeFileSync(pkg.cache, Buffer.alloc(4096, 7));
    const work = join(pkg.root, 'work');
    expect(pkg.lint(work)).toEqual({ code: 0, stdout: '', stderr: 'code cache: rejected\n' });
    expect(pkg.lint(work)).toEqual({ code: 0, stdout: '', stderr: 'code cache: accepted\n' });
  });

  it('a cache lint cannot write costs only the speed: same result, nothing left behind', () => {
    const pkg = installedCopy();
    mkdirSync(join(pkg.cache, 'in-the-way'), { recursive: true });
    const work = join(pkg.root, 'work');
    for (let i = 0; i < 2; i++) expect(pkg.lint(work)).toEqual({ code: 0, stdout: '', stderr: 'code cache: missing\n' });
    expect(readdirSync(join(pkg.root, 'dist/cli-lint')).sort()).toEqual(['launch.cjs', 'lint.cache', 'lint.cjs']);
  });

  it('sets its V8 flags without a deprecation warning, even where deprecations are fatal', () => {
    const pkg = installedCopy();
    const work = join(pkg.root, 'work');
    pkg.lint(work);
    for (const options of ['--throw-deprecation', '--pending-deprecation --trace-deprecation']) {
      expect(pkg.lint(work, options)).toEqual({ code: 0, stdout: '', stderr: 'code cache: accepted\n' });
    }
  });
});
