import { afterEach, describe, expect, it } from 'vitest';
import { RestClient } from '../../src/remote/http/client.js';
import { listCommands } from '../../src/remote/commands.js';
import { OAuth2Error } from '../../src/remote/errors.js';
import { CLIENT_SECRET, json, rejectionOf, startServer, type TestServer } from './helpers/server.js';

const APP = '111111111111111111';
let server: TestServer | undefined;
let client: RestClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = server = undefined;
});

describe('client credentials', () => {
  it('exchanges id and secret once for a bearer, then uses it', async () => {
    let issued = 0;
    server = await startServer((req, res) => {
      if (req.path === '/oauth2/token') {
        issued++;
        return json(res, 200, {
          access_token: `derivedBearer${issued}XYZ123`,
          token_type: 'Bearer',
          expires_in: 604800,
          scope: 'applications.commands.update',
        });
      }
      json(res, 200, []);
    });
    const secrets: string[] = [];
    const lines: string[] = [];
    client = new RestClient({
      apiUrl: server.base,
      credentials: { clientId: APP, clientSecret: CLIENT_SECRET },
      onSecret: (s) => secrets.push(s),
      onDebug: (l) => lines.push(l),
    });
    expect(client.appAuth).toBe('client-credentials');
    await Promise.all([1, 2, 3].map((g) => listCommands(client!, APP, { kind: 'guild', guildId: String(g) })));
    await listCommands(client, APP, { kind: 'global' });

    const token = server.seen.filter((r) => r.path === '/oauth2/token');
    expect(token).toHaveLength(1);
    expect(token[0].method).toBe('POST');
    expect(token[0].headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(token[0].headers.authorization).toBe(`Basic ${Buffer.from(`${APP}:${CLIENT_SECRET}`).toString('base64')}`);
    const form = new URLSearchParams(token[0].body.toString());
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('scope')).toBe('applications.commands.update');

    const api = server.seen.filter((r) => r.path !== '/oauth2/token');
    expect(api).toHaveLength(4);
    for (const req of api) expect(req.headers.authorization).toBe('Bearer derivedBearer1XYZ123');
    expect(secrets).toEqual(['derivedBearer1XYZ123']);
    const all = lines.join('\n');
    expect(all).toContain('client credentials exchanged');
    expect(all).not.toContain('derivedBearer1XYZ123');
    expect(all).not.toContain(CLIENT_SECRET);
    expect(all).not.toContain(Buffer.from(`${APP}:${CLIENT_SECRET}`).toString('base64'));
  });

  it('exchanges again once when the bearer is refused', async () => {
    let issued = 0;
    server = await startServer((req, res) => {
      if (req.path === '/oauth2/token')
        return json(res, 200, { access_token: `bearerNumber${++issued}abc`, token_type: 'Bearer', expires_in: 604800 });
      if (req.headers.authorization === 'Bearer bearerNumber1abc')
        return json(res, 401, { message: '401: Unauthorized', code: 0 });
      json(res, 200, []);
    });
    client = new RestClient({ apiUrl: server.base, credentials: { clientId: APP, clientSecret: CLIENT_SECRET } });
    expect(await listCommands(client, APP, { kind: 'global' })).toEqual([]);
    expect(issued).toBe(2);
  });

  it('a refused exchange is an OAuth2Error that does not show the secret', async () => {
    server = await startServer((_req, res) =>
      json(res, 401, { error: 'invalid_client', error_description: `bad secret ${CLIENT_SECRET}` }),
    );
    client = new RestClient({ apiUrl: server.base, credentials: { clientId: APP, clientSecret: CLIENT_SECRET } });
    const error = await rejectionOf(listCommands(client, APP, { kind: 'global' }));
    expect(error).toBeInstanceOf(OAuth2Error);
    expect(error).toMatchObject({ code: 'OAUTH2_FAILED', status: 401, error: 'invalid_client' });
    expect(String(error)).not.toContain(CLIENT_SECRET);
    expect(error.message).toContain('DISCORD_CLIENT_SECRET');
    expect(server.seen).toHaveLength(1);
  });

  it('prefers the bot token when both are set', async () => {
    server = await startServer((_req, res) => json(res, 200, []));
    client = new RestClient({
      apiUrl: server.base,
      credentials: { botToken: 'botTokenValue123456', clientId: APP, clientSecret: CLIENT_SECRET },
    });
    await listCommands(client, APP, { kind: 'global' });
    expect(server.seen.map((r) => r.path)).not.toContain('/oauth2/token');
    expect(server.seen[0].headers.authorization).toBe('Bot botTokenValue123456');
  });
});
