/**
 * `cmdsync lint … | head -1`: the reader closes the pipe after its first line
 * while the CLI still has most of its output to write. The built binary drops
 * the rest quietly (src/cli/closed-output.cts), not with Node's `write EPIPE`
 * stack trace, and runs to its end: an apply whose reader is gone still
 * applies all it planned. A run that would end with 0 ends with 141, as a
 * program SIGPIPE killed; findings keep their 1. (`npm run build` first.)
 */
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { BIN, runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/** A manifest with a finding on each of 3000 commands: some 300 KB of findings, far more than a pipe holds. */
function manyFindings(): string {
  const commands = Array.from({ length: 3000 }, (_, i) => `  - { name: Bad_Name_${i}, description: x }`);
  return ['application_id: "123456789012345678"', 'commands:', ...commands, ''].join('\n');
}

/** Runs the CLI with a stdout reader that closes after the first line, as `head -1` does (`lines: 0`: closed before the CLI writes). */
function runIntoHead(args: string[], cwd: string, lines = 1): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
    if (lines === 0) child.stdout.destroy();
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) child.stdout.destroy();
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stderr });
    });
  });
}

test('lint piped into a reader that stops after one line ends quietly, its findings still exit 1', async () => {
  const cwd = testdir({ 'cmdsync.yaml': manyFindings() });
  const r = await runIntoHead(['lint'], cwd);
  expect(r.stderr).not.toMatch(/EPIPE/);
  expect(r.stderr).not.toMatch(STACK);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
});

test('an apply whose reader is gone before its plan is printed applies all of it, and ends with 141', async () => {
  const guilds = ['600000000000000001', '600000000000000002'].flatMap((id) => [
    `  - id: "${id}"`,
    '    commands:',
    '      - { name: here, description: A guild command }',
  ]);
  const cwd = testdir({
    'cmdsync.yaml': [
      'application_id: "123456789012345678"',
      'commands:',
      '  - { name: ping, description: Ping }',
      'guilds:',
      ...guilds,
      '',
    ].join('\n'),
  });
  const r = await runIntoHead(['apply', '--emulator', '--auto-approve', '--no-color'], cwd, 0);
  expect(r.stderr).not.toMatch(/EPIPE/);
  expect(r.stderr).not.toMatch(STACK);
  expect(r.code).toBe(141);
  const plan = await runBin(['plan', '--emulator', '--no-color'], { cwd });
  expect(plan.stdout).toContain('No changes');
  expect(plan.code).toBe(0);
}, 60_000);
