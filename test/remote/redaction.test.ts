import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { RestClient } from '../../src/remote/http/client.js';
import { executeWebhook } from '../../src/remote/webhooks.js';
import {
  BOT_TOKEN,
  json,
  rejectionOf,
  startServer,
  USER_BEARER,
  WEBHOOK_TOKEN,
  type TestServer,
} from './helpers/server.js';

let server: TestServer | undefined;
let client: RestClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

const SECRETS = [BOT_TOKEN, WEBHOOK_TOKEN, USER_BEARER];

function expectClean(text: string): void {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
}

function expectErrorClean(error: Error): void {
  expectClean(error.message);
  expectClean(String(error));
  expectClean(inspect(error, { depth: 5 }));
  expectClean(JSON.stringify(error));
}

describe('secrets never reach errors or debug output', () => {
  it('redacts a token the service echoes, in the error and in debug lines', async () => {
    server = await startServer((req, res) =>
      json(res, 401, {
        message: `Invalid token ${req.headers.authorization} for ${req.path}`,
        code: 50014,
        errors: { token: { _errors: [{ code: 'X', message: BOT_TOKEN }] } },
      }),
    );
    const lines: string[] = [];
    client = new RestClient({
      apiUrl: server.base,
      credentials: { botToken: BOT_TOKEN, bearerToken: USER_BEARER },
      onDebug: (l) => lines.push(l),
    });
    const error = await rejectionOf(client.request({ method: 'GET', path: '/applications/1/commands' }));
    expect(error.code).toBe('DISCORD_API_ERROR');
    expect(error.message).toContain('[REDACTED]');
    expectErrorClean(error);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).toContain('auth=Bot [REDACTED]');
    expectClean(lines.join('\n'));

    const perm = await rejectionOf(
      client.request({
        method: 'PUT',
        path: '/applications/1/guilds/2/commands/3/permissions',
        body: { permissions: [] },
      }),
    );
    expectErrorClean(perm);
  });

  it('redacts webhook tokens in URLs of API, HTTP, network and timeout errors', async () => {
    server = await startServer((_req, res, i) => {
      if (i === 0) return json(res, 404, { message: 'Unknown Webhook', code: 10015 });
      if (i === 1) {
        res.writeHead(502, { 'content-type': 'text/plain' });
        return res.end(`bad gateway for /webhooks/42/${WEBHOOK_TOKEN}`);
      }
      res.socket?.destroy();
    });
    const lines: string[] = [];
    client = new RestClient({ apiUrl: server.base, retries: 0, timeoutMs: 2000, onDebug: (l) => lines.push(l) });
    const ref = { id: '42', token: WEBHOOK_TOKEN };
    const errors = [
      await rejectionOf(executeWebhook(client, ref, { content: 'x' })),
      await rejectionOf(executeWebhook(client, ref, { content: 'x' })),
      await rejectionOf(executeWebhook(client, ref, { content: 'x' })),
    ];
    expect(errors.map((e) => e.code)).toEqual(['DISCORD_API_ERROR', 'HTTP_ERROR', 'NETWORK_ERROR']);
    for (const error of errors) {
      expect(error.message).toContain('/webhooks/42/[REDACTED]');
      expectErrorClean(error);
    }
    expectClean(lines.join('\n'));
    expect(lines.join('\n')).toContain('auth=none');

    const timeoutServer = await startServer(() => undefined);
    const slow = new RestClient({ apiUrl: timeoutServer.base, retries: 0, timeoutMs: 80 });
    const timeout = await rejectionOf(executeWebhook(slow, ref, { content: 'x' }));
    expect(timeout.code).toBe('TIMEOUT');
    expectErrorClean(timeout);
    await slow.close();
    await timeoutServer.close();
  });

  it('a missing-bearer error names the variable and holds no token', async () => {
    client = new RestClient({ apiUrl: 'http://127.0.0.1:9/api/v10', credentials: { botToken: BOT_TOKEN } });
    const error = await rejectionOf(
      client.request({
        method: 'PUT',
        path: '/applications/1/guilds/2/commands/3/permissions',
        body: { permissions: [] },
      }),
    );
    expect(error.code).toBe('BEARER_TOKEN_REQUIRED');
    expect(error.variables).toEqual(['DISCORD_BEARER_TOKEN']);
    expectErrorClean(error);
  });
});
