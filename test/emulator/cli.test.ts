import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { request } from 'undici';
import { describe, expect, test } from 'vitest';
import { runEmulator } from '../../src/cli/commands/emulator.js';
import { startEmulator } from '../../src/emulator/index.js';

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c) => (text += c));
  return { stream, text: () => text };
}

describe('cmdsync emulator (runEmulator)', () => {
  test('an unreadable seed: one-line error, exit 1', async () => {
    const out = capture();
    const err = capture();
    const code = await runEmulator({ host: '127.0.0.1', port: 0, seed: '/nonexistent/seed.yaml', rateLimits: false }, { stdout: out.stream, stderr: err.stream });
    expect(code).toBe(1);
    expect(err.text()).toMatch(/^error: cannot read seed file \/nonexistent\/seed\.yaml: ENOENT\n$/);
    expect(out.text()).toBe('');
  });

  test('an invalid seed file: one-line error', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-cli-')), 'seed.yaml');
    writeFileSync(file, 'applications: [{ id: nope }]\n');
    const err = capture();
    expect(await runEmulator({ host: '127.0.0.1', seed: file, rateLimits: true }, { stdout: capture().stream, stderr: err.stream })).toBe(1);
    expect(err.text().trim().split('\n')).toHaveLength(1);
    expect(err.text()).toContain('applications[0].id');
  });

  test('a port in use: one-line error, exit 1', async () => {
    const busy = await startEmulator({ rateLimits: false });
    const port = Number(new URL(busy.url).port);
    const err = capture();
    const code = await runEmulator({ host: '127.0.0.1', port, rateLimits: false }, { stdout: capture().stream, stderr: err.stream });
    await busy.close();
    expect(code).toBe(1);
    expect(err.text()).toBe(`error: port ${port} on 127.0.0.1 is already in use\n`);
  });

  const CLI = resolve(__dirname, '../../dist/cli/commands/emulator.js');
  test.runIf(existsSync(CLI))('prints the URL and credentials, serves, and exits 0 on SIGTERM', async () => {
    const script = `
      const { runEmulator } = await import(${JSON.stringify(CLI)});
      process.exitCode = await runEmulator({ host: '127.0.0.1', port: 0, rateLimits: true }, { stdout: process.stdout, stderr: process.stderr });
    `;
    const proc = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stderr!.on('data', (c) => (err += c));
    await new Promise<void>((done) => proc.stdout!.on('data', (c) => {
      out += c;
      if (out.includes('Ctrl+C')) done();
    }));
    const url = /CMDSYNC_API_URL=(\S+)/.exec(out)![1]!;
    const token = /DISCORD_TOKEN=(\S+)/.exec(out)![1]!;
    const app = /DISCORD_APPLICATION_ID=(\d+)/.exec(out)![1]!;
    expect(out).toMatch(/DISCORD_CLIENT_SECRET=\S+/);
    expect(out).toMatch(/DISCORD_BEARER_TOKEN=\S+/);
    const control = /CMDSYNC_EMULATOR_CONTROL_TOKEN=(\S+)/.exec(out)![1]!;
    const faults = await request(url.replace('/api/v10', '/__emulator/faults'), { headers: { 'x-cmdsync-control': control } });
    expect(faults.statusCode).toBe(200);
    await faults.body.text();
    const res = await request(`${url}/applications/${app}/commands`, { headers: { authorization: `Bot ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeDefined();
    await res.body.text();
    proc.kill('SIGTERM');
    const code = await new Promise((r) => proc.once('exit', r));
    expect(code).toBe(0);
    expect(err).toBe('emulator stopped\n');
  });
});
