/**
 * What `plan` reads of an emulator (wire/emulator-control.ts): the marker on
 * GET /applications/@me, and GET /__emulator/limits with the limits it
 * enforces and today's creates. Read-only, so no control token; anything
 * else on the path still needs one.
 */
import { EMULATOR_MARKER_HEADER } from '../../src/wire/emulator-control.js';
import { describe, expect, test } from '../helpers/context.js';
import { bot, call, slash } from './helpers.js';
import { rawCall } from './raw-http.js';

describe('the limits control route', () => {
  // The day comes from the emulator's clock, so a run across midnight cannot see two days.
  test.override('emulatorOptions', ({ clock }) => ({ now: clock.now, limits: { daily_creates: 7, user_commands: 3 } }));
  test("the application object points at the control endpoint; /limits answers the emulator's own limits and today's creates, per application and scope", async ({
    clock,
    emulator: em,
  }) => {
    const { applicationId: app, guildId: guild } = em.credentials;
    const me = await call(em, 'GET', '/applications/@me', { auth: bot(em) });
    expect(me.headers[EMULATOR_MARKER_HEADER]).toBe('/__emulator');
    for (const name of ['a', 'b'])
      expect(
        (await call(em, 'POST', `/applications/${app}/guilds/${guild}/commands`, { auth: bot(em), body: slash(name) }))
          .status,
      ).toBe(201);
    expect((await call(em, 'POST', `/applications/${app}/commands`, { auth: bot(em), body: slash('g') })).status).toBe(
      201,
    );

    const origin = em.url.replace('/api/v10', '');
    const r = await rawCall(origin, { method: 'GET', path: '/__emulator/limits' });
    expect(r.status).toBe(200);
    expect(r.body.day).toBe(new Date(clock.now()).toISOString().slice(0, 10));
    expect(r.body.limits).toMatchObject({ daily_creates: 7, user_commands: 3, message_commands: 5 });
    expect(r.body.creates).toEqual(
      expect.arrayContaining([
        { application_id: app, scope: `guild:${guild}`, used: 2 },
        { application_id: app, scope: 'global', used: 1 },
      ]),
    );
    expect(r.body.creates).toHaveLength(2);
  });

  test('only GET goes without the token', async ({ emulator: em }) => {
    const origin = em.url.replace('/api/v10', '');
    expect((await rawCall(origin, { method: 'DELETE', path: '/__emulator/limits' })).status).toBe(401);
    expect((await rawCall(origin, { method: 'GET', path: '/__emulator/daily-creates' })).status).toBe(401);
  });
});
