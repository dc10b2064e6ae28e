/**
 * What real client libraries send and expect (issue 15, "What real clients
 * need"), driven over loopback HTTP exactly as those clients do: raw JSON
 * text with snowflakes as numbers (discord.py), multipart token requests
 * (oceanic.js), identity endpoints at login (discord.py, discord.js,
 * oceanic.js), the `Via` header discord.py reads on a 429, and /api/v9.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { Client, IDS, seed } from './webhooks-setup.js';

let emu: RunningEmulator;
let client: Client;

beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    rateLimits: false,
    seed: {
      ...seed,
      applications: [{ ...seed.applications![0]!, client_secret: 'main-secret' }, seed.applications![1]!],
    },
  });
  client = new Client(emu);
});
afterAll(() => emu.close());

/** A request whose body is sent as the exact text given (numbers as the client wrote them). */
async function rawJson(
  method: 'POST' | 'PATCH' | 'PUT',
  path: string,
  text: string,
  auth: string | null = client.botAuth,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth) headers.authorization = auth;
  const res = await request(`${emu.url}${path}`, { method, headers, body: text });
  const body = await res.body.text();
  return { status: res.statusCode, headers: res.headers, body: body ? JSON.parse(body) : undefined };
}

async function form(method: 'POST' | 'PATCH', path: string, f: FormData, headers: Record<string, string> = {}) {
  const r = new Request('http://x', { method: 'POST', body: f });
  const res = await request(`${emu.url}${path}`, {
    method,
    headers: { ...headers, 'content-type': r.headers.get('content-type')! },
    body: Buffer.from(await r.arrayBuffer()),
  });
  const text = await res.body.text();
  return { status: res.statusCode, body: text ? JSON.parse(text) : undefined };
}

describe('snowflakes sent as JSON numbers keep every digit (discord.py)', () => {
  it('a webhook moved by a numeric channel_id lands in that channel', async () => {
    const hook = await client.create(IDS.text, 'mover');
    const r = await rawJson('PATCH', `/webhooks/${hook.id}`, `{"channel_id": ${IDS.otherText}}`);
    expect(r.status).toBe(200);
    expect(r.body.channel_id).toBe(IDS.otherText);
  });

  it('an edit that keeps an attachment by numeric id keeps it (payload_json)', async () => {
    const hook = await client.create(IDS.text, 'files');
    const f = new FormData();
    f.append('payload_json', JSON.stringify({ content: 'with a file' }));
    f.append('files[0]', new Blob([Buffer.from('hello')]), 'a.txt');
    const sent = await form('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, f);
    expect(sent.status).toBe(200);
    const attachmentId: string = sent.body.attachments[0].id;
    const edit = new FormData();
    edit.append('payload_json', `{"content":"edited","attachments":[{"id":${attachmentId}}]}`);
    const edited = await form('PATCH', `/webhooks/${hook.id}/${hook.token}/messages/${sent.body.id}`, edit);
    expect(edited.status).toBe(200);
    expect(edited.body.attachments.map((a: { id: string }) => a.id)).toEqual([attachmentId]);
  });

  it('allowed_mentions.users as numbers still lets the listed user be mentioned', async () => {
    const hook = await client.create(IDS.text, 'mentions');
    const r = await rawJson(
      'POST',
      `/webhooks/${hook.id}/${hook.token}?wait=true`,
      `{"content":"<@${IDS.member}>","allowed_mentions":{"parse":[],"users":[${IDS.member}]}}`,
      null,
    );
    expect(r.status).toBe(200);
    expect(r.body.mentions.map((m: { id: string }) => m.id)).toEqual([IDS.member]);
  });

  it('a permission entry id sent as a number is the id that was sent', async () => {
    const cmd = await rawJson(
      'POST',
      `/applications/${IDS.app}/guilds/${IDS.guild}/commands`,
      '{"name":"perm","description":"d"}',
    );
    expect(cmd.status).toBe(201);
    const put = await rawJson(
      'PUT',
      `/applications/${IDS.app}/guilds/${IDS.guild}/commands/${cmd.body.id}/permissions`,
      `{"permissions":[{"id":${IDS.role},"type":1,"permission":true}]}`,
      `Bearer ${emu.credentials.bearerToken}`,
    );
    expect(put.status).toBe(200);
    expect(put.body.permissions[0].id).toBe(IDS.role);
  });

  it('small integers and non-integers are still numbers', async () => {
    const r = await rawJson(
      'POST',
      `/applications/${IDS.app}/commands`,
      '{"name":"nums","description":"d","options":[{"type":10,"name":"n","description":"d","min_value":-9007199254740991,"max_value":2.5}]}',
    );
    expect(r.status).toBe(201);
    expect(r.body.options[0].min_value).toBe(-9007199254740991);
    expect(r.body.options[0].max_value).toBe(2.5);
  });
});

describe('Via: 1.1 google on every response', () => {
  it('is on success, errors and 404s', async () => {
    for (const r of [
      await client.call('GET', `/applications/${IDS.app}/commands`),
      await client.call('GET', '/nowhere'),
      await client.call('GET', `/applications/${IDS.app}/commands`, { auth: 'Bot wrong' }),
    ]) {
      expect(r.headers.via).toBe('1.1 google');
    }
  });

  it('is on a 429', async () => {
    const limited = await startEmulator({ port: 0, faults: [{ kind: 'rate-limit', retryAfter: 0.5 }] });
    try {
      const res = await request(`${limited.url}/applications/${limited.credentials.applicationId}/commands`, {
        headers: { authorization: `Bot ${limited.credentials.botToken}` },
      });
      await res.body.text();
      expect(res.statusCode).toBe(429);
      expect(res.headers.via).toBe('1.1 google');
    } finally {
      await limited.close();
    }
  });
});

describe('identity endpoints', () => {
  it('GET /users/@me is the bot user', async () => {
    const r = await client.call('GET', '/users/@me');
    expect(r.status).toBe(200);
    const app = emu.world.applications[IDS.app]!;
    expect(r.body).toMatchObject({
      id: app.botUserId,
      username: 'Main App',
      bot: true,
      avatar: null,
      global_name: null,
    });
    expect(typeof r.body.discriminator).toBe('string');
    expect((await client.call('GET', '/users/@me', { auth: null })).status).toBe(401);
    // @discordjs/core sends the segment percent-encoded; a path is compared decoded, as the service does.
    expect((await client.call('GET', '/users/%40me')).body.id).toBe(app.botUserId);
  });

  it('GET /applications/@me and /oauth2/applications/@me describe the application', async () => {
    for (const path of ['/applications/@me', '/oauth2/applications/@me']) {
      const r = await client.call('GET', path);
      expect(r.status).toBe(200);
      expect(r.body).toMatchObject({
        id: IDS.app,
        name: 'Main App',
        bot_public: true,
        bot_require_code_grant: false,
        description: '',
        flags: expect.any(Number),
        integration_types_config: { '0': {} },
        bot: { id: emu.world.applications[IDS.app]!.botUserId, bot: true },
      });
      expect(r.body.verify_key).toMatch(/^[0-9a-f]{64}$/);
      expect(r.body.owner).toMatchObject({ id: expect.any(String) });
    }
  });

  it('PATCH /applications/@me changes the modelled fields, and the app default of integration_types with them', async () => {
    const r = await client.call('PATCH', '/applications/@me', {
      body: {
        description: 'A bot',
        tags: ['tools'],
        interactions_endpoint_url: null,
        install_params: { scopes: ['applications.commands', 'bot'], permissions: '536870912' },
        integration_types_config: { '0': {}, '1': {} },
      },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      description: 'A bot',
      tags: ['tools'],
      install_params: { scopes: ['applications.commands', 'bot'], permissions: '536870912' },
      integration_types_config: { '0': {}, '1': {} },
    });
    const cmd = await client.call('POST', `/applications/${IDS.app}/commands`, {
      body: { name: 'both', description: 'd' },
    });
    expect(cmd.body.integration_types).toEqual([0, 1]);
    expect((await client.call('GET', '/applications/@me')).body.description).toBe('A bot');
  });

  it('PATCH /applications/@me refuses a field of the wrong type at that field', async () => {
    const r = await client.call('PATCH', '/applications/@me', { body: { description: 5 } });
    expect(r.status).toBe(400);
    expect(r.body.errors.description._errors[0].code).toBe('BASE_TYPE_STRING');
  });
});

describe('OAuth2 token endpoint', () => {
  it('accepts multipart/form-data (oceanic.js)', async () => {
    const f = new FormData();
    f.append('grant_type', 'client_credentials');
    f.append('scope', 'applications.commands.update');
    const basic = Buffer.from(`${IDS.app}:main-secret`).toString('base64');
    const r = await form('POST', '/oauth2/token', f, { authorization: `Basic ${basic}` });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ token_type: 'Bearer', scope: 'applications.commands.update' });
  });
});

describe('attachments as the service stores them', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e30000000049454e44ae426082',
    'hex',
  );

  it('content_type comes from the content and name, filenames are cleaned, attachment:// is resolved', async () => {
    const hook = await client.create(IDS.text, 'att');
    const f = new FormData();
    f.append(
      'payload_json',
      JSON.stringify({
        embeds: [
          {
            title: 't',
            image: { url: 'attachment://hello_world.png' },
            thumbnail: { url: 'attachment://notes_v2.txt' },
          },
        ],
      }),
    );
    f.append('files[0]', new Blob([PNG], { type: 'application/octet-stream' }), 'hello (world).png');
    f.append('files[1]', new Blob([Buffer.from('plain words')], { type: 'application/octet-stream' }), '_notes v2.txt');
    const r = await form('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, f);
    expect(r.status).toBe(200);
    const [png, txt] = r.body.attachments;
    expect(png).toMatchObject({ filename: 'hello_world.png', content_type: 'image/png' });
    expect(txt).toMatchObject({ filename: 'notes_v2.txt', content_type: 'text/plain; charset=utf-8' });
    expect(r.body.embeds[0].image.url).toBe(png.url);
    expect(r.body.embeds[0].thumbnail.url).toBe(txt.url);
  });
});

describe('error answers', () => {
  it('a webhook in a guild the application is not in: 403 50001 Missing Access', async () => {
    const other = new Client(emu);
    const r = await other.call('POST', `/channels/${IDS.text}/webhooks`, {
      body: { name: 'x' },
      auth: `Bot ${'other-app-bot-token-without-manage-webhooks'}`,
    });
    // The other app is installed in the guild but lacks the permission: still 50013.
    expect(r.body.code).toBe(50013);
    const notIn = await startEmulator({
      port: 0,
      rateLimits: false,
      seed: {
        applications: [{ id: IDS.app, name: 'A' }],
        guilds: [{ id: IDS.guild, name: 'G', channels: [{ id: IDS.text, type: 0, name: 'g' }], apps: {} }],
      },
    });
    try {
      const res = await new Client(notIn).call('POST', `/channels/${IDS.text}/webhooks`, { body: { name: 'x' } });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ message: 'Missing Access', code: 50001 });
    } finally {
      await notIn.close();
    }
  });

  it('a required option after an optional one is reported at options.<index>._errors', async () => {
    const r = await client.call('POST', `/applications/${IDS.app}/commands`, {
      body: {
        name: 'order',
        description: 'd',
        options: [
          { type: 3, name: 'a', description: 'd' },
          { type: 3, name: 'b', description: 'd', required: true },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual({
      options: {
        '1': {
          _errors: [
            {
              code: 'APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID',
              message: 'Required options must be placed before non-required options',
            },
          ],
        },
      },
    });
  });

  it('a description on a USER or MESSAGE command: "Context menu commands cannot have description"', async () => {
    for (const type of [2, 3]) {
      const r = await client.call('POST', `/applications/${IDS.app}/commands`, {
        body: { type, name: 'Menu', description: 'not allowed' },
      });
      expect(r.status).toBe(400);
      expect(r.body.errors.description._errors[0].message).toBe('Context menu commands cannot have description');
    }
  });
});

describe('/api/v9', () => {
  it('serves the same routes as /api/v10', async () => {
    const res = await request(`${emu.url.replace('/api/v10', '/api/v9')}/applications/${IDS.app}/commands`, {
      headers: { authorization: client.botAuth },
    });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(await res.body.json())).toBe(true);
  });
});
