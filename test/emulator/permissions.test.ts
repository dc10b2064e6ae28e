import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { bot, call, slash, start, userBearer } from './helpers.js';

let em: RunningEmulator;
let app: string;
let guild: string;
let cmd: any;
const base = () => `/applications/${app}/guilds/${guild}/commands`;

beforeEach(async () => {
  em = await start({
    seed: {
      guilds: [
        {
          roles: [{ id: '1200000000000000001', name: 'mods' }],
          members: [{ id: '1200000000000000002', username: 'u' }],
        },
      ],
      bearer_tokens: [{ token: 'no-scope-user', application_id: undefined as unknown as string, scopes: ['identify'] }],
    },
  });
  app = em.credentials.applicationId;
  guild = em.credentials.guildId;
  cmd = (await call(em, 'POST', base(), { auth: bot(em), body: slash('mod') })).body;
});
afterEach(() => em.close());

const entry = (id: string, type = 1, permission = true) => ({ id, type, permission });

describe('command permissions', () => {
  test('GET before any PUT → 404 10066; guild-wide GET → []', async () => {
    const r = await call(em, 'GET', `${base()}/${cmd.id}/permissions`, { auth: bot(em) });
    expect(r).toMatchObject({ status: 404, body: { message: 'Unknown application command permissions', code: 10066 } });
    expect((await call(em, 'GET', `${base()}/permissions`, { auth: bot(em) })).body).toEqual([]);
  });

  test('bot token on PUT → 403 20001', async () => {
    const r = await call(em, 'PUT', `${base()}/${cmd.id}/permissions`, {
      auth: bot(em),
      body: { permissions: [entry(guild)] },
    });
    expect(r).toMatchObject({ status: 403, body: { message: 'Bots cannot use this endpoint', code: 20001 } });
  });

  test('bearer without the permissions scope → 401 40001', async () => {
    const r = await call(em, 'PUT', `${base()}/${cmd.id}/permissions`, {
      auth: 'Bearer no-scope-user',
      body: { permissions: [entry(guild)] },
    });
    expect(r).toMatchObject({ status: 401, body: { code: 40001 } });
  });

  test('PUT with a user bearer replaces the whole list; GETs see it', async () => {
    const url = `${base()}/${cmd.id}/permissions`;
    const first = await call(em, 'PUT', url, {
      auth: userBearer(em),
      body: { permissions: [entry('1200000000000000001'), entry('1200000000000000002', 2, false)] },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      id: cmd.id,
      application_id: app,
      guild_id: guild,
      permissions: [entry('1200000000000000001'), entry('1200000000000000002', 2, false)],
    });
    const second = await call(em, 'PUT', url, {
      auth: userBearer(em),
      body: { permissions: [entry((BigInt(guild) - 1n).toString(), 3, false)] },
    });
    expect(second.body.permissions).toHaveLength(1);
    expect((await call(em, 'GET', url, { auth: bot(em) })).body).toEqual(second.body);
    // App-wide row keyed by the application id.
    await call(em, 'PUT', `${base()}/${app}/permissions`, {
      auth: userBearer(em),
      body: { permissions: [entry(guild, 1, false)] },
    });
    const all = (await call(em, 'GET', `${base()}/permissions`, { auth: bot(em) })).body;
    expect(all.map((r: any) => r.id).sort()).toEqual([cmd.id, app].sort());
    // An empty list removes the row.
    await call(em, 'PUT', url, { auth: userBearer(em), body: { permissions: [] } });
    expect((await call(em, 'GET', url, { auth: bot(em) })).body.code).toBe(10066);
  });

  test('global commands have permissions per guild too; unknown command → 10063', async () => {
    const global = (await call(em, 'POST', `/applications/${app}/commands`, { auth: bot(em), body: slash('g') })).body;
    expect(
      (
        await call(em, 'PUT', `${base()}/${global.id}/permissions`, {
          auth: userBearer(em),
          body: { permissions: [entry(guild)] },
        })
      ).status,
    ).toBe(200);
    expect((await call(em, 'GET', `${base()}/123456789012345678/permissions`, { auth: bot(em) })).body.code).toBe(
      10063,
    );
  });

  test('validation: 100-entry cap, entry fields, required list', async () => {
    const url = `${base()}/${cmd.id}/permissions`;
    const many = Array.from({ length: 101 }, (_, i) => entry((1300000000000000000n + BigInt(i)).toString(), 2));
    const r = await call(em, 'PUT', url, { auth: userBearer(em), body: { permissions: many } });
    expect(r.body).toMatchObject({
      code: 50035,
      errors: {
        permissions: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 100 or fewer in length.' }] },
      },
    });
    expect(
      (await call(em, 'PUT', url, { auth: userBearer(em), body: { permissions: many.slice(0, 100) } })).status,
    ).toBe(200);
    const bad = await call(em, 'PUT', url, {
      auth: userBearer(em),
      body: { permissions: [{ id: 'x', type: 9, permission: 'yes' }] },
    });
    expect(Object.keys(bad.body.errors.permissions['0']).sort()).toEqual(['id', 'permission', 'type']);
    expect(
      (await call(em, 'PUT', url, { auth: userBearer(em), body: {} })).body.errors.permissions._errors[0].code,
    ).toBe('BASE_TYPE_REQUIRED');
  });

  test('deleting or renaming a command drops its permissions', async () => {
    const url = `${base()}/${cmd.id}/permissions`;
    await call(em, 'PUT', url, { auth: userBearer(em), body: { permissions: [entry(guild)] } });
    await call(em, 'PATCH', `${base()}/${cmd.id}`, { auth: bot(em), body: { description: 'still the same name' } });
    expect((await call(em, 'GET', url, { auth: bot(em) })).status).toBe(200);
    await call(em, 'PATCH', `${base()}/${cmd.id}`, { auth: bot(em), body: { name: 'renamed' } });
    expect((await call(em, 'GET', url, { auth: bot(em) })).body.code).toBe(10066);
    await call(em, 'PUT', url, { auth: userBearer(em), body: { permissions: [entry(guild)] } });
    await call(em, 'DELETE', `${base()}/${cmd.id}`, { auth: bot(em) });
    expect((await call(em, 'GET', `${base()}/permissions`, { auth: bot(em) })).body).toEqual([]);
  });

  test('the batch PUT is disabled: 405', async () => {
    const r = await call(em, 'PUT', `${base()}/permissions`, {
      auth: userBearer(em),
      body: [{ id: cmd.id, permissions: [] }],
    });
    expect(r).toMatchObject({ status: 405, body: { message: '405: Method Not Allowed', code: 0 } });
  });
});
