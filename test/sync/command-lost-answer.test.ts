/**
 * Every create the client sends must survive a lost answer: the client's own
 * retry, or the next apply, resends it, and the service must end up with one
 * command. Commands need no lock-file intent: POST is an upsert by (scope,
 * type, name) and a bulk overwrite replaces the whole list (spec, Endpoints).
 * Faults go through the emulator's control endpoint over real HTTP.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { planFromManifest } from '../../src/api/plan.js';
import { applyPlan } from '../../src/apply/execute.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import type { FaultRule } from '../../src/emulator/http/faults.js';
import { RestClient } from '../../src/remote/http/client.js';
import { listCommands } from '../../src/remote/commands.js';
import { setFaults, until } from '../helpers/faults.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const running: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  for (const r of running.splice(0).reverse()) await r.close();
});

async function setup(retries: number) {
  const emulator: RunningEmulator = await startEmulator({ seed: { applications: [{ id: APP }] }, rateLimits: false });
  running.push(emulator);
  const client = new RestClient({
    apiUrl: emulator.url,
    credentials: { botToken: emulator.credentials.botToken },
    backoffBaseMs: 5,
    timeoutMs: 300,
    retries,
  });
  running.push({ close: () => client.close() });
  const cwd = testdir();
  writeFileSync(
    join(cwd, 'cmdsync.yaml'),
    stringify({ application_id: APP, commands: [{ name: 'ping', description: 'Ping' }] }),
  );
  const plan = (strategy: 'individual' | 'bulk') =>
    planFromManifest({
      manifestPath: 'cmdsync.yaml',
      cwd,
      env: {},
      client,
      applicationId: APP,
      canEditPermissions: false,
      strategy,
    });
  const apply = async (strategy: 'individual' | 'bulk') => {
    const { plan: p } = await plan(strategy);
    return { plan: p, outcome: await applyPlan(p, client, { canEditPermissions: false }) };
  };
  const commands = () => listCommands(client, APP, { kind: 'global' });
  return { emulator, client, plan, apply, commands };
}

const LOST: Array<[string, FaultRule['kind'], string]> = [
  ['a command create (POST)', 'drop-after', 'individual'],
  ['a bulk overwrite (PUT)', 'drop-after', 'bulk'],
  ['a command create answered too late', 'slow', 'individual'],
  ['a bulk overwrite answered too late', 'slow', 'bulk'],
];

describe('a command write whose answer is lost', () => {
  for (const [what, kind, strategy] of LOST) {
    const method = strategy === 'bulk' ? 'PUT' : 'POST';
    const s = strategy as 'individual' | 'bulk';

    it(`${what}: the client's retry resends it, and there is exactly one command`, async () => {
      const t = await setup(3);
      await setFaults(t.emulator, [{ kind, method, path: '/applications/*/commands', times: 1, delayMs: 600 }]);
      const r = await t.apply(s);
      expect(r.plan.request_count).toBe(1);
      expect(r.outcome.failed).toBeUndefined();
      await new Promise((res) => setTimeout(res, kind === 'slow' ? 700 : 0));
      expect((await t.commands()).map((c) => c.name)).toEqual(['ping']);
      expect((await t.plan(s)).plan.request_count).toBe(0);
    });

    it(`${what}, and no retry left: the next apply finishes, exactly one command and an empty plan`, async () => {
      const t = await setup(0);
      await setFaults(t.emulator, [{ kind, method, path: '/applications/*/commands', times: 1, delayMs: 600 }]);
      const first = await t.apply(s);
      expect(first.outcome.failed).toBeDefined();
      await until(async () => (await t.commands()).length === 1, 5000, 'the write to land');
      const again = await t.apply(s);
      expect(again.outcome.failed).toBeUndefined();
      expect((await t.commands()).map((c) => c.name)).toEqual(['ping']);
      expect((await t.plan(s)).plan.request_count).toBe(0);
    });
  }
});
