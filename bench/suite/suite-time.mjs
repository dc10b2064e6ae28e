// The test suite's wall time against an earlier commit's, same machine, same
// run (issue 26 item 6: "the suite at most half as long with every assertion
// kept"). Not run by bench/run.mjs: it installs the earlier commit's
// dependencies from the registry and runs two suites, ~8 minutes on 2 cores.
//   node bench/suite/suite-time.mjs [--base REV] [--rounds N]
// The earlier commit is checked out in a temporary worktree, installed
// (`npm ci`), built and tested with its own vitest config. This checkout
// (built first: `npm run build`) then runs the same test files as they are
// now (their assertions kept, tests added since included), with its own
// config. Rounds alternate base and now; each prints wall seconds and tests.
// REV defaults to fa42e20, main when issue 26 was filed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const BASE = flag('--base', 'fa42e20');
const ROUNDS = Number(flag('--rounds', 1));
const here = resolve(import.meta.dirname, '../..');
/** Test paths renamed since: src/spec became src/wire (and test/spec with it) in 9ac4637; lint's cache test became the code cache's, both bundles. */
const RENAMED = [
  ['test/spec/', 'test/wire/'],
  ['test/cli/lint-cache.e2e.test.ts', 'test/cli/code-cache.e2e.test.ts'],
];

const git = (...a) => execFileSync('git', a, { cwd: here, encoding: 'utf8' });
const tmp = mkdtempSync(join(tmpdir(), 'cmdsync-suite-time-'));
const base = join(tmp, 'base');

/** One vitest run, its wall time and counts (from its JSON report). */
function suite(cwd, files) {
  const out = join(tmp, `report-${Date.now()}.json`);
  const t0 = performance.now();
  const r = spawnSync('npx', ['vitest', 'run', ...files, '--reporter=json', `--outputFile=${out}`], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const seconds = (performance.now() - t0) / 1000;
  const report = existsSync(out) ? JSON.parse(readFileSync(out, 'utf8')) : undefined;
  return {
    seconds,
    exit: r.status,
    tests: report?.numTotalTests,
    passed: report?.numPassedTests,
    files: report?.testResults.length,
  };
}

try {
  git('worktree', 'add', '--detach', base, BASE);
  console.log(`base ${BASE}: installing and building in ${base}`);
  execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: base,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync('npm', ['run', 'build'], { cwd: base, stdio: ['ignore', 'ignore', 'inherit'] });

  const baseFiles = git('ls-tree', '-r', '--name-only', BASE, 'test')
    .split('\n')
    .filter((f) => f.endsWith('.test.ts'));
  const nowFiles = baseFiles.map((f) =>
    RENAMED.reduce((p, [from, to]) => (p.startsWith(from) ? to + p.slice(from.length) : p), f),
  );
  const gone = nowFiles.filter((f) => !existsSync(join(here, f)));
  if (gone.length) console.log(`not in this checkout (left out of "now"): ${gone.join(', ')}`);
  const kept = nowFiles.filter((f) => !gone.includes(f));

  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    const b = suite(base, []);
    const n = suite(here, kept);
    rows.push({ b, n });
    console.log(
      `round ${round + 1}: base ${b.seconds.toFixed(0)} s (${b.passed}/${b.tests} tests, exit ${b.exit}); now ${n.seconds.toFixed(0)} s (${n.passed}/${n.tests} tests in the same ${n.files} files, exit ${n.exit}); ratio ${(n.seconds / b.seconds).toFixed(2)}x`,
    );
  }
  const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  console.log(`median ratio now/base: ${median(rows.map(({ b, n }) => n.seconds / b.seconds)).toFixed(2)}x`);
} finally {
  spawnSync('git', ['worktree', 'remove', '--force', base], { cwd: here });
  rmSync(tmp, { recursive: true, force: true });
}
