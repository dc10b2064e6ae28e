import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { request } from 'undici';
import { describe, expect, test } from 'vitest';
import { runEmulator } from '../../src/cli/commands/emulator.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runBin, STACK, spawnEmulatorCli } from '../helpers/cli.js';
import { call } from './helpers.js';

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
    const code = await runEmulator(
      { host: '127.0.0.1', port: 0, seed: '/nonexistent/seed.yaml', rateLimits: false },
      { stdout: out.stream, stderr: err.stream },
    );
    expect(code).toBe(1);
    expect(err.text()).toMatch(/^error: cannot read seed file \/nonexistent\/seed\.yaml: ENOENT\n$/);
    expect(out.text()).toBe('');
  });

  test('an invalid seed file: one-line error', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'cmdsync-cli-')), 'seed.yaml');
    writeFileSync(file, 'applications: [{ id: nope }]\n');
    const err = capture();
    expect(
      await runEmulator(
        { host: '127.0.0.1', seed: file, rateLimits: true },
        { stdout: capture().stream, stderr: err.stream },
      ),
    ).toBe(1);
    expect(err.text().trim().split('\n')).toHaveLength(1);
    expect(err.text()).toContain('applications[0].id');
  });

  test('a port in use: one-line error, exit 1', async () => {
    const busy = await startEmulator({ rateLimits: false });
    const port = Number(new URL(busy.url).port);
    const err = capture();
    const code = await runEmulator(
      { host: '127.0.0.1', port, rateLimits: false },
      { stdout: capture().stream, stderr: err.stream },
    );
    await busy.close();
    expect(code).toBe(1);
    expect(err.text()).toBe(`error: port ${port} on 127.0.0.1 is already in use\n`);
  });

  const CLI = resolve(__dirname, '../../dist/cli/commands/emulator.js');
  test('prints the URL and credentials, serves, and exits 0 on SIGTERM', async () => {
    const script = `
      const { runEmulator } = await import(${JSON.stringify(CLI)});
      process.exitCode = await runEmulator({ host: '127.0.0.1', port: 0, rateLimits: true }, { stdout: process.stdout, stderr: process.stderr });
    `;
    const proc = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    proc.stderr!.on('data', (c) => (err += c));
    await new Promise<void>((done) =>
      proc.stdout!.on('data', (c) => {
        out += c;
        if (out.includes('Ctrl+C')) done();
      }),
    );
    const url = /CMDSYNC_API_URL=(\S+)/.exec(out)![1]!;
    const token = /DISCORD_TOKEN=(\S+)/.exec(out)![1]!;
    const app = /DISCORD_APPLICATION_ID=(\d+)/.exec(out)![1]!;
    expect(out).toMatch(/DISCORD_CLIENT_SECRET=\S+/);
    expect(out).toMatch(/DISCORD_BEARER_TOKEN=\S+/);
    const gatewayUrl = /# gateway: (ws:\/\/\S+)/.exec(out)![1]!;
    expect(gatewayUrl).toBe(url.replace(/^http/, 'ws').replace(/\/api\/v10$/, ''));
    const control = /CMDSYNC_EMULATOR_CONTROL_TOKEN=(\S+)/.exec(out)![1]!;
    const faults = await request(url.replace('/api/v10', '/__emulator/faults'), {
      headers: { 'x-cmdsync-control': control },
    });
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

describe('cmdsync emulator --max-messages-per-channel (the built binary)', () => {
  test('keeps the newest N messages per channel: the older one answers 10008', async () => {
    const seedFile = join(mkdtempSync(join(tmpdir(), 'cmdsync-cli-')), 'seed.yaml');
    writeFileSync(
      seedFile,
      'guilds:\n  - id: "2000000000000000001"\n    channels: [{ id: "3000000000000000001", type: 0, name: general }]\n',
    );
    const { proc, out } = await spawnEmulatorCli([
      '--port',
      '0',
      '--no-rate-limits',
      '--seed',
      seedFile,
      '--max-messages-per-channel',
      '1',
    ]);
    try {
      const em = { url: /CMDSYNC_API_URL=(\S+)/.exec(out)![1]! } as RunningEmulator;
      const token = /DISCORD_TOKEN=(\S+)/.exec(out)![1]!;
      const hook = await call(em, 'POST', '/channels/3000000000000000001/webhooks', {
        auth: `Bot ${token}`,
        body: { name: 'cap' },
      });
      expect(hook.status).toBe(200);
      const ids: string[] = [];
      for (const content of ['old', 'new'])
        ids.push(
          (await call(em, 'POST', `/webhooks/${hook.body.id}/${hook.body.token}?wait=true`, { body: { content } })).body
            .id,
        );
      const codes = [];
      for (const id of ids)
        codes.push(
          (await call(em, 'GET', `/webhooks/${hook.body.id}/${hook.body.token}/messages/${id}`)).body.code ?? 200,
        );
      expect(codes).toEqual([10008, 200]);
    } finally {
      proc.kill('SIGTERM');
    }
  });

  test('a value that is not a whole number is a usage error: one line, exit 1 (the usage exit outside lint), no stack', async () => {
    const r = await runBin(['emulator', '--max-messages-per-channel', 'lots'], { cwd: tmpdir() });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--max-messages-per-channel takes a whole number ≥ 0 (0 = no cap), not "lots"');
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stdout).toBe('');
  });
});

describe('cmdsync emulator: the web view (the built binary)', () => {
  test('prints the web view URL, and the built page is served there, with everything it loads', async () => {
    const { proc, out } = await spawnEmulatorCli(['--port', '0', '--no-rate-limits']);
    try {
      const viewUrl = /^web view: (http:\/\/127\.0\.0\.1:\d+\/) /m.exec(out)?.[1];
      expect(viewUrl, out).toBeDefined();
      expect(viewUrl).toBe(/CMDSYNC_API_URL=(\S+)/.exec(out)![1]!.replace(/api\/v10$/, ''));
      const page = await request(viewUrl!);
      const html = await page.body.text();
      expect(page.statusCode).toBe(200);
      expect(html).toContain(`content="${/CMDSYNC_EMULATOR_CONTROL_TOKEN=(\S+)/.exec(out)![1]}"`);
      // Every script and stylesheet the page names is served by the emulator itself.
      const assets = [...html.matchAll(/(?:src|href)="(\/__view\/[^"]+)"/g)].map((m) => m[1]!);
      expect(assets.length).toBeGreaterThanOrEqual(2);
      for (const a of assets) {
        const r = await request(new URL(a, viewUrl).href);
        expect(r.statusCode, a).toBe(200);
        expect((await r.body.arrayBuffer()).byteLength, a).toBeGreaterThan(100);
      }
      expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    } finally {
      proc.kill('SIGTERM');
    }
  });
});
