/**
 * The daily create allowance: the spec's 200 per day per guild is kept for
 * guilds; global creates are counted (visible) but not refused, so the demo and
 * a few experiments do not lock a user out for the day. The allowance is
 * visible and resettable through the control routes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { spawnEmulatorCli } from '../helpers/cli.js';
import { describe, expect, test } from '../helpers/context.js';
import { bot, call, slash } from './helpers.js';
import { rawCall } from './raw-http.js';

const control = (em: RunningEmulator, method: string) =>
  rawCall(em.url.replace('/api/v10', ''), {
    method,
    path: '/__emulator/daily-creates',
    headers: { 'x-cmdsync-control': em.controlToken },
  });

describe('daily create allowance', () => {
  // The day comes from the emulator's clock, so a run across midnight cannot see two days.
  test.override('emulatorOptions', ({ clock }) => ({ now: clock.now, limits: { daily_creates: 2 } }));

  test('guild creates stop at the limit (30034); global creates do not', async ({ emulator: em }) => {
    const { applicationId: app, guildId: guild } = em.credentials;
    const global = `/applications/${app}/commands`;
    const inGuild = `/applications/${app}/guilds/${guild}/commands`;
    for (const name of ['a', 'b', 'c', 'd'])
      expect((await call(em, 'POST', global, { auth: bot(em), body: slash(name) })).status).toBe(201);
    expect(
      (await call(em, 'PUT', global, { auth: bot(em), body: ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => slash(n)) }))
        .status,
    ).toBe(200);
    expect((await call(em, 'POST', inGuild, { auth: bot(em), body: slash('a') })).status).toBe(201);
    expect((await call(em, 'POST', inGuild, { auth: bot(em), body: slash('b') })).status).toBe(201);
    const over = await call(em, 'POST', inGuild, { auth: bot(em), body: slash('c') });
    expect(over.body).toEqual({
      message: 'Max number of daily application command creates has been reached (2)',
      code: 30034,
    });
  });

  test('GET /__emulator/daily-creates shows what is used and left; DELETE resets it', async ({
    emulator: em,
    clock,
  }) => {
    const { applicationId: app, guildId: guild } = em.credentials;
    const inGuild = `/applications/${app}/guilds/${guild}/commands`;
    await call(em, 'POST', `/applications/${app}/commands`, { auth: bot(em), body: slash('g') });
    await call(em, 'POST', inGuild, { auth: bot(em), body: slash('a') });
    await call(em, 'POST', inGuild, { auth: bot(em), body: slash('b') });
    const shown = await control(em, 'GET');
    expect(shown.status).toBe(200);
    const body = shown.body;
    expect(body).toMatchObject({ day: new Date(clock.now()).toISOString().slice(0, 10), limit_per_guild: 2 });
    expect(body.scopes).toEqual(
      expect.arrayContaining([
        { application_id: app, scope: 'global', used: 1, left: null },
        { application_id: app, scope: guild, used: 2, left: 0 },
      ]),
    );
    expect((await control(em, 'DELETE')).status).toBe(204);
    expect((await control(em, 'GET')).body.scopes).toEqual([]);
    expect((await call(em, 'POST', inGuild, { auth: bot(em), body: slash('c') })).status).toBe(201);
  });

  test('the control route needs the control token', async ({ emulator: em }) => {
    const r = await rawCall(em.url.replace('/api/v10', ''), { method: 'DELETE', path: '/__emulator/daily-creates' });
    expect(r.status).toBe(401);
  });
});

describe('cmdsync emulator prints the allowance (the built binary)', () => {
  test('how many creates today, per guild and global, and how to reset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmdsync-daily-'));
    const data = join(dir, 'emulator.json');
    const first = await startEmulator({ dataFile: data, rateLimits: false, limits: {} });
    const { applicationId: app, guildId: guild } = first.credentials;
    await call(first, 'POST', `/applications/${app}/guilds/${guild}/commands`, {
      auth: bot(first),
      body: slash('one'),
    });
    await call(first, 'POST', `/applications/${app}/commands`, { auth: bot(first), body: slash('two') });
    await first.close();
    const { proc, out } = await spawnEmulatorCli(['--port', '0', '--no-rate-limits', '--data', data]);
    try {
      expect(out).toContain(
        '# daily command creates: 200 per guild per UTC day; global creates are counted, not limited',
      );
      expect(out).toContain(`#   guild ${guild}: 1 used, 199 left`);
      expect(out).toContain('#   global: 1 used');
      expect(out).toContain('# reset: DELETE /__emulator/daily-creates (X-Cmdsync-Control: the control token)');
    } finally {
      proc.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
