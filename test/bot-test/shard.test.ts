/** `--shard i/n` and `--merge`, as pure functions: every file on exactly one shard; shards' reports joined into one run. */
import { expect, test } from 'vitest';
import type { FileResult, RunResult } from '../../src/bot-test/model.js';
import { parseShard, shardFiles } from '../../src/bot-test/run/shard.js';
import { renderTestJson } from '../../src/report/bot-test/json.js';
import { mergeRuns } from '../../src/report/bot-test/merge.js';

test('i/n is read with 1 <= i <= n; anything else is refused in words that show the form', () => {
  expect(parseShard('2/4')).toEqual({ index: 2, total: 4 });
  expect(parseShard(' 1 / 1 ')).toEqual({ index: 1, total: 1 });
  for (const bad of ['0/4', '5/4', '1/0', '2', 'a/b', '-1/2', '1.5/2', ''])
    expect(parseShard(bad)).toEqual({ problem: expect.stringMatching(/i\/n .*e\.g\. 1\/4/) });
});

test('for any count of files and shards, each file is on exactly one shard, in sorted order, shares differing by at most one run', () => {
  for (let count = 0; count <= 13; count++) {
    const files = Array.from(
      { length: count },
      (_, i) => `dir/f${String((i * 7) % 13).padStart(2, '0')}-${i}.test.yaml`,
    );
    for (let total = 1; total <= 6; total++) {
      const shares = Array.from({ length: total }, (_, i) => shardFiles(files, { index: i + 1, total }));
      expect(shares.flat()).toEqual([...files].sort());
      const size = Math.ceil(count / total);
      for (const share of shares) expect(share.length).toBeLessThanOrEqual(size);
    }
  }
});

const file = (path: string, statuses: Array<'passed' | 'failed'>): FileResult => ({
  path,
  scenarios: statuses.map((status, i) => ({
    name: `s${i}`,
    status,
    durationMs: 5,
    steps: [],
    at: { file: path, line: 1, column: 1 },
  })) as unknown as FileResult['scenarios'],
});
const run = (files: FileResult[], durationMs: number): RunResult => ({
  files,
  passed: files.flatMap((f) => f.scenarios).filter((s) => s.status === 'passed').length,
  failed: files.flatMap((f) => f.scenarios).filter((s) => s.status === 'failed').length,
  errors: 0,
  drifted: 0,
  ok: files.every((f) => f.scenarios.every((s) => s.status === 'passed')),
  durationMs,
});

test("shards' --json reports join into one run: files in path order, totals added, the longest shard's duration", () => {
  const one = renderTestJson(run([file('b.test.yaml', ['passed', 'failed'])], 900));
  const two = renderTestJson(run([file('a.test.yaml', ['passed']), file('c.test.yaml', ['passed'])], 1200));
  const merged = mergeRuns([
    { name: 'shard-1.json', text: one },
    { name: 'shard-2.json', text: two },
  ]);
  expect(merged).toMatchObject({ ok: true, result: { passed: 3, failed: 1, errors: 0, ok: false, durationMs: 1200 } });
  if (merged.ok) expect(merged.result.files.map((f) => f.path)).toEqual(['a.test.yaml', 'b.test.yaml', 'c.test.yaml']);
});

test('a report that is not JSON, not a test report, of another major format, or overlapping another is refused by name', () => {
  const good = renderTestJson(run([file('a.test.yaml', ['passed'])], 1));
  const refused = (text: string, also = good) =>
    mergeRuns([
      { name: 'x.json', text },
      { name: 'y.json', text: also },
    ]);
  expect(refused('{oops')).toEqual({ ok: false, problem: expect.stringMatching(/^x\.json is not JSON/) });
  expect(refused('{"passed":1}')).toEqual({ ok: false, problem: 'x.json is not a `cmdsync test --json` report.' });
  expect(refused(good.replace(/"format_version": "1\.\d+"/, '"format_version": "2.0"'))).toEqual({
    ok: false,
    problem: expect.stringMatching(/^x\.json is format 2\.0; this cmdsync reads 1\.x\.$/),
  });
  expect(refused(good, good)).toEqual({ ok: false, problem: 'a.test.yaml is in two reports: the shards overlap.' });
  expect(mergeRuns([])).toEqual({ ok: false, problem: 'no reports to merge.' });
});
