/**
 * A suite past one machine (issue 37, Speed): `--workers N` runs files side by
 * side, each with its own emulator and bot, and reports them in file order;
 * `--shard i/n` gives each machine of a matrix its share; `--merge` joins the
 * shards' --json reports into one JUnit report. The built binary, real bots.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runBin, STACK } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const GATEWAY = join(FIXTURES, 'bot-test/bots/gateway/passing.test.yaml');
const HTTP = join(FIXTURES, 'bot-test/bots/http/passing.test.yaml');

test('--workers 2 runs both files, each with its own bot, and the report keeps the files in order', async () => {
  const r = await runBin(['test', HTTP, GATEWAY, '--workers', '2', '--json'], { cwd: testdir(), timeoutMs: 120_000 });
  expect(r.code, r.stderr).toBe(0);
  const doc = JSON.parse(r.stdout);
  expect(doc.files.map((f: { path: string }) => f.path)).toEqual([GATEWAY, HTTP]);
  expect(doc.failed + doc.errors).toBe(0);
  expect(doc.passed).toBe(doc.files.flatMap((f: { scenarios: unknown[] }) => f.scenarios).length);
  // Both files' lines streamed on stderr while stdout carried the report.
  expect(r.stderr).toMatch(/✓ .*gateway.*passing\.test\.yaml ›/);
  expect(r.stderr).toMatch(/✓ .*http.*passing\.test\.yaml ›/);
}, 180_000);

test('two shards run one file each, and --merge joins their reports into one JUnit report with both', async () => {
  const dir = testdir();
  const shard = (i: number) =>
    runBin(['test', HTTP, GATEWAY, '--shard', `${i}/2`, '--json', '--output', `s${i}.json`], {
      cwd: dir,
      timeoutMs: 120_000,
    });
  const [one, two] = [await shard(1), await shard(2)];
  expect(one.code, one.stderr).toBe(0);
  expect(two.code, two.stderr).toBe(0);
  const paths = (name: string) =>
    JSON.parse(readFileSync(join(dir, name), 'utf8')).files.map((f: { path: string }) => f.path);
  expect([...paths('s1.json'), ...paths('s2.json')]).toEqual([GATEWAY, HTTP]);

  const merged = await runBin(['test', '--merge', 's1.json', 's2.json', '--reporter', 'junit', '--output', 'all.xml'], {
    cwd: dir,
    timeoutMs: 30_000,
  });
  expect(merged.code, merged.stderr).toBe(0);
  const xml = readFileSync(join(dir, 'all.xml'), 'utf8');
  expect(xml).toMatch(/gateway[^"]*passing\.test\.yaml/);
  expect(xml).toMatch(/http[^"]*passing\.test\.yaml/);
  expect(xml).toMatch(/failures="0"/);

  const three = await runBin(['test', HTTP, GATEWAY, '--shard', '3/2'], { cwd: dir, timeoutMs: 30_000 });
  expect(three.code).toBe(2);
  expect(three.stderr).toMatch(/--shard takes i\/n with 1 <= i <= n/);
  const missing = await runBin(['test', '--merge', 'nope.json'], { cwd: dir, timeoutMs: 30_000 });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/cannot read nope\.json: ENOENT/);
  expect(missing.stderr + three.stderr).not.toMatch(STACK);
}, 300_000);
