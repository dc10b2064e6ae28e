/**
 * Issue 17, "the emulator never poisons itself": malformed bodies get the
 * service's 4xx answers and leave the world exactly as it was; nothing a
 * request sends can stop the world from being written or read back; ids in
 * the path are ids, never `.`/`..` or an object's built-in property names.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { testdir } from '../helpers/tmp.js';
import { rawCall } from './raw-http.js';
import { Client, IDS, seed } from './webhooks-setup.js';

let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

async function setup(dataFile = true) {
  emu = await startEmulator({
    rateLimits: false,
    seed,
    ...(dataFile ? { dataFile: `${testdir()}/emulator.json` } : {}),
  });
  const client = new Client(emu);
  const hook = await client.create(IDS.text);
  const send = (body: string, path = `/webhooks/${hook.id}/${hook.token}?wait=true`, method = 'POST') =>
    rawCall(emu!.url, { method, path: `/api/v10${path}`, headers: { 'content-type': 'application/json' }, body });
  return { emu, client, hook, send };
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const INVALID_JSON = { message: 'The request body contains invalid JSON.', code: 50109 };

describe('bodies that once poisoned the emulator', () => {
  test('nesting too deep to write back is invalid JSON, and later writes still succeed', async () => {
    const { emu, send, client } = await setup();
    const before = JSON.stringify(emu.world);
    for (const body of [
      `{"content":"a","embeds":[{"title":"t","x":${deep(200_000)}}]}`,
      `{"content":"a","components":${deep(100_000)}}`,
    ]) {
      const r = await send(body);
      expect(r.status).toBe(400);
      expect(r.body).toEqual(INVALID_JSON);
    }
    expect(JSON.stringify(emu.world)).toBe(before);
    expect((await send('{"content":"still fine"}')).status).toBe(200);
    expect((await client.call('POST', `/channels/${IDS.text}/webhooks`, { body: { name: 'another' } })).status).toBe(
      200,
    );
  });

  test('a number JSON cannot write back (1e999) is invalid JSON, not Infinity in the world', async () => {
    const { send } = await setup();
    const r = await send('{"content":"a","embeds":[{"title":"t","color":1e999}]}');
    expect(r.status).toBe(400);
    expect(r.body).toEqual(INVALID_JSON);
    expect((await send('{"content":"ok"}')).status).toBe(200);
  });

  test('a poll answer without poll_media is refused at its path; nothing is stored', async () => {
    const { emu, send } = await setup();
    const before = JSON.stringify(emu.world);
    const r = await send(
      JSON.stringify({ poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'a' } }, {}] } }),
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe(50035);
    expect(r.body.errors.poll.answers['1'].poll_media._errors[0].code).toBe('BASE_TYPE_REQUIRED');
    expect(JSON.stringify(emu.world)).toBe(before);
  });

  test('values whose toString is not a function are reported, not a 500', async () => {
    const { emu, client } = await setup(false);
    const hook = await client.create(IDS.text);
    const app = emu.credentials.applicationId;
    const bad = { toString: 'x', valueOf: null };
    const answers = [
      await client.call('PATCH', `/webhooks/${hook.id}`, { body: { channel_id: bad } }),
      await client.call('POST', `/applications/${app}/commands`, {
        body: { name: 'a', description: 'd', options: [{ type: 4, name: 'n', description: 'd', min_value: bad }] },
      }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body.code).toBe(50035);
    }
    expect(answers[0]!.body.errors.channel_id._errors[0]).toEqual({
      code: 'NUMBER_TYPE_COERCE',
      message: 'Value "[object Object]" is not snowflake.',
    });
  });

  test('an out-of-range chat-compat timestamp is ignored, not a 500', async () => {
    const { send, hook } = await setup(false);
    const r = await send(
      JSON.stringify({ text: 'hi', attachments: [{ title: 't', ts: 1e300 }] }),
      `/webhooks/${hook.id}/${hook.token}/slack`,
    );
    expect(r.status).toBe(200);
  });

  test('a forum post refused late creates no thread', async () => {
    const { emu, client } = await setup(false);
    const forum = await client.create(IDS.forum);
    const before = JSON.stringify(emu.world);
    const r = await client.call('POST', `/webhooks/${forum.id}/${forum.token}?wait=true`, {
      auth: null,
      body: {
        thread_name: 'Post',
        content: 'x',
        poll: { question: { text: 'Q' }, answers: [{ poll_media: { text: 'a' } }], duration: 1e300 },
      },
    });
    expect(r.status).toBeLessThan(500);
    if (r.status >= 400) expect(JSON.stringify(emu.world)).toBe(before);
  });
});

describe('the service answers to bad bodies', () => {
  test('invalid JSON → 400 50109; wrong type → 50035 at the field; too large → 413 40005', async () => {
    const { send, client } = await setup(false);
    const invalid = await send('{"content": ');
    expect(invalid.status).toBe(400);
    expect(invalid.body).toEqual(INVALID_JSON);
    const wrongType = await client.call('POST', `/channels/${IDS.text}/webhooks`, {
      body: { name: ['not', 'a', 'string'] },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.code).toBe(50035);
    expect(wrongType.body.errors.name._errors).toHaveLength(1);
    const large = await send(
      JSON.stringify({
        content: 'x',
        embeds: [{ title: 't', url: `https://example.com/${'a'.repeat(9 * 1024 * 1024)}` }],
      }),
    );
    expect(large.status).toBe(413);
    expect(large.body).toEqual({ message: 'Request entity too large', code: 40005 });
  });
});

describe('prototype keys', () => {
  test('{"__proto__": …} and "constructor" in localizations: a 50035 at that key, and no object gains a property', async () => {
    const { emu } = await setup(false);
    const app = emu.credentials.applicationId;
    for (const key of ['__proto__', 'constructor', 'toString']) {
      const r = await rawCall(emu.url, {
        method: 'POST',
        path: `/api/v10/applications/${app}/commands`,
        headers: { authorization: `Bot ${emu.credentials.botToken}`, 'content-type': 'application/json' },
        body: `{"name":"a","description":"d","name_localizations":{"${key}":"x"}}`,
      });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe(50035);
      expect(Object.keys(r.body.errors.name_localizations)).toEqual([key]);
      expect(r.body.errors.name_localizations[key]._errors[0].code).toBe('BASE_TYPE_CHOICES');
      expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('_errors');
      expect(({} as Record<string, unknown>)._errors).toBeUndefined();
    }
  });
});

describe('ids in the path', () => {
  const BUILT_INS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

  test('built-in property names as ids: 400 50035 "is not snowflake", never a 500', async () => {
    const { emu } = await setup(false);
    const app = emu.credentials.applicationId;
    const bot = `Bot ${emu.credentials.botToken}`;
    for (const name of BUILT_INS) {
      for (const [path, field] of [
        [`/guilds/${name}/webhooks`, 'guild_id'],
        [`/channels/${name}/webhooks`, 'channel_id'],
        [`/webhooks/${name}`, 'webhook_id'],
        [`/applications/${app}/guilds/${name}/commands`, 'guild_id'],
        [`/applications/${app}/commands/${name}`, 'command_id'],
      ] as const) {
        const r = await rawCall(emu.url, { method: 'GET', path: `/api/v10${path}`, headers: { authorization: bot } });
        expect(r.status, path).toBe(400);
        expect(r.body).toEqual({
          message: 'Invalid Form Body',
          code: 50035,
          errors: {
            [field]: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: `Value "${name}" is not snowflake.` }] },
          },
        });
      }
    }
  });

  test('`.` and `..` (also percent-encoded) never reach the parent resource: 404', async () => {
    const { emu, client, hook } = await setup(false);
    const sent = await client.call('POST', `/webhooks/${hook.id}/${hook.token}?wait=true`, {
      auth: null,
      body: { content: 'm' },
    });
    const app = emu.credentials.applicationId;
    const cmd = await client.call('POST', `/applications/${app}/commands`, {
      body: { name: 'keep', description: 'd' },
    });
    const before = JSON.stringify(emu.world);
    const bot = `Bot ${emu.credentials.botToken}`;
    const targets: Array<[string, string]> = [];
    for (const dots of ['..', '.', '%2e%2e', '%2E%2E', '.%2e', '%2e', '%2E']) {
      targets.push(
        ['DELETE', `/webhooks/${hook.id}/${hook.token}/messages/${dots}`],
        ['PATCH', `/webhooks/${hook.id}/${hook.token}/messages/${sent.body.id}/${dots}`],
        ['DELETE', `/applications/${app}/commands/${cmd.body.id}/${dots}`],
        ['DELETE', `/applications/${app}/guilds/${IDS.guild}/commands/${cmd.body.id}/permissions/${dots}`],
        ['DELETE', `/webhooks/${hook.id}/${dots}`],
        ['GET', `/webhooks/${hook.id}/${dots}/${dots}`],
      );
    }
    for (const [method, path] of targets) {
      const r = await rawCall(emu.url, {
        method,
        path: `/api/v10${path}`,
        headers: { authorization: bot, 'content-type': 'application/json' },
        body: '{"name":"renamed"}',
      });
      expect(r.status, `${method} ${path}`).toBe(404);
      expect(r.body).toEqual({ message: '404: Not Found', code: 0 });
    }
    expect(JSON.stringify(emu.world)).toBe(before);
  });
});

describe('only what the service stores', () => {
  test('unknown keys of an embed and of a poll are dropped, not stored as sent', async () => {
    const { send, emu } = await setup(false);
    const r = await send(
      JSON.stringify({
        content: 'x',
        embeds: [
          {
            title: 't',
            junk: 'y'.repeat(1000),
            footer: { text: 'f', junk: 1 },
            fields: [{ name: 'n', value: 'v', junk: true }],
            image: { url: 'https://e/i.png', width: 5 },
          },
        ],
        poll: { question: { text: 'Q', junk: 1 }, answers: [{ poll_media: { text: 'a', junk: 2 }, junk: 3 }], junk: 4 },
      }),
    );
    expect(r.status).toBe(200);
    expect(r.body.embeds).toEqual([
      {
        type: 'rich',
        title: 't',
        footer: { text: 'f' },
        image: { url: 'https://e/i.png' },
        fields: [{ name: 'n', value: 'v' }],
      },
    ]);
    expect(r.body.poll.question).toEqual({ text: 'Q' });
    expect(r.body.poll.answers).toEqual([{ answer_id: 1, poll_media: { text: 'a' } }]);
    expect(JSON.stringify(emu.world)).not.toContain('junk');
  });

  test('multipart payload_json and fields follow the JSON rules: too deep → 50109, `__proto__` field is an ordinary field', async () => {
    const { emu, hook } = await setup(false);
    const post = async (form: FormData) => {
      const r = new Request('http://x', { method: 'POST', body: form });
      return rawCall(emu.url, {
        method: 'POST',
        path: `/api/v10/webhooks/${hook.id}/${hook.token}?wait=true`,
        headers: { 'content-type': r.headers.get('content-type')! },
        body: Buffer.from(await r.arrayBuffer()),
      });
    };
    const deepForm = new FormData();
    deepForm.set('payload_json', `{"content":"a","embeds":[{"title":"t","x":${deep(100_000)}}]}`);
    const deepReply = await post(deepForm);
    expect(deepReply.status).toBe(400);
    expect(deepReply.body).toEqual(INVALID_JSON);
    const protoForm = new FormData();
    protoForm.set('__proto__', '{"content":"sneaky"}');
    protoForm.set('content', 'plain');
    const protoReply = await post(protoForm);
    expect(protoReply.status).toBe(200);
    expect(protoReply.body.content).toBe('plain');
  });
});
