/**
 * The build's warm-up runs (scripts/warm-up.mjs, run by scripts/build.mjs on
 * every install of a checkout, the composite Action's once included) apply
 * the example manifest with the CLI. Run inside a CI job, they must leave the
 * job alone: no step summary, no outputs, no workflow commands, no use of
 * its credentials or notification webhook. Run as a process on a copy of the
 * built bundles, with a job's variables set.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

it('the warm-ups write the code caches and nothing a CI job reads, whatever its environment', async () => {
  const root = testdir();
  for (const dir of ['dist/cli-main', 'dist/cli-lint', 'fixtures/valid'])
    cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  const caches = ['dist/cli-main/main.cache', 'dist/cli-lint/lint.cache'].map((f) => join(root, f));
  for (const cache of caches) rmSync(cache, { force: true });

  const job = testdir();
  const files = {
    GITHUB_STEP_SUMMARY: join(job, 'summary.md'),
    GITHUB_OUTPUT: join(job, 'output'),
    GITHUB_ENV: join(job, 'env'),
    GITHUB_PATH: join(job, 'path'),
  };
  for (const file of Object.values(files)) writeFileSync(file, '');
  const notified: string[] = [];
  const hook = createServer((req, res) => {
    notified.push(`${req.method} ${req.url}`);
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  try {
    const env = {
      ...process.env,
      ...files,
      CI: 'true',
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: job,
      GITHUB_REPOSITORY: 'acme/bot',
      RUNNER_TEMP: job,
      INPUT_COMMAND: 'plan',
      DISCORD_TOKEN: 'MTIzNDU2Nzg5.job-secret-token-value.abcdefghij',
      DISCORD_APPLICATION_ID: '500000000000000009',
      CMDSYNC_NOTIFY_WEBHOOK: `http://127.0.0.1:${(hook.address() as AddressInfo).port}/api/webhooks/1/x`,
    };
    // Not spawnSync: the notification server above answers on this process's event loop.
    const run = await new Promise<{ status: number | null; output: string }>((resolve, reject) => {
      const child = spawn(process.execPath, [join(ROOT, 'scripts/warm-up.mjs'), root], {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (d) => (output += d));
      child.stderr.on('data', (d) => (output += d));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, output }));
    });
    expect(run.status, run.output).toBe(0);
    expect(run.output).not.toMatch(/^::/m);
    for (const [name, file] of Object.entries(files)) expect(readFileSync(file, 'utf8'), name).toBe('');
    expect(notified).toEqual([]);
    for (const cache of caches) expect(existsSync(cache), cache).toBe(true);
  } finally {
    await new Promise<void>((resolve) => hook.close(() => resolve()));
  }
}, 120_000);
