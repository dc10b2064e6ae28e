import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { RunningEmulator, Seed } from '../../src/emulator/index.js';
import { commandPicker } from '../../src/emulator/view/command-picker.js';
import type { PickerAnswer, PickerCommand } from '../../src/emulator/view/picker-types.js';
import { ADULT, ANN, APP, BOB, GENERAL, GUILD, interactionSeed } from '../helpers/interaction-seed.js';
import { startHttpBot, type HttpBot } from '../helpers/http-bot.js';
import { start } from './helpers.js';

const OTHER_GUILD = '120000000000000009';
const OTHER_CHANNEL = '130000000000000009';
const DEFAULTS = { applicationId: APP, guildId: GUILD };

function seed(): Seed {
  const s = interactionSeed();
  s.guilds!.push({
    id: OTHER_GUILD,
    name: 'Elsewhere',
    owner_id: ANN,
    members: [{ id: ANN, username: 'ann' }],
    channels: [{ id: OTHER_CHANNEL, name: 'lobby' }],
  });
  s.commands!.push(
    {
      application_id: APP,
      name: 'greet',
      description: 'Greet someone',
      name_localizations: { 'en-US': 'greet-us', 'es-ES': 'saludar', fr: 'saluer' },
      description_localizations: { 'es-ES': 'Saludar a alguien', fr: 'Saluer quelqu’un' },
      options: [
        {
          type: 3,
          name: 'tone',
          description: 'How',
          name_localizations: { fr: 'ton' },
          choices: [
            { name: 'warm', value: 'w', name_localizations: { fr: 'chaleureux' } },
            { name: 'cold', value: 'c' },
          ],
        },
        { type: 4, name: 'times', description: 'How often', min_value: 1, max_value: 5 },
      ],
    },
    {
      application_id: APP,
      name: 'config',
      description: 'Configure',
      options: [
        {
          type: 2,
          name: 'logging',
          description: 'Logs',
          options: [
            {
              type: 1,
              name: 'enable',
              description: 'On',
              options: [{ type: 7, name: 'channel', description: 'Where', required: true, channel_types: [0] }],
            },
          ],
        },
      ],
    },
    { application_id: APP, name: 'dmonly', description: 'Only in DMs', contexts: [1] },
    { application_id: APP, name: 'blocked', description: 'Bob may not' },
    { application_id: APP, guild_id: OTHER_GUILD, name: 'faraway', description: 'Another guild’s' },
    { application_id: APP, type: 2, name: 'Profile', description: '' },
  );
  return s;
}

const byName = (answer: PickerAnswer | string, defaultName: string): PickerCommand => {
  if (typeof answer === 'string') throw new Error(answer);
  const c = answer.commands.find((x) => x.defaultName === defaultName);
  if (!c) throw new Error(`no ${defaultName} in ${answer.commands.map((x) => x.defaultName).join(', ')}`);
  return c;
};

describe('the command picker (GET /__emulator/view/commands)', () => {
  let em: RunningEmulator;
  let bot: HttpBot;
  beforeAll(async () => {
    em = await start({ seed: seed() });
    bot = await startHttpBot({ publicKey: em.credentials.publicKey, apiBase: em.url });
    em.world.applications[APP]!.interactionsEndpointUrl = bot.url;
    const blocked = Object.values(em.world.commands).find((c) => c.name === 'blocked')!;
    em.world.permissions[`${GUILD}:${blocked.id}`] = {
      id: blocked.id,
      application_id: APP,
      guild_id: GUILD,
      permissions: [{ id: BOB, type: 2, permission: false }],
    };
  });
  afterAll(async () => {
    await bot?.close();
    await em?.close();
  });

  const picker = (q: Record<string, string>) =>
    commandPicker(em.world, { guildId: GUILD, channelId: GENERAL, memberId: BOB, ...q }, DEFAULTS);

  it('shows names and descriptions in the locale, with the service’s fallbacks, and the default otherwise', () => {
    expect(byName(picker({ locale: 'fr' }), 'greet')).toMatchObject({
      name: 'saluer',
      description: 'Saluer quelqu’un',
      localized: true,
    });
    // en-GB falls back to en-US; es-419 to es-ES; a locale with neither shows the default.
    expect(byName(picker({ locale: 'en-GB' }), 'greet')).toMatchObject({
      name: 'greet-us',
      description: 'Greet someone',
      localized: true,
    });
    expect(byName(picker({ locale: 'es-419' }), 'greet')).toMatchObject({
      name: 'saludar',
      description: 'Saludar a alguien',
      localized: true,
    });
    expect(byName(picker({ locale: 'de' }), 'greet')).toMatchObject({
      name: 'greet',
      description: 'Greet someone',
      localized: false,
      defaultName: 'greet',
    });
  });

  it("without a locale asked, shows the member's own setting (the user's settings), else en-US", () => {
    const bob = em.world.guilds[GUILD]!.members.find((m) => m.id === BOB)!;
    expect(picker({})).toMatchObject({ locale: 'en-US' });
    bob.locale = 'fr';
    try {
      expect(picker({})).toMatchObject({ locale: 'fr' });
      expect(byName(picker({}), 'greet')).toMatchObject({ name: 'saluer', localized: true });
      expect(picker({ locale: 'de' })).toMatchObject({ locale: 'de' });
    } finally {
      delete bob.locale;
    }
  });

  it('localizes options and choice names, keeping the default names the invoke form types', () => {
    const [tone, times] = byName(picker({ locale: 'fr' }), 'greet').options;
    expect(tone).toMatchObject({
      name: 'ton',
      defaultName: 'tone',
      type: 3,
      required: false,
      autocomplete: false,
      choices: [
        { name: 'chaleureux', defaultName: 'warm', value: 'w' },
        { name: 'cold', defaultName: 'cold', value: 'c' },
      ],
    });
    expect(times).toMatchObject({ name: 'times', type: 4, min_value: 1, max_value: 5 });
    const config = byName(picker({}), 'config');
    expect(config.options[0]).toMatchObject({
      type: 2,
      name: 'logging',
      options: [
        { type: 1, name: 'enable', options: [{ type: 7, name: 'channel', required: true, channel_types: [0] }] },
      ],
    });
  });

  it('lists the guild’s commands and the global ones (not another guild’s), ordered by the name shown, context menus after', () => {
    const here = picker({ locale: 'fr' });
    if (typeof here === 'string') throw new Error(here);
    expect(here.commands.some((c) => c.defaultName === 'faraway')).toBe(false);
    expect(byName(here, 'admin')).toMatchObject({ scope: 'guild', guildId: GUILD });
    expect(byName(here, 'hello')).toMatchObject({ scope: 'global', name: 'bonjour' });
    const slash = here.commands.filter((c) => c.type === 1).map((c) => c.name);
    expect(slash).toEqual([...slash].sort((a, b) => a.localeCompare(b, 'fr')));
    expect(here.commands.at(-1)).toMatchObject({ type: 2, name: 'Profile' });
    expect(
      byName(
        commandPicker(em.world, { guildId: OTHER_GUILD, channelId: OTHER_CHANNEL, memberId: ANN }, DEFAULTS),
        'faraway',
      ).scope,
    ).toBe('guild');
    // A DM with the bot: global commands only.
    const dm = commandPicker(em.world, { guildId: '', memberId: BOB }, DEFAULTS);
    if (typeof dm === 'string') throw new Error(dm);
    expect(dm.commands.every((c) => c.scope === 'global')).toBe(true);
    expect(byName(dm, 'dmonly').access.allowed).toBe(true);
  });

  it('says who may use each command, with the reason', () => {
    // A member who may not use a command does not see it (spec): left out of the picker, with why.
    expect(byName(picker({}), 'admin').access).toMatchObject({
      allowed: false,
      kind: 'permission',
      listed: false,
      message: 'This command is not in your command picker here.',
    });
    expect(byName(picker({}), 'admin').access.reason).toContain('lacks MANAGE_GUILD');
    expect(byName(picker({ memberId: ANN }), 'admin').access.allowed).toBe(true);
    expect(byName(picker({}), 'adult').access).toMatchObject({ allowed: false, kind: 'age-restricted' });
    expect(byName(picker({ channelId: ADULT }), 'adult').access).toMatchObject({
      allowed: false,
      kind: 'age-restricted',
      listed: true,
    });
    expect(byName(picker({ channelId: ADULT, memberId: ANN }), 'adult').access.allowed).toBe(true);
    expect(byName(picker({}), 'dmonly').access).toMatchObject({ allowed: false, kind: 'context', listed: false });
    expect(byName(picker({}), 'blocked').access).toMatchObject({ allowed: false, kind: 'permission' });
    expect(byName(picker({ memberId: ANN }), 'blocked').access.allowed).toBe(true);
  });

  it('never disagrees with an actual invocation', async () => {
    const lines: Record<string, string> = {
      hello: '/hello',
      admin: '/admin',
      adult: '/adult',
      dmonly: '/dmonly',
      blocked: '/blocked',
      greet: '/greet',
      search: '/search fruit:apple',
    };
    let refused = 0;
    let allowed = 0;
    for (const memberId of [ANN, BOB]) {
      for (const channelId of [GENERAL, ADULT]) {
        const answer = picker({ memberId, channelId });
        for (const [name, line] of Object.entries(lines)) {
          const shown = byName(answer, name).access;
          const out = await em.invoke({ line, channelId, userId: memberId });
          expect({ name, memberId, channelId, outcome: out.outcome === 'refused' ? 'refused' : 'answered' }).toEqual({
            name,
            memberId,
            channelId,
            outcome: shown.allowed ? 'answered' : 'refused',
          });
          if (out.outcome === 'refused') {
            expect(out.refusal.reason).toBe(shown.reason);
            refused++;
          } else allowed++;
        }
      }
      const user = await em.invoke({ userCommand: 'Profile', target: BOB, channelId: GENERAL, userId: memberId });
      expect(user.outcome === 'refused').toBe(!byName(picker({ memberId }), 'Profile').access.allowed);
    }
    expect(refused).toBeGreaterThan(0);
    expect(allowed).toBeGreaterThan(0);
  });

  it('answers over HTTP with the control token, and says what is wrong with a query', async () => {
    const origin = new URL(em.url).origin;
    const get = async (qs: string, token = em.controlToken) => {
      const res = await request(`${origin}/__emulator/view/commands?${qs}`, {
        headers: { 'x-cmdsync-control': token },
      });
      return { status: res.statusCode, body: (await res.body.json()) as any };
    };
    const ok = await get(`guild_id=${GUILD}&channel_id=${GENERAL}&member_id=${BOB}&locale=fr`);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      applicationId: APP,
      guildId: GUILD,
      channelId: GENERAL,
      memberId: BOB,
      locale: 'fr',
    });
    expect(ok.body.commands.find((c: PickerCommand) => c.defaultName === 'hello').name).toBe('bonjour');
    expect(JSON.stringify(ok.body)).not.toContain(em.credentials.botToken);
    const stranger = await get(`guild_id=${GUILD}&member_id=199999999999999999`);
    expect(stranger).toMatchObject({
      status: 400,
      body: { message: `user 199999999999999999 is not a member of guild ${GUILD}` },
    });
    expect((await get(`application_id=1`)).status).toBe(400);
    expect((await get('', 'wrong')).status).toBe(401);
  });
});
