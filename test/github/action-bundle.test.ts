import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parse } from 'yaml';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

/*
 * The action runs the bundle committed in action/ (action.yml's runs.main),
 * so what is committed must be what the sources build: built here into a
 * temporary directory, every file equal byte for byte.
 */

it('the committed action bundle is what scripts/build-action.mjs builds from the sources', () => {
  const action = parse(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as { runs: { using: string; main: string } };
  expect(action.runs).toEqual({ using: 'node24', main: 'action/index.cjs' });
  const out = testdir();
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts/build-action.mjs'), '--out', out], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
  const names = readdirSync(out).sort();
  expect(names).toEqual(['LICENSES.txt', 'index.cjs']);
  expect(readdirSync(join(ROOT, 'action')).sort(), 'action/ holds what the build writes, nothing else').toEqual(names);
  for (const name of names) {
    const committed = readFileSync(join(ROOT, 'action', name));
    const fresh = readFileSync(join(out, name));
    expect(
      committed.equals(fresh),
      `action/${name} is not what the sources build: run npm run build:action and commit action/`,
    ).toBe(true);
  }
}, 60_000);
