/**
 * The client against the real local peer: cmdsync's own emulator, with its
 * rate-limit model switched on. Contract checks between the two halves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { RestClient, type ClientCredentials } from '../../src/remote/http/client.js';
import {
  bulkOverwriteCommands,
  createCommand,
  listCommands,
  setCommandPermissions,
  getCommandPermissions,
} from '../../src/remote/commands.js';
import { parseWebhookUrl } from '../../src/remote/webhook-url.js';
import { createWebhook, executeWebhook, getWebhookMessage } from '../../src/remote/webhooks.js';

const GUILDS = [
  '900000000000000001',
  '900000000000000002',
  '900000000000000003',
  '900000000000000004',
  '900000000000000005',
  '900000000000000006',
];
const CHANNEL = '910000000000000001';
let emulator: RunningEmulator;
const clients: RestClient[] = [];

beforeAll(async () => {
  emulator = await startEmulator({
    seed: {
      guilds: GUILDS.map((id, i) => ({
        id,
        name: `g${i}`,
        channels: i === 0 ? [{ id: CHANNEL, type: 0, name: 'general' }] : [],
      })),
    },
    rateLimits: { routes: { 'commands.bulk': { limit: 2, windowMs: 600 } } },
    latencyMs: 100,
  });
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await emulator.close();
});

function client(credentials: ClientCredentials): RestClient {
  const c = new RestClient({ apiUrl: emulator.url, credentials, backoffBaseMs: 20 });
  clients.push(c);
  return c;
}

describe('against the emulator', () => {
  it('bulk overwrites many guilds concurrently and paces one guild without a 429', async () => {
    const c = client({ botToken: emulator.credentials.botToken });
    const app = emulator.credentials.applicationId;
    const body = [{ name: 'ping', description: 'Ping', type: 1 }];
    // Sequential would take at least 6 × 100 ms of latency; per-guild queues run them side by side. Measured
    // against three one after the other in the same run, so a loaded machine slows both alike.
    const started = Date.now();
    await Promise.all(GUILDS.map((g) => bulkOverwriteCommands(c, app, { kind: 'guild', guildId: g }, body)));
    const concurrent = Date.now() - started;
    const inTurn = Date.now();
    for (const g of GUILDS.slice(3)) await bulkOverwriteCommands(c, app, { kind: 'guild', guildId: g }, body);
    expect(concurrent).toBeLessThan(Date.now() - inTurn);

    const one = Date.now();
    await Promise.all(
      [1, 2, 3, 4].map(() => bulkOverwriteCommands(c, app, { kind: 'guild', guildId: GUILDS[1] }, body)),
    );
    // 2 per 600 ms: the learned bucket makes the client wait rather than collect 429s.
    expect(Date.now() - one).toBeGreaterThanOrEqual(550);
    expect(c.stats.rateLimited).toBe(0);
    const listed = await listCommands(c, app, { kind: 'guild', guildId: GUILDS[1] });
    expect(listed.map((x) => x.name)).toEqual(['ping']);
  });

  it('authenticates with client credentials and edits permissions with the user bearer', async () => {
    const { applicationId: app, clientId, clientSecret, bearerToken } = emulator.credentials;
    const cc = client({ clientId, clientSecret, bearerToken });
    const { command } = await createCommand(
      cc,
      app,
      { kind: 'guild', guildId: GUILDS[2] },
      { name: 'secret', description: 'Hidden' },
    );
    expect(await getCommandPermissions(cc, app, GUILDS[2], command.id)).toBeNull();
    const set = await setCommandPermissions(cc, app, GUILDS[2], command.id, [
      { id: GUILDS[2], type: 1, permission: false },
    ]);
    expect(set.permissions).toEqual([{ id: GUILDS[2], type: 1, permission: false }]);
  });

  it('creates a webhook by id and executes it by URL without Authorization', async () => {
    const bot = client({ botToken: emulator.credentials.botToken });
    const hook = await createWebhook(bot, CHANNEL, { name: 'alerts' }, { reason: 'cmdsync test' });
    expect(hook.token).toBeTruthy();
    const anonymous = client({});
    const ref = parseWebhookUrl(`${emulator.url}/webhooks/${hook.id}/${hook.token}`);
    const message = await executeWebhook(anonymous, ref, { content: 'hello' }, { wait: true });
    expect(message?.content).toBe('hello');
    expect((await getWebhookMessage(anonymous, ref, message!.id)).id).toBe(message!.id);
  });
});
