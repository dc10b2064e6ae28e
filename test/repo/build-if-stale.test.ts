/**
 * `npm run demo` builds only when a source is newer than the last build
 * (scripts/build-if-stale.mjs, reading the start time scripts/build.mjs writes
 * to dist/build-info.json). Run as a process on a small tree with set times.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const SCRIPT = join(ROOT, 'scripts/build-if-stale.mjs');
const check = (cwd: string) => spawnSync(process.execPath, [SCRIPT, '--check'], { cwd, encoding: 'utf8' });

describe('scripts/build-if-stale.mjs', () => {
  it('stale without a build, up to date after one, stale again once a source is saved after the build started', () => {
    const cwd = testdir({ 'src/cli/main.ts': 'export {};\n', 'package.json': '{}\n', 'tsconfig.json': '{}\n' });
    const t = Date.now() / 1000;
    for (const f of ['src/cli/main.ts', 'package.json', 'tsconfig.json']) utimesSync(join(cwd, f), t - 60, t - 60);
    let r = check(cwd);
    expect(r.stderr).toBe('stale: dist/ was never built (or by an older build script)\n');
    expect(r.status).toBe(1);

    testdirWrite(cwd, 'dist/build-info.json', JSON.stringify({ startedAt: (t - 30) * 1000 }));
    r = check(cwd);
    expect(r.stderr).toBe('dist/ is up to date\n');
    expect(r.status).toBe(0);

    utimesSync(join(cwd, 'src/cli/main.ts'), t, t);
    r = check(cwd);
    expect(r.stderr).toBe('stale: src/cli/main.ts changed since the last build\n');
    expect(r.status).toBe(1);
  });

  it('the build writes the stamp the check reads, and npm run demo uses the check while npm test always builds', () => {
    expect(readFileSync(join(ROOT, 'scripts/build.mjs'), 'utf8')).toContain('build-info.json');
    const scripts = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts as Record<string, string>;
    expect(scripts.demo).toMatch(/^node scripts\/build-if-stale\.mjs && /);
    expect(scripts.test).toMatch(/^npm run build && /);
  });
});

function testdirWrite(dir: string, path: string, content: string): void {
  const full = join(dir, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}
