import { afterEach, describe, expect, it } from 'vitest';
import { RestClient } from '../../src/remote/http/client.js';
import {
  bulkOverwriteCommands,
  createCommand,
  getCommandPermissions,
  listCommands,
  setCommandPermissions,
} from '../../src/remote/commands.js';
import { CredentialsError } from '../../src/config/errors.js';
import { DiscordAPIError, HTTPError } from '../../src/remote/errors.js';
import { fetchRemoteScopes } from '../../src/remote/read/fetch-scope.js';
import * as remote from '../../src/remote/index.js';
import { parseWebhookUrl } from '../../src/remote/webhook-url.js';
import {
  createWebhook,
  deleteWebhook,
  deleteWebhookMessage,
  executeGitHubWebhook,
  executeSlackWebhook,
  executeWebhook,
  getWebhookWithToken,
} from '../../src/remote/webhooks.js';
import {
  BOT_TOKEN,
  json,
  noContent,
  rejectionOf,
  startServer,
  USER_BEARER,
  WEBHOOK_TOKEN,
  type TestServer,
} from './helpers/server.js';

const APP = '111111111111111111';
const GUILD = '222222222222222222';
let server: TestServer | undefined;
let client: RestClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

describe('RestClient basics (real HTTP)', () => {
  it('sends the bot token, the user agent, and with_localizations; parses JSON', async () => {
    server = await startServer((_req, res) => json(res, 200, [{ id: '1', name: 'ping' }]));
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    const commands = await listCommands(client, APP, { kind: 'guild', guildId: GUILD });
    expect(commands).toEqual([{ id: '1', name: 'ping' }]);
    const [req] = server.seen;
    expect(req.method).toBe('GET');
    expect(req.path).toBe(`/applications/${APP}/guilds/${GUILD}/commands?with_localizations=true`);
    expect(req.headers.authorization).toBe(`Bot ${BOT_TOKEN}`);
    expect(req.headers['user-agent']).toMatch(
      /^DiscordBot \(https:\/\/github\.com\/cmdsync\/cmdsync, \d+\.\d+\.\d+.*\)$/,
    );
  });

  it('tells a created command (201) from an overwritten one (200), and sends JSON', async () => {
    server = await startServer((req, res, i) =>
      json(res, i === 0 ? 201 : 200, { id: '5', ...JSON.parse(req.body.toString()) }),
    );
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    const first = await createCommand(client, APP, { kind: 'global' }, { name: 'ping', description: 'Ping' });
    const second = await createCommand(client, APP, { kind: 'global' }, { name: 'ping', description: 'Ping' });
    expect(first.created).toBe(true);
    expect(second.created).toBe(false);
    expect(first.command.name).toBe('ping');
    expect(server.seen[0].headers['content-type']).toBe('application/json');
  });

  it('maps 404 10066 on single-command permissions to null', async () => {
    server = await startServer((_req, res) =>
      json(res, 404, { message: 'Unknown application command permissions', code: 10066 }),
    );
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    expect(await getCommandPermissions(client, APP, GUILD, '333')).toBeNull();
  });

  it('edits permissions with the user bearer, not the bot token', async () => {
    server = await startServer((req, res) =>
      json(res, 200, { id: '333', application_id: APP, guild_id: GUILD, ...JSON.parse(req.body.toString()) }),
    );
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN, bearerToken: USER_BEARER } });
    await setCommandPermissions(client, APP, GUILD, '333', [{ id: GUILD, type: 1, permission: false }]);
    expect(server.seen[0].headers.authorization).toBe(`Bearer ${USER_BEARER}`);
    // Even a request that asks for app auth on this route goes with the user bearer.
    await client.request({
      method: 'PUT',
      path: `/applications/${APP}/guilds/${GUILD}/commands/333/permissions`,
      body: { permissions: [] },
      auth: 'app',
    });
    expect(server.seen[1].headers.authorization).toBe(`Bearer ${USER_BEARER}`);
  });

  it('fails a permission edit before sending when only a bot token is set', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    const error = await rejectionOf(setCommandPermissions(client, APP, GUILD, '333', []));
    expect(error).toBeInstanceOf(CredentialsError);
    expect(error.code).toBe('BEARER_TOKEN_REQUIRED');
    expect(error.message).toContain('DISCORD_BEARER_TOKEN');
    expect(server.seen).toHaveLength(0);
  });

  it('fails an app request before sending when no credentials are set', async () => {
    server = await startServer((_req, res) => json(res, 200, {}));
    client = new RestClient({ apiUrl: server.base });
    const error = await rejectionOf(listCommands(client, APP, { kind: 'global' }));
    expect(error.code).toBe('CREDENTIALS_MISSING');
    expect(server.seen).toHaveLength(0);
  });

  it('sends webhook-token requests without Authorization, even with a bot token set', async () => {
    server = await startServer((req, res) => {
      if (req.method === 'DELETE') return noContent(res);
      if (req.path.includes('/slack')) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('ok');
      }
      if (req.path.includes('/github')) return noContent(res);
      return json(res, 200, { id: '9', type: 1, name: 'hook' });
    });
    client = new RestClient({ apiUrl: 'http://127.0.0.1:1/api/v10', credentials: { botToken: BOT_TOKEN } });
    const ref = parseWebhookUrl(`${server.base}/webhooks/42/${WEBHOOK_TOKEN}`);
    await getWebhookWithToken(client, ref);
    expect(await executeSlackWebhook(client, ref, { text: 'hi' })).toBe('ok');
    await executeGitHubWebhook(client, ref, 'push', { ref: 'refs/heads/main' });
    await deleteWebhookMessage(client, ref, '77', { threadId: '88' });
    await client.request({
      method: 'GET',
      path: `/webhooks/42/${WEBHOOK_TOKEN}`,
      baseUrl: ref.baseUrl,
      auth: 'app',
      headers: { Authorization: 'Bot sneaky' },
    });
    expect(server.seen.map((r) => r.headers.authorization)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(server.seen[2].headers['x-github-event']).toBe('push');
    expect(server.seen[3].path).toBe(`/webhooks/42/${WEBHOOK_TOKEN}/messages/77?thread_id=88`);
  });

  it('executes with wait/thread_id/with_components, as JSON or multipart', async () => {
    server = await startServer((req, res) =>
      json(res, 200, { id: 'm1', content: 'x', type: 0, ct: req.headers['content-type'] }),
    );
    client = new RestClient({ apiUrl: server.base });
    const ref = { id: '42', token: WEBHOOK_TOKEN };
    const message = await executeWebhook(
      client,
      ref,
      { content: 'hello' },
      { wait: true, threadId: '5', withComponents: true },
    );
    expect(message?.id).toBe('m1');
    expect(server.seen[0].path).toBe(`/webhooks/42/${WEBHOOK_TOKEN}?wait=true&thread_id=5&with_components=true`);
    expect(JSON.parse(server.seen[0].body.toString())).toEqual({ content: 'hello' });

    await executeWebhook(
      client,
      ref,
      { content: 'with file' },
      { files: [{ name: 'a.txt', data: 'file-body', contentType: 'text/plain' }] },
    );
    const multipart = server.seen[1];
    expect(multipart.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const text = multipart.body.toString();
    expect(text).toContain('name="payload_json"');
    expect(text).toContain('{"content":"with file"}');
    expect(text).toContain('name="files[0]"; filename="a.txt"');
    expect(text).toContain('file-body');
  });

  it('sends X-Audit-Log-Reason URL-encoded on webhook management', async () => {
    server = await startServer((req, res) => (req.method === 'DELETE' ? noContent(res) : json(res, 200, { id: '9' })));
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    await createWebhook(client, '500', { name: 'alerts' }, { reason: 'cmdsync apply: créé' });
    await deleteWebhook(client, '9', { reason: 'bye now' });
    expect(server.seen[0].headers['x-audit-log-reason']).toBe('cmdsync%20apply%3A%20cr%C3%A9%C3%A9');
    expect(server.seen[1].headers['x-audit-log-reason']).toBe('bye%20now');
    expect(server.seen[0].headers.authorization).toBe(`Bot ${BOT_TOKEN}`);
  });

  it('turns a 50035 body into DiscordAPIError with field errors, without retrying', async () => {
    const body = {
      code: 50035,
      message: 'Invalid Form Body',
      errors: {
        '1': {
          name: { _errors: [{ code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' }] },
        },
      },
    };
    server = await startServer((_req, res) => json(res, 400, body));
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    const error = await rejectionOf(
      bulkOverwriteCommands(client, APP, { kind: 'global' }, [
        { name: 'ok', description: 'd' },
        { name: 'bad name', description: 'd' },
      ]),
    );
    expect(error).toBeInstanceOf(DiscordAPIError);
    const api = error as unknown as DiscordAPIError;
    expect(api.status).toBe(400);
    expect(api.apiCode).toBe(50035);
    expect(api.method).toBe('PUT');
    expect(api.fieldErrors).toEqual([
      { path: [1, 'name'], code: 'STRING_TYPE_REGEX', message: 'String value did not match validation regex.' },
    ]);
    expect(api.message).toContain('[1].name[STRING_TYPE_REGEX]: String value did not match validation regex.');
    expect(api.rawError).toEqual(body);
    expect(server.seen).toHaveLength(1);
  });

  it('turns a non-JSON failure into HTTPError', async () => {
    server = await startServer((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>nope</html>');
    });
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    const error = await rejectionOf(client.request({ method: 'GET', path: '/guilds/1/webhooks' }));
    expect(error).toBeInstanceOf(HTTPError);
    expect(error.code).toBe('HTTP_ERROR');
    expect(error.status).toBe(404);
    expect(error.message).toContain('404 Not Found: <html>nope</html>');
  });

  it('fetches each scope once: commands, and permissions for guilds', async () => {
    server = await startServer((req, res) => {
      if (req.path.endsWith('/commands/permissions'))
        return json(res, 200, [{ id: '9', application_id: APP, guild_id: GUILD, permissions: [] }]);
      json(res, 200, [{ id: req.path.includes('guilds') ? 'g' : 'G' }]);
    });
    client = new RestClient({ apiUrl: server.base, credentials: { botToken: BOT_TOKEN } });
    const scopes = await fetchRemoteScopes(client, APP, [{ kind: 'global' }, { kind: 'guild', guildId: GUILD }]);
    expect(scopes).toEqual([
      { scope: { kind: 'global' }, commands: [{ id: 'G' }] },
      {
        scope: { kind: 'guild', guildId: GUILD },
        commands: [{ id: 'g' }],
        permissions: [{ id: '9', application_id: APP, guild_id: GUILD, permissions: [] }],
      },
    ]);
    expect(server.seen.map((r) => r.path).sort()).toEqual([
      `/applications/${APP}/commands?with_localizations=true`,
      `/applications/${APP}/guilds/${GUILD}/commands/permissions`,
      `/applications/${APP}/guilds/${GUILD}/commands?with_localizations=true`,
    ]);
  });

  it('createClient takes the API URL from loaded credentials unless overridden', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    client = remote.createClient({ botToken: BOT_TOKEN, apiUrl: server.base });
    expect(client.apiUrl).toBe(server.base);
    await listCommands(client, APP, { kind: 'global' });
    expect(server.seen).toHaveLength(1);
    const other = remote.createClient(
      { botToken: BOT_TOKEN, apiUrl: server.base },
      { apiUrl: 'http://127.0.0.1:1/api/v10/' },
    );
    expect(other.apiUrl).toBe('http://127.0.0.1:1/api/v10');
    await other.close();
  });

  it('the index exports the public API', () => {
    for (const name of [
      'RestClient',
      'createClient',
      'loadCredentials',
      'parseWebhookUrl',
      'maskSecretForActions',
      'DiscordAPIError',
      'listCommands',
      'executeWebhook',
      'fetchRemoteScopes',
    ]) {
      expect(typeof (remote as Record<string, unknown>)[name], name).toBe('function');
    }
  });
});
