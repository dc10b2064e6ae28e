// The GitHub Action's own start (issue 35, item 1): the runner starts the
// committed bundle (action.yml's runs.main) with its Node, nothing installed.
// Timed as the runner runs it, from a directory holding only action.yml and
// action/ (what the runner downloads), with the step's environment files and
// INPUT_* variables, on a 3-command manifest: to the action's first output
// (the ::add-mask:: line it writes before anything else) and to the end of a
// lint. Against a bare `node -e 0` in the same run, rounds interleaved;
// medians, as ratios and in ms. Goal: the action's own start under 3 s (the
// composite action it replaced ran `npm ci`, ~39 s, on every job).
// BENCH_NODE=/path/to/node runs every side on another Node (the runner's is 24).
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const node = process.env.BENCH_NODE ?? process.execPath;
const root = resolve(import.meta.dirname, '..');

const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-action-start-'));
const actionPath = join(dir, 'action-checkout');
cpSync(join(root, 'action.yml'), join(actionPath, 'action.yml'));
cpSync(join(root, 'action'), join(actionPath, 'action'), { recursive: true });
const workspace = join(dir, 'workspace');
mkdirSync(join(workspace, 'bot'), { recursive: true });
writeFileSync(
  join(workspace, 'bot/cmdsync.yaml'),
  [
    'application_id: "500000000000000001"',
    'commands:',
    '  - name: ping',
    '    description: Ping',
    '  - name: echo',
    '    description: Echo',
    '  - type: user',
    '    name: Show profile',
    '',
  ].join('\n'),
);

const files = Object.fromEntries(
  ['GITHUB_OUTPUT', 'GITHUB_STEP_SUMMARY', 'GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_STATE'].map((v) => [
    v,
    join(dir, v.toLowerCase()),
  ]),
);
const env = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  CI: 'true',
  GITHUB_ACTIONS: 'true',
  GITHUB_WORKSPACE: workspace,
  GITHUB_EVENT_NAME: 'pull_request',
  RUNNER_TEMP: dir,
  DISCORD_TOKEN: 'MTIzNDU2Nzg5.bench-token-value.abcdefghij',
  ...files,
  INPUT_COMMAND: 'lint',
  INPUT_MANIFEST: '',
  'INPUT_WORKING-DIRECTORY': 'bot',
  INPUT_ARGS: '',
  INPUT_COMMENT: 'true',
  'INPUT_COMMIT-LOCK-FILE': 'true',
  'INPUT_GITHUB-TOKEN': 'ghs_benchtoken0123456789',
};

/** Wall ms to the first byte on stdout and to the exit. */
function time(args, runEnv, cwd) {
  for (const file of Object.values(files)) writeFileSync(file, '');
  return new Promise((resolvePromise, reject) => {
    const t = process.hrtime.bigint();
    const ms = () => Number(process.hrtime.bigint() - t) / 1e6;
    let first;
    const child = spawn(node, args, { cwd, env: runEnv, stdio: ['ignore', 'pipe', 'ignore'] });
    child.stdout.once('data', () => (first = ms()));
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (status) => resolvePromise({ first: first ?? ms(), end: ms(), status }));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const bare = [];
  const first = [];
  const end = [];
  for (let i = 0; i < ROUNDS + 2; i++) {
    const b = await time(['-e', '0'], { PATH: process.env.PATH }, dir);
    const a = await time([join(actionPath, 'action/index.cjs')], env, workspace);
    if (a.status !== 0) throw new Error(`the action's lint exited ${a.status}`);
    // The first two rounds warm the file cache.
    if (i < 2) continue;
    bare.push(b.end);
    first.push(a.first);
    end.push(a.end);
  }
  const base = median(bare);
  const row = (label, xs) => `${label}: ${median(xs).toFixed(0)} ms (${(median(xs) / base).toFixed(2)}x node -e 0)`;
  const version = await new Promise((r) => {
    const c = spawn(node, ['--version'], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.on('close', () => r(out.trim()));
  });
  console.log(`Node ${version}, medians of ${ROUNDS} rounds; node -e 0: ${base.toFixed(0)} ms`);
  console.log(row('the action, to its first output', first));
  console.log(row('the action, a lint to the end', end));
  const worst = Math.max(median(first), median(end));
  console.log(
    `goal: the action's own start under 3000 ms: ${worst < 3000 ? 'met' : 'NOT met'} (${worst.toFixed(0)} ms)`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
