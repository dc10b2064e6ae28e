/**
 * `cmdsync lint … | head -1`: the reader closes the pipe after its first line
 * while the CLI still has most of its output to write. The built binary ends
 * quietly with 141, as git does on a broken pipe (src/cli/closed-output.cts),
 * not with Node's `write EPIPE` stack trace. (`npm run build` first.)
 */
import { spawn } from 'node:child_process';
import { expect, test } from 'vitest';
import { BIN, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/** A manifest with a finding on each of 3000 commands: some 300 KB of findings, far more than a pipe holds. */
function manyFindings(): string {
  const commands = Array.from({ length: 3000 }, (_, i) => `  - { name: Bad_Name_${i}, description: x }`);
  return ['application_id: "123456789012345678"', 'commands:', ...commands, ''].join('\n');
}

/** Runs the CLI with a stdout reader that closes after the first line, as `head -1` does. */
function runIntoHead(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let stderr = '';
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

test('lint piped into a reader that stops after one line ends quietly, with 141 as git does', async () => {
  const cwd = testdir({ 'cmdsync.yaml': manyFindings() });
  const r = await runIntoHead(['lint'], cwd);
  expect(r.stderr).not.toMatch(/EPIPE/);
  expect(r.stderr).not.toMatch(STACK);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(141);
});
