import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CORPUS } from '../helpers/fixtures.js';
import { bot, call, slash, start } from './helpers.js';

const corpus = (file: string) => JSON.parse(readFileSync(join(CORPUS, 'real-get', file), 'utf8')).commands as any[];
const keys = (o: object) => Object.keys(o).sort();

let em: RunningEmulator;
let app: string;
let guild: string;
const g = () => `/applications/${app}/commands`;
const gg = () => `/applications/${app}/guilds/${guild}/commands`;

beforeEach(async () => {
  em = await start();
  app = em.credentials.applicationId;
  guild = em.credentials.guildId;
});
afterEach(() => em.close());

describe('response shapes match the corpus', () => {
  test('global list item key set equals the HEAT Labs GET items (with and without options)', async () => {
    const heat = corpus('heatlabs--heat-labs-configs.json');
    const withOpts = heat.find((c) => c.options);
    const without = heat.find((c) => !c.options);
    await call(em, 'POST', g(), {
      auth: bot(em),
      body: slash('agent', {
        options: [{ type: 3, name: 'name', description: 'n', required: true, autocomplete: true }],
      }),
    });
    await call(em, 'POST', g(), { auth: bot(em), body: slash('help') });
    const list = (await call(em, 'GET', g(), { auth: bot(em) })).body;
    expect(keys(list[0])).toEqual(keys(withOpts));
    expect(keys(list[1])).toEqual(keys(without));
    expect(keys(list[0].options[0])).toEqual(keys(withOpts.options.find((o: any) => o.required && o.autocomplete)));
    expect(list[1]).toMatchObject({
      default_member_permissions: null,
      dm_permission: true,
      contexts: null,
      integration_types: [0],
      nsfw: false,
      type: 1,
    });
  });

  test('create response key set equals the real create responses (blep, Giveaway Dog)', async () => {
    const blep = corpus('unidentified-python-client--blep-create-response.json')[0];
    const body = {
      name: 'blep',
      description: 'Send a random adorable animal photo',
      options: [
        {
          type: 3,
          name: 'wrapper',
          description: 'hi',
          required: true,
          choices: [{ name: 'Dog', value: 'animal_dog' }],
        },
        { type: 5, name: 'only_smol', description: 'Whether to show only baby animals', required: false },
      ],
    };
    const r = await call(em, 'POST', g(), { auth: bot(em), body });
    expect(r.status).toBe(201);
    expect(keys(r.body)).toEqual(keys(blep));
    expect(keys(r.body.options[0])).toEqual(keys(blep.options[0]));
    expect(keys(r.body.options[1])).toEqual(keys(blep.options[1]));
    expect(keys(r.body.options[0].choices[0])).toEqual(keys(blep.options[0].choices[0]));
    expect(r.body.options[1].required).toBeUndefined();
    expect(BigInt(r.body.version)).toBe(BigInt(r.body.id) + 1n);
  });

  test('USER command create matches the Smayxor response: description "", no options', async () => {
    const smay = corpus('smayxor--stock-create-response.json')[0];
    // That app is user-installable: a command may list only installation contexts its application supports.
    expect(
      (
        await call(em, 'PATCH', '/applications/@me', {
          auth: bot(em),
          body: { integration_types_config: { 0: {}, 1: {} } },
        })
      ).status,
    ).toBe(200);
    const r = await call(em, 'POST', g(), {
      auth: bot(em),
      body: { type: 2, name: 'test2', integration_types: [0, 1], contexts: [0, 1, 2] },
    });
    expect(r.status).toBe(201);
    expect(keys(r.body)).toEqual(keys(smay));
    expect(r.body).toMatchObject({
      description: '',
      contexts: [0, 1, 2],
      integration_types: [0, 1],
      dm_permission: true,
    });
  });

  test('guild commands: guild_id, no dm_permission/contexts/integration_types even when sent', async () => {
    const r = await call(em, 'POST', gg(), {
      auth: bot(em),
      body: slash('test', { dm_permission: false, contexts: [0], integration_types: [0, 1] }),
    });
    expect(r.status).toBe(201);
    expect(keys(r.body)).toEqual([
      'application_id',
      'default_member_permissions',
      'description',
      'description_localizations',
      'guild_id',
      'id',
      'name',
      'name_localizations',
      'nsfw',
      'type',
      'version',
    ]);
    const list = (await call(em, 'GET', gg(), { auth: bot(em) })).body;
    const issue = corpus('discord-api-docs-issue-4838--guild-get.json')[0];
    // The 2022 sample still carried default_permission (gone since 2023) and no nsfw (always present since).
    expect(keys(list[0])).toEqual(
      keys(issue)
        .filter((k) => k !== 'default_permission')
        .concat('nsfw')
        .sort(),
    );
  });

  test('subcommands: no required key, options omitted when empty; false flags dropped; empty options[] dropped', async () => {
    const r = await call(em, 'POST', g(), {
      auth: bot(em),
      body: slash('tag', {
        options: [
          { type: 1, name: 'list', description: 'l', options: [] },
          {
            type: 1,
            name: 'get',
            description: 'g',
            options: [{ type: 3, name: 'q', description: 'q', autocomplete: false, required: false }],
          },
        ],
      }),
    });
    expect(r.body.options[0]).toEqual({
      type: 1,
      name: 'list',
      name_localizations: null,
      description: 'l',
      description_localizations: null,
    });
    expect(r.body.options[1].options[0]).toEqual({
      type: 3,
      name: 'q',
      name_localizations: null,
      description: 'q',
      description_localizations: null,
    });
    const plain = await call(em, 'POST', g(), { auth: bot(em), body: slash('plain', { options: [] }) });
    expect('options' in plain.body).toBe(false);
  });

  test('default_member_permissions as a number is stored as a string; min/max/channel_types echoed', async () => {
    const r = await call(em, 'POST', g(), {
      auth: bot(em),
      body: slash('cfg', {
        default_member_permissions: 8,
        nsfw: true,
        options: [
          { type: 4, name: 'n', description: 'd', min_value: 1, max_value: 5 },
          { type: 7, name: 'c', description: 'd', channel_types: [0, 5] },
          { type: 3, name: 's', description: 'd', min_length: 2, max_length: 10 },
        ],
      }),
    });
    expect(r.body.default_member_permissions).toBe('8');
    expect(r.body.nsfw).toBe(true);
    expect(
      r.body.options.map((o: any) => [o.min_value, o.max_value, o.channel_types, o.min_length, o.max_length]),
    ).toEqual([
      [1, 5, undefined, undefined, undefined],
      [undefined, undefined, [0, 5], undefined, undefined],
      [undefined, undefined, undefined, 2, 10],
    ]);
  });

  test('integration_types defaults to the app configuration', async () => {
    await em.close();
    em = await start({ seed: { applications: [{ integration_types: [0, 1] }] } });
    app = em.credentials.applicationId;
    const r = await call(em, 'POST', g(), { auth: bot(em), body: slash('x') });
    expect(r.body.integration_types).toEqual([0, 1]);
  });
});

describe('create / get / edit / delete', () => {
  test('create is an upsert by (type, name): 201 then 200 with the same id', async () => {
    const a = await call(em, 'POST', g(), { auth: bot(em), body: slash('ping') });
    const b = await call(em, 'POST', g(), { auth: bot(em), body: slash('ping', { description: 'new' }) });
    expect([a.status, b.status]).toEqual([201, 200]);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.description).toBe('new');
    expect(BigInt(b.body.version)).toBeGreaterThan(BigInt(a.body.version));
    // Same name, other type: a second command.
    const c = await call(em, 'POST', g(), { auth: bot(em), body: { type: 2, name: 'ping' } });
    expect(c.status).toBe(201);
    expect((await call(em, 'GET', g(), { auth: bot(em) })).body).toHaveLength(2);
  });

  test('an identical re-create keeps the version (no-op)', async () => {
    const a = await call(em, 'POST', g(), { auth: bot(em), body: slash('ping') });
    const b = await call(em, 'POST', g(), { auth: bot(em), body: slash('ping') });
    expect(b.status).toBe(200);
    expect(b.body.version).toBe(a.body.version);
  });

  test('get one, unknown command 10063, PATCH replaces fields wholesale, type immutable, DELETE 204', async () => {
    const a = (
      await call(em, 'POST', g(), {
        auth: bot(em),
        body: slash('ping', {
          options: [
            { type: 3, name: 'a', description: 'a' },
            { type: 3, name: 'b', description: 'b' },
          ],
        }),
      })
    ).body;
    const one = await call(em, 'GET', `${g()}/${a.id}`, { auth: bot(em) });
    expect(one.body).toEqual(a);
    const missing = await call(em, 'GET', `${g()}/123456789012345678`, { auth: bot(em) });
    expect(missing).toMatchObject({ status: 404, body: { message: 'Unknown application command', code: 10063 } });

    const p = await call(em, 'PATCH', `${g()}/${a.id}`, {
      auth: bot(em),
      body: { options: [{ type: 5, name: 'c', description: 'c' }] },
    });
    expect(p.status).toBe(200);
    expect(p.body.options.map((o: any) => o.name)).toEqual(['c']);
    expect(p.body.description).toBe(a.description);
    expect(BigInt(p.body.version)).toBeGreaterThan(BigInt(a.version));
    const noop = await call(em, 'PATCH', `${g()}/${a.id}`, { auth: bot(em), body: { description: a.description } });
    expect(noop.body.version).toBe(p.body.version);
    const cleared = await call(em, 'PATCH', `${g()}/${a.id}`, { auth: bot(em), body: { options: [] } });
    expect('options' in cleared.body).toBe(false);

    const t = await call(em, 'PATCH', `${g()}/${a.id}`, { auth: bot(em), body: { type: 2 } });
    expect(t.status).toBe(400);
    expect(t.body).toMatchObject({
      code: 50035,
      errors: { type: { _errors: [{ message: 'Application command types are immutable' }] } },
    });

    const bad = await call(em, 'PATCH', `${g()}/${a.id}`, { auth: bot(em), body: { name: 'Bad Name' } });
    expect(bad.body.code).toBe(50035);

    expect((await call(em, 'DELETE', `${g()}/${a.id}`, { auth: bot(em) })).status).toBe(204);
    expect((await call(em, 'DELETE', `${g()}/${a.id}`, { auth: bot(em) })).body.code).toBe(10063);
  });

  test('PATCH rename onto another command of the same type answers 40041', async () => {
    await call(em, 'POST', g(), { auth: bot(em), body: slash('one') });
    const two = (await call(em, 'POST', g(), { auth: bot(em), body: slash('two') })).body;
    const r = await call(em, 'PATCH', `${g()}/${two.id}`, { auth: bot(em), body: { name: 'one' } });
    expect(r).toMatchObject({ status: 400, body: { code: 40041 } });
  });

  test('guild PATCH drops global-only fields; global PATCH sets contexts', async () => {
    const gc = (await call(em, 'POST', gg(), { auth: bot(em), body: slash('g') })).body;
    const p = await call(em, 'PATCH', `${gg()}/${gc.id}`, {
      auth: bot(em),
      body: { contexts: [0], dm_permission: false },
    });
    expect(p.status).toBe(200);
    expect(p.body.version).toBe(gc.version);
    expect('contexts' in p.body).toBe(false);
    const c = (await call(em, 'POST', g(), { auth: bot(em), body: slash('c') })).body;
    const q = await call(em, 'PATCH', `${g()}/${c.id}`, {
      auth: bot(em),
      body: { contexts: [0, 1], dm_permission: false },
    });
    expect(q.body).toMatchObject({ contexts: [0, 1], dm_permission: false });
  });

  test('a guild command is not found through the global path, nor in another guild', async () => {
    const gc = (await call(em, 'POST', gg(), { auth: bot(em), body: slash('g') })).body;
    expect((await call(em, 'GET', `${g()}/${gc.id}`, { auth: bot(em) })).body.code).toBe(10063);
  });
});

describe('validation errors as the service reports them', () => {
  test('nested errors tree (50035) from the spec rules', async () => {
    const r = await call(em, 'POST', g(), {
      auth: bot(em),
      body: { name: 'ok', description: '', options: [{ type: 3, name: 'B', description: 'x' }] },
    });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        description: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be between 1 and 100 in length.' }] },
        options: {
          '0': {
            name: { _errors: [{ code: 'APPLICATION_COMMAND_INVALID_NAME', message: 'Command name is invalid' }] },
          },
        },
      },
    });
  });

  test('missing name → BASE_TYPE_REQUIRED; guild entry point refused; entry point needs an embedded app', async () => {
    expect(
      (await call(em, 'POST', g(), { auth: bot(em), body: { description: 'd' } })).body.errors.name._errors[0].code,
    ).toBe('BASE_TYPE_REQUIRED');
    expect(
      (await call(em, 'POST', gg(), { auth: bot(em), body: { type: 4, name: 'launch', handler: 1 } })).body.code,
    ).toBe(50035);
    const ep = await call(em, 'POST', g(), { auth: bot(em), body: { type: 4, name: 'launch', handler: 1 } });
    expect(ep.body.errors.type._errors[0].code).toBe('APPLICATION_COMMAND_TYPE_INVALID');
  });

  test("the ASCII apostrophe the spec's pattern allows is accepted in command, option and localized names (lint only warns)", async () => {
    const body = slash("isn't", {
      options: [{ type: 3, name: "what's", description: 'w', name_localizations: { fr: "qu'est" } }],
    });
    const r = await call(em, 'POST', g(), { auth: bot(em), body });
    expect(r.status).toBe(201);
    expect(r.body.name).toBe("isn't");
    expect(r.body.options[0]).toMatchObject({ name: "what's", name_localizations: { fr: "qu'est" } });
    // Other characters outside the pattern are still refused.
    expect(
      (await call(em, 'POST', g(), { auth: bot(em), body: slash('is$nt') })).body.errors.name._errors[0].code,
    ).toBe('STRING_TYPE_REGEX');
  });

  test('too many USER commands → 30032; limits can be overridden', async () => {
    for (let i = 0; i < 5; i++)
      expect((await call(em, 'POST', g(), { auth: bot(em), body: { type: 2, name: `u${i}` } })).status).toBe(201);
    const r = await call(em, 'POST', g(), { auth: bot(em), body: { type: 2, name: 'u5' } });
    expect(r.body).toEqual({ message: 'Maximum number of application commands reached (5)', code: 30032 });
    await em.close();
    em = await start({ limits: { user_commands: 15 } });
    app = em.credentials.applicationId;
    for (let i = 0; i < 6; i++)
      expect((await call(em, 'POST', g(), { auth: bot(em), body: { type: 2, name: `u${i}` } })).status).toBe(201);
  });
});

describe('localization', () => {
  const localized = () =>
    slash('hello', {
      name_localizations: { fr: 'bonjour', 'en-GB': 'hello-gb', 'es-ES': 'hola', de: 'hello' },
      description_localizations: { fr: 'Dire bonjour' },
      options: [
        {
          type: 3,
          name: 'who',
          description: 'Who',
          name_localizations: { fr: 'qui' },
          choices: [{ name: 'All', value: 'all', name_localizations: { fr: 'Tous' } }],
        },
      ],
    });

  test('POST returns the dictionaries, minus values equal to the default', async () => {
    const r = await call(em, 'POST', g(), { auth: bot(em), body: localized() });
    expect(r.body.name_localizations).toEqual({ fr: 'bonjour', 'en-GB': 'hello-gb', 'es-ES': 'hola' });
    expect(r.body.options[0].choices[0].name_localizations).toEqual({ fr: 'Tous' });
    expect(r.body.options[0].description_localizations).toBeNull();
  });

  test('list GET: no dictionaries; *_localized for the requester locale with fallbacks', async () => {
    await call(em, 'POST', g(), { auth: bot(em), body: localized() });
    const plain = (await call(em, 'GET', g(), { auth: bot(em) })).body[0];
    expect(plain).not.toHaveProperty('name_localizations');
    expect(plain).not.toHaveProperty('name_localized');
    expect(plain.options[0]).not.toHaveProperty('name_localizations');

    const fr = (await call(em, 'GET', g(), { auth: bot(em), headers: { 'X-Discord-Locale': 'fr' } })).body[0];
    expect(fr).toMatchObject({ name_localized: 'bonjour', description_localized: 'Dire bonjour' });
    expect(fr.options[0].name_localized).toBe('qui');
    expect(fr.options[0].choices[0]).toEqual({ name: 'All', name_localized: 'Tous', value: 'all' });

    // en-US falls back to en-GB; es-419 to es-ES; a locale with no value gets no *_localized.
    const us = (await call(em, 'GET', g(), { auth: bot(em), headers: { 'Accept-Language': 'en-US,en;q=0.9' } }))
      .body[0];
    expect(us.name_localized).toBe('hello-gb');
    expect(us).not.toHaveProperty('description_localized');
    const latam = (await call(em, 'GET', g(), { auth: bot(em), headers: { 'accept-language': 'es-419' } })).body[0];
    expect(latam.name_localized).toBe('hola');
    const ja = (await call(em, 'GET', g(), { auth: bot(em), headers: { 'X-Discord-Locale': 'ja' } })).body[0];
    expect(ja).not.toHaveProperty('name_localized');
    // X-Discord-Locale wins over Accept-Language.
    const both = (
      await call(em, 'GET', g(), { auth: bot(em), headers: { 'X-Discord-Locale': 'fr', 'Accept-Language': 'es-ES' } })
    ).body[0];
    expect(both.name_localized).toBe('bonjour');
  });

  test('with_localizations accepts true/True/1 and false/False/0; other values are refused', async () => {
    await call(em, 'POST', g(), { auth: bot(em), body: localized() });
    await call(em, 'POST', g(), { auth: bot(em), body: slash('bare') });
    for (const v of ['true', 'True', '1']) {
      const list = (
        await call(em, 'GET', `${g()}?with_localizations=${v}`, {
          auth: bot(em),
          headers: { 'X-Discord-Locale': 'fr' },
        })
      ).body;
      expect(list[0].name_localizations).toEqual({ fr: 'bonjour', 'en-GB': 'hello-gb', 'es-ES': 'hola' });
      expect(list[0]).not.toHaveProperty('name_localized');
      expect(list[1].name_localizations).toBeNull();
      expect(list[0].options[0].choices[0].name_localizations).toEqual({ fr: 'Tous' });
    }
    for (const v of ['false', 'False', '0']) {
      const list = (await call(em, 'GET', `${g()}?with_localizations=${v}`, { auth: bot(em) })).body;
      expect(list[0]).not.toHaveProperty('name_localizations');
    }
    const bad = await call(em, 'GET', `${g()}?with_localizations=yes`, { auth: bot(em) });
    expect(bad.body).toMatchObject({
      code: 50035,
      errors: { with_localizations: { _errors: [{ code: 'BOOLEAN_TYPE_COERCE' }] } },
    });
  });

  test('guild list localizes too', async () => {
    await call(em, 'POST', gg(), { auth: bot(em), body: localized() });
    const fr = (await call(em, 'GET', gg(), { auth: bot(em), headers: { 'X-Discord-Locale': 'fr' } })).body[0];
    expect(fr.name_localized).toBe('bonjour');
  });
});

describe('bulk overwrite', () => {
  test('keeps ids by name and by id (rename), deletes omitted commands, counts only new ones', async () => {
    await em.close();
    em = await start({ limits: { daily_creates: 4 } });
    app = em.credentials.applicationId;
    guild = em.credentials.guildId;
    const a = (await call(em, 'POST', gg(), { auth: bot(em), body: slash('alpha') })).body;
    const b = (await call(em, 'POST', gg(), { auth: bot(em), body: slash('beta') })).body;
    const c = (await call(em, 'POST', gg(), { auth: bot(em), body: slash('gamma') })).body;
    const r = await call(em, 'PUT', gg(), {
      auth: bot(em),
      body: [slash('alpha'), { ...slash('beta-renamed'), id: b.id }, slash('delta')],
    });
    expect(r.status).toBe(200);
    expect(r.body.map((x: any) => x.name)).toEqual(['alpha', 'beta-renamed', 'delta']);
    expect(r.body[0].id).toBe(a.id);
    expect(r.body[0].version).toBe(a.version);
    expect(r.body[1].id).toBe(b.id);
    expect(BigInt(r.body[1].version)).toBeGreaterThan(BigInt(b.version));
    const list = (await call(em, 'GET', gg(), { auth: bot(em) })).body.map((x: any) => x.id);
    expect(list).not.toContain(c.id);
    // 4 creates used (3 POSTs + delta): one more new command is over the daily allowance, a rename is not.
    const over = await call(em, 'PUT', gg(), {
      auth: bot(em),
      body: [slash('alpha'), slash('beta-renamed'), slash('delta'), slash('epsilon')],
    });
    expect(over.body).toEqual({
      message: 'Max number of daily application command creates has been reached (4)',
      code: 30034,
    });
    const ok = await call(em, 'PUT', gg(), { auth: bot(em), body: [slash('alpha')] });
    expect(ok.status).toBe(200);
    expect((await call(em, 'POST', gg(), { auth: bot(em), body: slash('zeta') })).body.code).toBe(30034);
    // Overwrites (200) do not count.
    expect(
      (await call(em, 'POST', gg(), { auth: bot(em), body: slash('alpha', { description: 'again' }) })).status,
    ).toBe(200);
    // Global creates are counted but never refused (the spec's allowance is per guild).
    expect((await call(em, 'POST', g(), { auth: bot(em), body: slash('zeta') })).status).toBe(201);
  });

  test('the daily allowance resets on the next UTC day', async () => {
    await em.close();
    let clock = Date.parse('2026-03-01T23:59:00Z');
    em = await start({ limits: { daily_creates: 1 }, now: () => clock });
    app = em.credentials.applicationId;
    guild = em.credentials.guildId;
    expect((await call(em, 'POST', gg(), { auth: bot(em), body: slash('a') })).status).toBe(201);
    expect((await call(em, 'POST', gg(), { auth: bot(em), body: slash('b') })).body.code).toBe(30034);
    clock = Date.parse('2026-03-02T00:00:01Z');
    expect((await call(em, 'POST', gg(), { auth: bot(em), body: slash('b') })).status).toBe(201);
  });

  test('errors are keyed by index; duplicates in one request are refused', async () => {
    const r = await call(em, 'PUT', gg(), {
      auth: bot(em),
      body: [slash('ok'), { name: 'x', description: '' }, slash('ok')],
    });
    expect(r.status).toBe(400);
    expect(r.body.errors['1'].description._errors[0].code).toBe('BASE_TYPE_BAD_LENGTH');
    expect(r.body.errors['2'].name._errors[0]).toEqual({
      code: 'APPLICATION_COMMANDS_DUPLICATE_NAME',
      message: 'Application command names must be unique',
    });
    expect((await call(em, 'GET', gg(), { auth: bot(em) })).body).toEqual([]);
    expect((await call(em, 'PUT', gg(), { auth: bot(em), body: { name: 'x' } })).body.errors._errors[0].code).toBe(
      'BASE_TYPE_ARRAY',
    );
  });

  test('a type change through id is refused', async () => {
    const a = (await call(em, 'POST', g(), { auth: bot(em), body: slash('alpha') })).body;
    const r = await call(em, 'PUT', g(), { auth: bot(em), body: [{ id: a.id, type: 2, name: 'alpha' }] });
    expect(r.body.errors['0'].type._errors[0].message).toBe('Application command types are immutable');
  });

  test('deleted or renamed commands lose their permissions', async () => {
    // Covered in permissions.test.ts; here only the empty overwrite.
    await call(em, 'POST', gg(), { auth: bot(em), body: slash('a') });
    const r = await call(em, 'PUT', gg(), { auth: bot(em), body: [] });
    expect(r).toMatchObject({ status: 200, body: [] });
  });
});

describe('entry point', () => {
  beforeEach(async () => {
    await em.close();
    em = await start({ seed: { applications: [{ embedded: true }] } });
    app = em.credentials.applicationId;
    guild = em.credentials.guildId;
  });

  test('an embedded app starts with the global Launch command, handler 2', async () => {
    const list = (await call(em, 'GET', g(), { auth: bot(em) })).body;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: 4, name: 'Launch', handler: 2, dm_permission: true, contexts: null });
    expect((await call(em, 'GET', gg(), { auth: bot(em) })).body).toEqual([]);
  });

  test('a global bulk overwrite without it fails whole with 50240; with it, it passes; guild bulk is unaffected', async () => {
    const launch = (await call(em, 'GET', g(), { auth: bot(em) })).body[0];
    const r = await call(em, 'PUT', g(), { auth: bot(em), body: [slash('ping')] });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message:
        "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.",
      code: 50240,
    });
    expect((await call(em, 'GET', g(), { auth: bot(em) })).body).toHaveLength(1);
    const copy = {
      type: 4,
      name: launch.name,
      description: launch.description,
      handler: launch.handler,
      integration_types: launch.integration_types,
    };
    const ok = await call(em, 'PUT', g(), { auth: bot(em), body: [copy, slash('ping')] });
    expect(ok.status).toBe(200);
    expect(ok.body[0].id).toBe(launch.id);
    expect((await call(em, 'PUT', gg(), { auth: bot(em), body: [slash('ping')] })).status).toBe(200);
    // Deleting it separately, then overwriting, works.
    expect((await call(em, 'DELETE', `${g()}/${launch.id}`, { auth: bot(em) })).status).toBe(204);
    expect((await call(em, 'PUT', g(), { auth: bot(em), body: [slash('ping')] })).status).toBe(200);
  });

  test('a second entry point is over the count; handler only on type 4', async () => {
    expect(
      (await call(em, 'POST', g(), { auth: bot(em), body: { type: 4, name: 'other', handler: 1 } })).body.code,
    ).toBe(30032);
    expect(
      (await call(em, 'POST', g(), { auth: bot(em), body: slash('x', { handler: 1 }) })).body.errors.handler,
    ).toBeDefined();
  });
});
