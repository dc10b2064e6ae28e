// What the GitHub Action's step costs over the bare CLI: the action's bundle
// (action/index.cjs: plan, outputs, step summary, and the pull request
// comment found and updated on a local server answering as GitHub's REST API)
// against `cmdsync plan --emulator --json --detailed-exitcode` on the same
// 50-command manifest, as a ratio measured in the same run, runs interleaved.
// Target: at most 1.5x (a comment is two requests on loopback). The action
// starts without the CLI's code cache (bench/action-start.md).
// BENCH_NODE=/path/to/node runs both sides on another Node (the runner's is 24).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
const bin = resolve(import.meta.dirname, '../bin/cmdsync.js');
const actionMain = resolve(import.meta.dirname, '../action/index.cjs');
const TOKEN = 'ghs_benchtoken0123456789';

const comments = [];
const server = createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET') return res.end(JSON.stringify(comments));
    if (req.method === 'POST') {
      comments.push({ id: comments.length + 1, body: JSON.parse(body).body });
      res.statusCode = 201;
      return res.end(JSON.stringify(comments.at(-1)));
    }
    comments[0].body = JSON.parse(body).body;
    res.end(JSON.stringify(comments[0]));
  });
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));

const commands = Array.from(
  { length: 50 },
  (_, i) => `  - { name: command-${i}, description: "Command number ${i}" }`,
).join('\n');
const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-action-'));
writeFileSync(join(dir, 'cmdsync.yaml'), `application_id: "500000000000000001"\ncommands:\n${commands}\n`);
writeFileSync(join(dir, 'event.json'), JSON.stringify({ pull_request: { number: 1, head: { sha: 'a'.repeat(40) } } }));

const base = { PATH: process.env.PATH, HOME: process.env.HOME, CI: 'true', GITHUB_ACTIONS: 'true' };
const actionEnv = {
  ...base,
  GITHUB_EVENT_NAME: 'pull_request',
  GITHUB_EVENT_PATH: join(dir, 'event.json'),
  GITHUB_REPOSITORY: 'acme/bot',
  GITHUB_API_URL: `http://127.0.0.1:${server.address().port}`,
  GITHUB_OUTPUT: join(dir, 'output'),
  GITHUB_STEP_SUMMARY: join(dir, 'summary.md'),
  RUNNER_TEMP: dir,
  GITHUB_WORKSPACE: dir,
  INPUT_COMMAND: 'plan',
  INPUT_ARGS: '--emulator',
  'INPUT_GITHUB-TOKEN': TOKEN,
};

function time(args, env) {
  return new Promise((resolvePromise, reject) => {
    const t = process.hrtime.bigint();
    const child = spawn(process.env.BENCH_NODE ?? process.execPath, args, {
      cwd: dir,
      env,
      stdio: ['ignore', 'ignore', process.env.BENCH_DEBUG ? 'inherit' : 'ignore'],
    });
    child.on('error', reject);
    child.on('close', (status) => resolvePromise({ ms: Number(process.hrtime.bigint() - t) / 1e6, status }));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const bare = [];
  const action = [];
  for (let i = 0; i < ROUNDS; i++) {
    const b = await time([bin, 'plan', '--emulator', '--json', '--detailed-exitcode'], base);
    const a = await time([actionMain], actionEnv);
    if (b.status !== 2 || a.status !== 0) throw new Error(`unexpected exit: plan ${b.status}, the action ${a.status}`);
    bare.push(b.ms);
    action.push(a.ms);
  }
  if (comments.length !== 1) throw new Error(`expected one comment, found ${comments.length}`);
  const ratio = median(action) / median(bare);
  console.log(
    `the action's plan + comment: ${median(action).toFixed(0)} ms, bare plan: ${median(bare).toFixed(0)} ms (medians of ${ROUNDS})`,
  );
  console.log(`ratio: ${ratio.toFixed(2)}x (target ≤ 1.5x)`);
} finally {
  server.close();
  rmSync(dir, { recursive: true, force: true });
}
