/**
 * A seeded fuzzer of the emulator's HTTP surface: valid bodies of every write
 * route, mutated (wrong types, nulls, huge and BigInt-ish numbers, nested
 * garbage, non-JSON, wrong content types, duplicate keys, prototype keys, very
 * long strings, arrays for objects, bad ids in the path). After each bad
 * request: no 5xx, a refused request left the world exactly as it was, the
 * world is still plain JSON, and known-good writes still succeed (no
 * poisoning). At the end the data file must load back to the same world.
 *
 * CMDSYNC_FUZZ_SEED and CMDSYNC_FUZZ_CASES override the seed and the number
 * of cases; the seed is printed with every failure.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { seededRandom } from '../helpers/random.js';
import { testdir } from '../helpers/tmp.js';
import { rawCall, type RawReply } from './raw-http.js';
import { IDS, seed } from './webhooks-setup.js';

const SEED = Number(process.env.CMDSYNC_FUZZ_SEED ?? 20240917);
const CASES = Number(process.env.CMDSYNC_FUZZ_CASES ?? 300);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

interface Template {
  name: string;
  method: 'POST' | 'PATCH' | 'PUT';
  /** Path segments below /api/v10; segments marked with `{}` are ids a mutation may replace. */
  path: Array<string | { id: string }>;
  query?: string;
  auth?: string;
  headers?: Record<string, string>;
  body: Json;
  /** Form bodies (the token endpoint) are sent as text. */
  form?: boolean;
}

interface Fixture {
  em: RunningEmulator;
  base: string;
  bot: string;
  user: string;
  globalCommand: string;
  guildCommand: string;
  hook: { id: string; token: string };
  forumHook: { id: string; token: string };
  probeHook: { id: string; token: string };
  message: string;
  dataFile: string;
}

let fx: Fixture;

async function json(method: string, path: string, auth: string | undefined, body?: unknown): Promise<RawReply> {
  const headers: Record<string, string> = {};
  if (auth) headers.authorization = auth;
  if (body !== undefined) headers['content-type'] = 'application/json';
  return rawCall(fx.base, {
    method,
    path: `/api/v10${path}`,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

async function must(r: Promise<RawReply>): Promise<any> {
  const reply = await r;
  if (reply.status >= 300) throw new Error(`setup failed: ${reply.status} ${reply.text}`);
  return reply.body;
}

beforeAll(async () => {
  const dataFile = `${testdir()}/emulator.json`;
  const em = await startEmulator({ rateLimits: false, seed, dataFile });
  fx = {
    em,
    base: em.url,
    bot: `Bot ${em.credentials.botToken}`,
    user: `Bearer ${em.credentials.bearerToken}`,
    dataFile,
  } as Fixture;
  const app = em.credentials.applicationId;
  fx.globalCommand = (
    await must(
      json('POST', `/applications/${app}/commands`, fx.bot, { name: 'global', description: 'A global command' }),
    )
  ).id;
  fx.guildCommand = (
    await must(
      json('POST', `/applications/${app}/guilds/${IDS.guild}/commands`, fx.bot, {
        name: 'local',
        description: 'A guild command',
      }),
    )
  ).id;
  fx.hook = await must(json('POST', `/channels/${IDS.text}/webhooks`, fx.bot, { name: 'fuzzed' }));
  fx.forumHook = await must(json('POST', `/channels/${IDS.forum}/webhooks`, fx.bot, { name: 'forum' }));
  fx.probeHook = await must(json('POST', `/channels/${IDS.foreignText}/webhooks`, fx.bot, { name: 'probe' }));
  fx.message = (
    await must(json('POST', `/webhooks/${fx.hook.id}/${fx.hook.token}?wait=true`, undefined, { content: 'first' }))
  ).id;
});

afterAll(() => fx?.em.close());

function templates(): Template[] {
  const app = fx.em.credentials.applicationId;
  const command: Json = {
    name: 'fuzz',
    description: 'Fuzzed command',
    type: 1,
    default_member_permissions: '2048',
    contexts: [0, 1],
    integration_types: [0],
    nsfw: false,
    name_localizations: { fr: 'flou', de: 'unscharf' },
    description_localizations: { fr: 'Commande floue' },
    options: [
      {
        type: 3,
        name: 'text',
        description: 'Some text',
        required: true,
        max_length: 100,
        choices: [{ name: 'a', value: 'a', name_localizations: { fr: 'à' } }],
      },
      { type: 4, name: 'count', description: 'A count', min_value: 1, max_value: 10 },
      { type: 7, name: 'where', description: 'A channel', channel_types: [0, 5] },
      {
        type: 1,
        name: 'sub',
        description: 'A subcommand',
        options: [{ type: 5, name: 'flag', description: 'A flag' }],
      },
    ],
  };
  const message: Json = {
    content: 'hello <@5000000000000000001>',
    username: 'Fuzzer',
    avatar_url: 'https://example.com/a.png',
    tts: false,
    flags: 4096,
    allowed_mentions: { parse: ['users'], replied_user: false },
    embeds: [
      {
        title: 'T',
        description: 'D',
        color: 123,
        url: 'https://example.com',
        fields: [{ name: 'n', value: 'v', inline: true }],
        footer: { text: 'f' },
        author: { name: 'a' },
        image: { url: 'https://example.com/i.png' },
        timestamp: '2024-01-01T00:00:00.000Z',
      },
    ],
    components: [{ type: 1, components: [{ type: 2, style: 5, label: 'Go', url: 'https://example.com' }] }],
    poll: {
      question: { text: 'Q?' },
      answers: [{ poll_media: { text: 'yes' } }, { poll_media: { text: 'no' } }],
      duration: 1,
      allow_multiselect: false,
    },
    attachments: [],
  };
  const { hook, forumHook } = fx;
  return [
    { name: 'create global command', method: 'POST', path: ['applications', { id: app }, 'commands'], body: command },
    {
      name: 'create guild command',
      method: 'POST',
      path: ['applications', { id: app }, 'guilds', { id: IDS.guild }, 'commands'],
      body: command,
    },
    {
      name: 'edit command',
      method: 'PATCH',
      path: ['applications', { id: app }, 'commands', { id: fx.globalCommand }],
      body: { description: 'Edited', options: (command as any).options },
    },
    {
      name: 'bulk overwrite',
      method: 'PUT',
      path: ['applications', { id: app }, 'guilds', { id: IDS.guild }, 'commands'],
      body: [
        { ...(command as object), id: fx.guildCommand, name: 'local' },
        { name: 'second', description: 'Second', type: 1 },
      ] as Json,
    },
    {
      name: 'edit permissions',
      method: 'PUT',
      auth: fx.user,
      path: [
        'applications',
        { id: app },
        'guilds',
        { id: IDS.guild },
        'commands',
        { id: fx.guildCommand },
        'permissions',
      ],
      body: {
        permissions: [
          { id: IDS.role, type: 1, permission: true },
          { id: IDS.member, type: 2, permission: false },
        ],
      },
    },
    {
      name: 'create webhook',
      method: 'POST',
      path: ['channels', { id: IDS.otherText }, 'webhooks'],
      body: { name: 'made', avatar: 'data:image/png;base64,iVBORw0KGgo=' },
    },
    {
      name: 'edit webhook',
      method: 'PATCH',
      path: ['webhooks', { id: hook.id }],
      body: { name: 'renamed', channel_id: IDS.text, avatar: null },
    },
    {
      name: 'edit webhook by token',
      method: 'PATCH',
      auth: '',
      path: ['webhooks', { id: hook.id }, { id: hook.token }],
      body: { name: 'renamed2', avatar: null },
    },
    {
      name: 'execute',
      method: 'POST',
      auth: '',
      path: ['webhooks', { id: hook.id }, { id: hook.token }],
      query: '?wait=true',
      body: message,
    },
    {
      name: 'execute in thread',
      method: 'POST',
      auth: '',
      path: ['webhooks', { id: hook.id }, { id: hook.token }],
      query: `?wait=true&thread_id=${IDS.thread}`,
      body: { content: 'in thread' },
    },
    {
      name: 'forum post',
      method: 'POST',
      auth: '',
      path: ['webhooks', { id: forumHook.id }, { id: forumHook.token }],
      query: '?wait=true',
      body: { content: 'post', thread_name: 'A post', applied_tags: [IDS.tagBug] },
    },
    {
      name: 'edit message',
      method: 'PATCH',
      auth: '',
      path: ['webhooks', { id: hook.id }, { id: hook.token }, 'messages', { id: fx.message }],
      body: { content: 'edited', embeds: [{ title: 'E' }], allowed_mentions: { parse: [] }, attachments: [], flags: 4 },
    },
    {
      name: 'chat-compat',
      method: 'POST',
      auth: '',
      path: ['webhooks', { id: hook.id }, { id: hook.token }, 'slack'],
      body: {
        text: 'hi',
        username: 'S',
        attachments: [
          { title: 't', text: 'x', color: 'good', fields: [{ title: 'a', value: 'b', short: true }], ts: 1700000000 },
        ],
      },
    },
    {
      name: 'repo-compat',
      method: 'POST',
      auth: '',
      headers: { 'x-github-event': 'push' },
      path: ['webhooks', { id: hook.id }, { id: hook.token }, 'github'],
      body: {
        ref: 'refs/heads/main',
        compare: 'https://example.com/c',
        repository: { full_name: 'o/r' },
        sender: { login: 'me' },
        commits: [{ id: 'abcdef0123', url: 'https://example.com/x', message: 'm', author: { name: 'n' } }],
      },
    },
    {
      name: 'token',
      method: 'POST',
      auth: '',
      form: true,
      path: ['oauth2', 'token'],
      body: {
        grant_type: 'client_credentials',
        scope: 'applications.commands.update',
        client_id: app,
        client_secret: fx.em.credentials.clientSecret,
      },
    },
  ];
}

// ---- mutations -------------------------------------------------------------

type Rand = (n: number) => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[r(list.length)]!;

/** Placeholder for a number literal JSON.stringify cannot write (1e999, 30 digits…). */
const RAW = (i: number) => `\u0000raw${i}\u0000`;
const RAW_NUMBERS = [
  '1e999',
  '-1e999',
  '123456789012345678901234567890',
  '9007199254740993',
  '-0',
  '1.5e-400',
  '0.1e1',
  '18446744073709551616',
];

function deep(r: Rand, depth: number): Json {
  let v: Json = pick(r, [null, 0, 'x', true]);
  for (let i = 0; i < depth; i++) v = r(2) ? [v] : { a: v };
  return v;
}

function garbage(r: Rand, raws: string[]): Json {
  switch (r(16)) {
    case 0:
      return null;
    case 1:
      return true;
    case 2:
      return -1;
    case 3:
      return 1.5;
    case 4:
      return Number.MAX_SAFE_INTEGER;
    case 5:
      return '';
    case 6:
      return 'x'.repeat(pick(r, [101, 2001, 6001, 100_000]));
    case 7: {
      const depth = pick(r, [3, 2000, 200_000, 200_000]);
      if (depth <= 2000) return deep(r, depth);
      // Too deep for JSON.stringify (the test's own and the emulator's): written as raw text.
      raws.push(r(2) ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
      return RAW(raws.length - 1);
    }
    case 8:
      return [];
    case 9:
      return {};
    case 10:
      return [{ a: 1 }, 'b', null];
    case 11:
      return { __proto__: { polluted: true }, toString: 'x' } as unknown as Json;
    case 12:
      return '12345678901234567890123';
    case 13:
      return '\u0000\ud800';
    case 14: {
      raws.push(pick(r, RAW_NUMBERS));
      return RAW(raws.length - 1);
    }
    default:
      return { constructor: { prototype: { polluted: true } }, hasOwnProperty: 1, valueOf: null };
  }
}

/** Every node of a value, by path. */
function nodes(
  v: Json,
  at: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
): Array<Array<string | number>> {
  out.push(at);
  if (Array.isArray(v))
    v.forEach((x, i) => {
      nodes(x, [...at, i], out);
    });
  else if (v !== null && typeof v === 'object') for (const k of Object.keys(v)) nodes(v[k]!, [...at, k], out);
  return out;
}

function setAt(root: Json, at: Array<string | number>, value: Json | undefined): Json {
  if (at.length === 0) return value ?? null;
  let node: any = root;
  for (const seg of at.slice(0, -1)) node = node[seg];
  const last = at[at.length - 1]!;
  if (value === undefined) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else Object.defineProperty(node, last, { value, enumerable: true, writable: true, configurable: true });
  return root;
}

interface Case {
  description: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  /** The path itself is malformed: the answer must be a 4xx. */
  badPath: boolean;
}

const BAD_IDS = [
  '..',
  '.',
  '%2e%2e',
  '%2E',
  '.%2E',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'abc',
  '99999999999999999999999',
  '-1',
  '1e3',
  '%00',
];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

function mutate(r: Rand, t: Template): Case {
  let body: Json = structuredClone(t.body);
  const raws: string[] = [];
  const headers: Record<string, string> = { ...(t.headers ?? {}) };
  const auth = t.auth ?? fx.bot;
  if (auth) headers.authorization = auth;
  headers['content-type'] = t.form ? 'application/x-www-form-urlencoded' : 'application/json';
  let segments = t.path.map((s) => (typeof s === 'string' ? s : s.id));
  let description = '';
  let text: string | undefined;
  let badPath = false;

  const kind = r(13);
  const all = nodes(body);
  switch (kind) {
    case 0:
    case 1:
    case 2: {
      const at = pick(r, all);
      body = setAt(body, at, garbage(r, raws));
      description = `replace ${JSON.stringify(at)}`;
      break;
    }
    case 3: {
      const at = pick(r, all.filter((p) => p.length > 0).concat([[]]));
      body = at.length === 0 ? body : setAt(body, at, undefined);
      description = `delete ${JSON.stringify(at)}`;
      break;
    }
    case 4:
    case 12: {
      const objects = all.filter((p) => {
        const v = p.reduce<any>((n, s) => n[s], body);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      });
      const at = objects.length ? pick(r, objects) : [];
      const key = r(2) ? pick(r, PROTO_KEYS) : `unknown_${r(1000)}`;
      body = setAt(body, [...at, key], garbage(r, raws));
      description = `add key ${key} at ${JSON.stringify(at)}`;
      break;
    }
    case 5: {
      const at = pick(r, all);
      const v = at.reduce<any>((n, s) => n[s], body);
      body = setAt(body, at, Array.isArray(v) ? { 0: v[0] ?? null } : [v]);
      description = `array/object swap at ${JSON.stringify(at)}`;
      break;
    }
    case 6: {
      const full = JSON.stringify(body);
      text = pick(r, [
        full.slice(0, r(full.length)),
        `${full}}`,
        `{"a":`,
        'null',
        '[]',
        'not json',
        `\ufeff${full}`,
        full.replace(/:/, '::'),
        '{"a":1,}',
        "{'a':1}",
        'NaN',
        '"\\ud800"',
      ]);
      description = `raw text ${JSON.stringify(text.slice(0, 40))}`;
      break;
    }
    case 7: {
      headers['content-type'] = pick(r, [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/json; charset=utf-16',
        'application/xml',
        '',
        'application/json, text/plain',
        'APPLICATION/JSON',
      ]);
      if (headers['content-type'] === '') delete headers['content-type'];
      description = `content-type ${JSON.stringify(headers['content-type'])}`;
      break;
    }
    case 8: {
      // Duplicate keys: the later one wins in JSON.parse; make it a wrong type.
      const full = JSON.stringify(body);
      const keys = [...full.matchAll(/"([a-z_]+)":/g)];
      if (keys.length) {
        const m = pick(r, keys);
        const dup = JSON.stringify(garbage(r, raws));
        text = `${full.slice(0, m.index)}"${m[1]}":${dup},${full.slice(m.index)}`;
        text = `${full.slice(0, -1)},"${m[1]}":${dup}}`;
      }
      description = `duplicate key`;
      break;
    }
    case 9: {
      const ids = t.path.map((s, i) => (typeof s === 'string' ? -1 : i)).filter((i) => i >= 0);
      if (ids.length) {
        const i = pick(r, ids);
        const bad = pick(r, BAD_IDS);
        segments = [...segments];
        segments[i] = bad;
        if (r(3) === 0) segments.push(pick(r, ['..', '%2e%2e', '.']));
        badPath = true;
        description = `path ${segments.join('/')}`;
      } else description = 'path (none)';
      break;
    }
    case 10: {
      // Many mutations at once.
      for (let k = 0; k < 4; k++) {
        const at = pick(r, nodes(body));
        body = setAt(body, at, garbage(r, raws));
      }
      description = 'four replacements';
      break;
    }
    default: {
      const at = pick(r, all);
      body = setAt(
        body,
        at,
        pick(r, [0, -0, 2 ** 53, 2 ** 64, -(2 ** 31), 1e308, 0.1, '0', '1', 'true', [null], [[[]]]]),
      );
      description = `number-ish at ${JSON.stringify(at)}`;
    }
  }
  if (text === undefined) {
    if (t.form && body !== null && typeof body === 'object' && !Array.isArray(body)) {
      const pairs = Object.entries(body).map(([k, v]): [string, string] => [
        k,
        typeof v === 'string' ? v : JSON.stringify(v),
      ]);
      text = new URLSearchParams(pairs).toString();
    } else {
      text = JSON.stringify(body);
      raws.forEach((raw, i) => {
        text = text!.replace(JSON.stringify(RAW(i)), raw);
      });
    }
  }
  return {
    description,
    method: t.method,
    path: `/api/v10/${segments.join('/')}${t.query ?? ''}`,
    headers,
    body: text,
    badPath,
  };
}

// ---- checks ------------------------------------------------------------------

/** What in the world JSON cannot carry back: odd prototypes, non-finite numbers, non-JSON types, nesting too deep to write. */
function oddObjects(root: unknown): string[] {
  const out: string[] = [];
  const stack: Array<[unknown, string, number]> = [[root, 'world', 0]];
  while (stack.length > 0 && out.length < 5) {
    const [v, at, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') {
      if (typeof v === 'number' && !Number.isFinite(v)) out.push(`${at} = ${v}`);
      if (typeof v === 'bigint' || typeof v === 'function' || typeof v === 'symbol' || v === undefined)
        out.push(`${at}: ${typeof v}`);
      continue;
    }
    if (depth > 1000) {
      out.push(`${at}: nested deeper than 1000`);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== Array.prototype && proto !== null) out.push(`${at}: odd prototype`);
    for (const k of Object.keys(v)) stack.push([(v as Record<string, unknown>)[k], `${at}.${k}`, depth + 1]);
  }
  return out;
}

function snapshot(): string {
  try {
    return JSON.stringify(fx.em.world);
  } catch (err) {
    return `unserializable: ${String(err)}`;
  }
}

let probeCount = 0;

/** Known-good reads and writes; undefined when all succeed, else what failed. */
async function probe(): Promise<string | undefined> {
  const app = fx.em.credentials.applicationId;
  const n = ++probeCount;
  const checks: Array<[string, () => Promise<RawReply>]> = [
    [
      'upsert command',
      () =>
        json('POST', `/applications/${app}/guilds/${IDS.otherGuild}/commands`, fx.bot, {
          name: 'probe',
          description: `Probe ${n}`,
        }),
    ],
    [
      'execute',
      () =>
        json('POST', `/webhooks/${fx.probeHook.id}/${fx.probeHook.token}?wait=true`, undefined, {
          content: `probe ${n}`,
          embeds: [{ title: 'p' }],
        }),
    ],
    [
      'list commands',
      () => json('GET', `/applications/${app}/guilds/${IDS.otherGuild}/commands?with_localizations=true`, fx.bot),
    ],
    ['list webhooks', () => json('GET', `/guilds/${IDS.guild}/webhooks`, fx.bot)],
    ['list permissions', () => json('GET', `/applications/${app}/guilds/${IDS.guild}/commands/permissions`, fx.bot)],
  ];
  for (const [name, send] of checks) {
    let r: RawReply;
    try {
      r = await send();
    } catch (err) {
      return `${name} failed: ${String(err)}`;
    }
    if (r.status >= 300) return `${name} answered ${r.status} ${r.text.slice(0, 200)}`;
  }
  return undefined;
}

const pollutionBefore = Object.getOwnPropertyNames(Object.prototype).sort().join();

describe('fuzzing the HTTP surface', () => {
  test(
    `${CASES} mutated requests: no 5xx, no poisoning, refused requests change nothing (seed ${SEED})`,
    async () => {
      const r = seededRandom(SEED);
      const list = templates();
      const failures: string[] = [];
      const stats = { tried: 0, fivexx: 0, poisoned: 0, changedOnRefusal: 0 };
      for (let i = 0; i < CASES; i++) {
        const t = list[r(list.length)]!;
        const c = mutate(r, t);
        const before = snapshot();
        let reply: RawReply;
        try {
          reply = await rawCall(fx.base, {
            method: c.method,
            path: c.path,
            headers: c.headers,
            ...(c.body !== undefined ? { body: c.body } : {}),
          });
        } catch (err) {
          reply = { status: 0, headers: {}, text: String(err), body: undefined };
        }
        stats.tried++;
        const where = `seed=${SEED} case=${i} ${t.name}: ${c.description} → ${reply.status}`;
        if (reply.status >= 500 || reply.status === 0) {
          stats.fivexx++;
          failures.push(`${where} ${reply.text.slice(0, 200)}`);
        }
        if (c.badPath && reply.status < 400) failures.push(`${where}: a malformed path was routed`);
        if (reply.status >= 400 && snapshot() !== before) {
          stats.changedOnRefusal++;
          failures.push(`${where}: a refused request changed the world`);
        }
        if (Object.getOwnPropertyNames(Object.prototype).sort().join() !== pollutionBefore) {
          failures.push(`${where}: Object.prototype was polluted`);
          for (const k of Object.getOwnPropertyNames(Object.prototype))
            if (!pollutionBefore.split(',').includes(k)) delete (Object.prototype as any)[k];
        }
        const odd = oddObjects(fx.em.world);
        if (odd.length) failures.push(`${where}: the world holds what JSON cannot: ${odd.slice(0, 3).join('; ')}`);
        const broken = await probe();
        if (broken) {
          stats.poisoned++;
          failures.push(`${where}: poisoned, then ${broken}`);
        }
      }
      if (
        Object.getOwnPropertyNames(Object.prototype).sort().join() !== pollutionBefore ||
        ({} as any).polluted !== undefined
      )
        failures.push(`seed=${SEED}: Object.prototype was polluted`);
      // The data file must load back to the same world.
      const world = snapshot();
      await fx.em.close();
      fx.em = await startEmulator({ rateLimits: false, dataFile: fx.dataFile });
      fx.base = fx.em.url;
      if (snapshot() !== world) failures.push(`seed=${SEED}: the data file did not load back to the same world`);
      if (await probe()) failures.push(`seed=${SEED}: probes fail after a restart`);
      console.log(
        `fuzz seed=${SEED}: ${stats.tried} bad requests, ${stats.fivexx} answered 5xx, ${stats.poisoned} poisonings, ${stats.changedOnRefusal} refusals that changed state`,
      );
      if (failures.length) console.log(failures.join('\n'));
      expect(
        failures.slice(0, 20),
        `fuzz seed=${SEED}: ${failures.length} failures (rerun with CMDSYNC_FUZZ_SEED=${SEED})`,
      ).toEqual([]);
    },
    120_000 + CASES * 200,
  );
});
