import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { RestClient } from '../../src/remote/http/client.js';
import { listChannelWebhooks } from '../../src/remote/webhooks.js';
import { BIN, runBin } from '../helpers/cli.js';
import { listFaults, setFaults, until, type ControlledEmulator } from '../helpers/faults.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const GUILD = '600000000000000001';
const A = '610000000000000001';
const B = '610000000000000002';

const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

/**
 * `cmdsync apply` as a real process, killed with SIGKILL once the emulator has
 * received the webhook create (the create is held by a slow fault, so the
 * process dies with the request sent and its answer not yet back).
 */
async function applyKilledAfterCreateSent(
  cwd: string,
  env: Record<string, string>,
  emulator: ControlledEmulator,
): Promise<void> {
  const child = spawn(process.execPath, [BIN, 'apply', '--auto-approve'], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: 'ignore',
  });
  const exited = new Promise<NodeJS.Signals | null>((res) => child.on('exit', (_code, signal) => res(signal)));
  await until(
    async () => (await listFaults(emulator))[0].matched >= 1,
    10_000,
    'the webhook create to reach the emulator',
  );
  child.kill('SIGKILL');
  expect(await exited).toBe('SIGKILL');
}

async function setup() {
  const emulator: RunningEmulator = await startEmulator({
    port: 0,
    seed: {
      applications: [{ id: APP }],
      guilds: [
        {
          id: GUILD,
          channels: [
            { id: A, type: 0, name: 'a' },
            { id: B, type: 0, name: 'b' },
          ],
        },
      ],
    },
    rateLimits: false,
  });
  running.push(emulator);
  const client = new RestClient({ apiUrl: emulator.url, credentials: { botToken: emulator.credentials.botToken } });
  running.push({ close: () => client.close() });
  const cwd = testdir();
  const write = (channel: string) =>
    writeFileSync(
      join(cwd, 'cmdsync.yaml'),
      `application_id: "${APP}"\nwebhooks:\n  - { channel_id: "${channel}", name: Deploys, key: deploys }\n`,
    );
  const env = { DISCORD_TOKEN: emulator.credentials.botToken, CMDSYNC_API_URL: emulator.url };
  const ours = async () =>
    (await Promise.all([A, B].map((c) => listChannelWebhooks(client, c))))
      .flat()
      .filter((w) => w.application_id === APP);
  const lock = () => JSON.parse(readFileSync(join(cwd, 'cmdsync.lock.json'), 'utf8'));
  return { emulator, cwd, write, env, ours, lock };
}

describe('apply killed after a webhook create was sent', () => {
  it('the next apply adopts the webhook: exactly one, recorded in the lock file', async () => {
    const t = await setup();
    t.write(A);
    await setFaults(t.emulator, [
      { kind: 'slow', delayMs: 1500, method: 'POST', path: '/channels/*/webhooks', times: 1 },
    ]);
    await applyKilledAfterCreateSent(t.cwd, t.env, t.emulator);
    expect(t.lock().intents).toMatchObject([{ channel_id: A, name: 'Deploys', key: 'deploys' }]);
    // The service carries out what it received, whoever is left to read the answer.
    await until(async () => (await t.ours()).length === 1, 10_000, 'the create to land');

    const again = await runBin(['apply', '--auto-approve'], { cwd: t.cwd, env: t.env });
    expect(again.code).toBe(0);
    const hooks = await t.ours();
    expect(hooks).toHaveLength(1);
    expect(t.lock()).toEqual({ format_version: 1, webhooks: { [hooks[0].id]: { key: 'deploys' } } });
    const plan = await runBin(['plan', '--detailed-exitcode'], { cwd: t.cwd, env: t.env });
    expect(plan.code).toBe(0);
  });

  it("the next apply started while the killed one's create is still on the service: it waits for it and adopts it, no second create", async () => {
    const t = await setup();
    t.write(A);
    await setFaults(t.emulator, [
      { kind: 'slow', delayMs: 6000, method: 'POST', path: '/channels/*/webhooks', times: 1 },
    ]);
    await applyKilledAfterCreateSent(t.cwd, t.env, t.emulator);
    const again = await runBin(['apply', '--auto-approve'], { cwd: t.cwd, env: t.env });
    expect(again.code).toBe(0);
    const hooks = await t.ours();
    expect(hooks).toHaveLength(1);
    // One create reached the service in all: the killed apply's, adopted once it landed.
    expect((await listFaults(t.emulator))[0]).toMatchObject({ matched: 1, injected: 1 });
    expect(t.lock()).toEqual({ format_version: 1, webhooks: { [hooks[0].id]: { key: 'deploys' } } });
    expect((await runBin(['plan', '--detailed-exitcode'], { cwd: t.cwd, env: t.env })).code).toBe(0);
  });

  it('then the manifest moves the webhook: it is moved, not orphaned ("No changes" was the old answer)', async () => {
    const t = await setup();
    t.write(A);
    await setFaults(t.emulator, [
      { kind: 'slow', delayMs: 1500, method: 'POST', path: '/channels/*/webhooks', times: 1 },
    ]);
    await applyKilledAfterCreateSent(t.cwd, t.env, t.emulator);
    await until(async () => (await t.ours()).length === 1, 10_000, 'the create to land');
    const [orphan] = await t.ours();

    t.write(B);
    const plan = await runBin(['plan', '--detailed-exitcode'], { cwd: t.cwd, env: t.env });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('webhook/deploys will be updated');
    const again = await runBin(['apply', '--auto-approve'], { cwd: t.cwd, env: t.env });
    expect(again.code).toBe(0);
    expect((await t.ours()).map((w) => [w.id, w.channel_id])).toEqual([[orphan.id, B]]);
    expect((await runBin(['plan', '--detailed-exitcode'], { cwd: t.cwd, env: t.env })).code).toBe(0);
  });
});
