/**
 * Localization (spec, Localization): a default supplied under its own locale
 * key stops the fallback, and the requester's locale after the headers is the
 * user's setting (members' and bearers' `locale` in the seed), also the
 * `locale` of the interactions that user makes.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { SeedError, type RunningEmulator } from '../../src/emulator/index.js';
import type { Seed } from '../../src/emulator/state/world.js';
import { FIRST_ANSWER_MS } from '../../src/wire/interactions/callback.js';
import { TestClock } from '../helpers/clock.js';
import { bot, call, slash, start } from './helpers.js';

const APP = '110000000000000001';
const GUILD = '120000000000000001';
const TEXT = '130000000000000001';
const FR_USER = '140000000000000001';
const PLAIN_USER = '140000000000000002';
const OWNER_BEARER = 'client-credentials-of-a-french-owner';
const PLAIN_BEARER = 'client-credentials-without-a-setting';

const seed = (): Seed => ({
  applications: [{ id: APP, name: 'Loc' }],
  guilds: [
    {
      id: GUILD,
      name: 'G',
      roles: [{ name: '@everyone', permissions: ['VIEW_CHANNEL', 'SEND_MESSAGES', 'USE_APPLICATION_COMMANDS'] }],
      members: [
        { id: FR_USER, username: 'amelie', locale: 'fr' },
        { id: PLAIN_USER, username: 'bob' },
      ],
      channels: [{ id: TEXT, name: 'general' }],
    },
  ],
  bearer_tokens: [
    { token: OWNER_BEARER, application_id: APP, user_id: null, scopes: ['applications.commands.update'], locale: 'fr' },
    { token: PLAIN_BEARER, application_id: APP, user_id: null, scopes: ['applications.commands.update'] },
  ],
});

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});
const g = () => `/applications/${APP}/commands`;

describe('a default supplied under its own locale key', () => {
  const colour = slash('color', {
    name_localizations: { 'en-US': 'color', 'en-GB': 'colour', de: 'color', fr: 'couleur' },
  });

  test('is kept where it stops a fallback: an en-US requester gets the default, not the en-GB value', async () => {
    em = await start({ seed: seed() });
    const created = await call(em, 'POST', g(), { auth: bot(em), body: colour });
    expect(created.status).toBe(201);
    // en-US = default is kept (en-GB differs); de = default stops nothing and is dropped.
    expect(created.body.name_localizations).toEqual({ 'en-US': 'color', 'en-GB': 'colour', fr: 'couleur' });
    const us = (await call(em, 'GET', g(), { auth: bot(em), headers: { 'X-Discord-Locale': 'en-US' } })).body[0];
    expect(us.name_localized).toBe('color');
    const gb = (await call(em, 'GET', g(), { auth: bot(em), headers: { 'X-Discord-Locale': 'en-GB' } })).body[0];
    expect(gb.name_localized).toBe('colour');
  });

  test('without it, en-US falls back to en-GB', async () => {
    em = await start({ seed: seed() });
    await call(em, 'POST', g(), { auth: bot(em), body: slash('color', { name_localizations: { 'en-GB': 'colour' } }) });
    const us = (await call(em, 'GET', g(), { auth: bot(em), headers: { 'X-Discord-Locale': 'en-US' } })).body[0];
    expect(us.name_localized).toBe('colour');
  });
});

describe("the user's setting, after X-Discord-Locale and Accept-Language", () => {
  test("a bearer's locale localizes the list when no header names one; a header still wins", async () => {
    em = await start({ seed: seed() });
    await call(em, 'POST', g(), {
      auth: bot(em),
      body: slash('hello', { name_localizations: { fr: 'bonjour', de: 'hallo' } }),
    });
    const owner = `Bearer ${OWNER_BEARER}`;
    expect((await call(em, 'GET', g(), { auth: owner })).body[0].name_localized).toBe('bonjour');
    expect(
      (await call(em, 'GET', g(), { auth: owner, headers: { 'Accept-Language': 'de' } })).body[0].name_localized,
    ).toBe('hallo');
    expect(
      (await call(em, 'GET', g(), { auth: owner, headers: { 'X-Discord-Locale': 'de', 'Accept-Language': 'fr' } }))
        .body[0].name_localized,
    ).toBe('hallo');
    // No setting and no header: nothing localized. A bot token is no user with settings.
    expect((await call(em, 'GET', g(), { auth: `Bearer ${PLAIN_BEARER}` })).body[0]).not.toHaveProperty(
      'name_localized',
    );
    expect((await call(em, 'GET', g(), { auth: bot(em) })).body[0]).not.toHaveProperty('name_localized');
  });

  test("an interaction carries the invoking member's locale (en-US for a member without one)", async () => {
    // No bot answers: the 3 s for an answer pass on a clock, not in real time.
    const clock = new TestClock();
    em = await start({
      seed: {
        ...seed(),
        commands: [{ application_id: APP, name: 'hello', description: 'Hi', name_localizations: { fr: 'bonjour' } }],
      },
      now: clock.now,
      timers: clock,
    });
    const fr = await clock.skipWait(em.invoke({ line: '/bonjour', channelId: TEXT, userId: FR_USER }), FIRST_ANSWER_MS);
    expect(fr.outcome).toBe('no-response');
    if (fr.outcome !== 'no-response') return;
    expect(fr.interaction).toMatchObject({ locale: 'fr', data: { name: 'hello' } });
    const plain = await clock.skipWait(
      em.invoke({ line: '/hello', channelId: TEXT, userId: PLAIN_USER }),
      FIRST_ANSWER_MS,
    );
    expect(plain.outcome === 'no-response' && plain.interaction.locale).toBe('en-US');
  });

  test('a seeded locale that is not a locale is refused, naming the field', async () => {
    const bad = seed();
    bad.guilds![0]!.members![0]!.locale = 'fr_FR';
    await expect(start({ seed: bad })).rejects.toThrow(SeedError);
    await expect(start({ seed: bad })).rejects.toThrow(
      /guilds\[0\]\.members\[0\]\.locale: "fr_FR" is not a locale; did you mean "fr"\?/,
    );
  });
});
