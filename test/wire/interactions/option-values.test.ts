import { describe, expect, it } from 'vitest';
import {
  ANN,
  BOB,
  byId,
  DEV_ROLE,
  DEV_USER,
  GENERAL,
  GUILD,
  LOUNGE,
  MOD,
  oneOption,
  STRANGER,
  sentValue,
} from './option-world.js';

const STRING = { type: 3 };
const INTEGER = { type: 4 };
const NUMBER = { type: 10 };
const BOOLEAN = { type: 5 };
const USER = { type: 6 };
const CHANNEL = { type: 7 };
const ROLE = { type: 8 };
const MENTIONABLE = { type: 9 };
const ATTACHMENT = { type: 11 };

describe('STRING', () => {
  it('lengths in characters (code points), both limits included', () => {
    const def = { ...STRING, min_length: 2, max_length: 3 };
    expect(sentValue(def, 'ab')).toBe('ab');
    expect(sentValue(def, 'abc')).toBe('abc');
    expect(sentValue(def, '🎉🎉🎉')).toBe('🎉🎉🎉');
    expect(sentValue(def, 'a')).toBe('at least 2 characters');
    expect(sentValue(def, 'abcd')).toBe('at most 3 characters');
  });

  it('null limits are no limits', () => {
    expect(sentValue({ ...STRING, min_length: null, max_length: null }, 'x')).toBe('x');
  });

  it('an empty value is refused, the caret on the one column after the colon', () => {
    expect(oneOption(STRING, '')).toEqual({ refused: { message: 'a value is needed', column: 5, width: 1 } });
  });

  it('the caret spans the value', () => {
    expect(oneOption({ ...STRING, max_length: 3 }, 'abcd')).toEqual({
      refused: { message: 'at most 3 characters', column: 5, width: 4 },
    });
  });
});

describe('INTEGER and NUMBER', () => {
  it.each([
    ['12', 12],
    ['-3', -3],
    ['9007199254740991', 9007199254740991],
    ['-9007199254740991', -9007199254740991],
    ['9007199254740992', 'must be between -9007199254740991 and 9007199254740991'],
    ['-9007199254740992', 'must be between -9007199254740991 and 9007199254740991'],
    ['2.5', '"2.5" is not an integer'],
    ['0x10', '"0x10" is not an integer'],
  ])('INTEGER %s', (typed, expected) => {
    expect(sentValue(INTEGER, typed)).toBe(expected);
  });

  it.each([
    ['5', 5],
    ['12', 12],
    ['12.5', 12.5],
    ['-2.5', -2.5],
    ['1.', 1],
    ['.25', 0.25],
    ['1e3', 1000],
    ['1E10', 1e10],
    ['1e-3', 0.001],
    ['2e+2', 200],
    // Number() reads these, the client does not.
    ['0x10', '"0x10" is not a number'],
    [' 7', '" 7" is not a number'],
    ['1e', '"1e" is not a number'],
    ['.', '"." is not a number'],
    ['1e400', '"1e400" is not a number'],
  ])('NUMBER %s', (typed, expected) => {
    expect(sentValue(NUMBER, typed)).toBe(expected);
  });

  it('min_value and max_value included; null ones are no limits', () => {
    const def = { ...INTEGER, min_value: 1, max_value: 30 };
    expect(sentValue(def, '1')).toBe(1);
    expect(sentValue(def, '30')).toBe(30);
    expect(sentValue(def, '0')).toBe('must be at least 1');
    expect(sentValue(def, '31')).toBe('must be at most 30');
    expect(sentValue({ ...NUMBER, min_value: null, max_value: null }, '-5')).toBe(-5);
    expect(sentValue({ ...NUMBER, min_value: null, max_value: null }, '5')).toBe(5);
  });

  it('choices: picked by name or by value, the value sent as a number', () => {
    const def = {
      ...INTEGER,
      choices: [
        { name: 'Ten', value: 10 },
        { name: 'Twenty', value: 20 },
      ],
    };
    expect(sentValue(def, 'Ten')).toBe(10);
    expect(sentValue(def, '20')).toBe(20);
    expect(sentValue(def, 'Thirty')).toBe('"Thirty" is not one of the choices: Ten, Twenty');
    expect(sentValue({ ...def, min_value: 15 }, 'Ten')).toBe('must be at least 15');
  });
});

describe('BOOLEAN', () => {
  it.each([
    ['true', true],
    ['True', true],
    ['false', false],
    ['FALSE', false],
    ['yes', '"yes" is not True or False'],
  ])('%s', (typed, expected) => {
    expect(sentValue(BOOLEAN, typed)).toBe(expected);
  });
});

describe('USER and ROLE', () => {
  it.each([
    [`<@${ANN}>`, ANN],
    [`<@!${ANN}>`, ANN],
    [BOB, BOB],
    ['@ann', ANN],
    ['ann', '"ann" is not a user mention (<@id>)'],
    ['@', '"@" is not a user mention (<@id>)'],
    [`<@&${MOD}>`, `"<@&${MOD}>" is not a user mention (<@id>)`],
    [`<@${STRANGER}>`, `no user ${STRANGER} here`],
    // Nearest names first.
    ['@zed', `no user named "@zed" in this server; users: @dev (${DEV_USER}), @ann (${ANN}), @bob (${BOB})`],
  ])('USER %s', (typed, expected) => {
    expect(sentValue(USER, typed)).toBe(expected);
  });

  it.each([
    [`<@&${MOD}>`, MOD],
    [MOD, MOD],
    ['@Mod', MOD],
    ['@everyone', GUILD],
    ['Mod', '"Mod" is not a role mention (<@&id>)'],
    [`<@${ANN}>`, `"<@${ANN}>" is not a role mention (<@&id>)`],
    [`<@&${STRANGER}>`, `no role ${STRANGER} in this server`],
    [ANN, `no role ${ANN} in this server`],
  ])('ROLE %s', (typed, expected) => {
    expect(sentValue(ROLE, typed)).toBe(expected);
  });

  it('the ids go to data.resolved: users and roles', () => {
    expect(oneOption(USER, '@bob')).toEqual({
      options: [{ name: 'o', type: 6, value: BOB }],
      users: [BOB],
      roles: [],
      channels: [],
      attachments: [],
    });
    expect(oneOption(ROLE, '@Mod')).toEqual({
      options: [{ name: 'o', type: 8, value: MOD }],
      users: [],
      roles: [MOD],
      channels: [],
      attachments: [],
    });
  });

  it('without the names a lookup can give, `@name` is no mention', () => {
    expect(sentValue(USER, '@ann', { lookup: byId })).toBe('"@ann" is not a user mention (<@id>)');
    expect(sentValue(ROLE, '@Mod', { lookup: byId })).toBe('"@Mod" is not a role mention (<@&id>)');
  });

  it('without a lookup no id resolves', () => {
    expect(sentValue(USER, `<@${ANN}>`, {})).toBe(`no user ${ANN} here`);
    expect(sentValue(ROLE, `<@&${MOD}>`, {})).toBe(`no role ${MOD} in this server`);
    expect(sentValue(MENTIONABLE, `<@${ANN}>`, {})).toBe(`"<@${ANN}>" is not a user or role mention here`);
    expect(sentValue(MENTIONABLE, `<@&${MOD}>`, {})).toBe(`"<@&${MOD}>" is not a user or role mention here`);
    expect(sentValue(CHANNEL, `<#${GENERAL}>`, {})).toBe(`no channel ${GENERAL} in this server`);
  });
});

describe('MENTIONABLE: a member or a role', () => {
  it.each([
    [`<@&${MOD}>`, MOD, 'roles'],
    [`<@${ANN}>`, ANN, 'users'],
    [ANN, ANN, 'users'],
    // A bare id that is a role's.
    [MOD, MOD, 'roles'],
    ['@ann', ANN, 'users'],
    ['@Mod', MOD, 'roles'],
  ])('%s', (typed, id, kind) => {
    const r = oneOption(MENTIONABLE, typed);
    expect(r).toEqual({
      options: [{ name: 'o', type: 9, value: id }],
      users: kind === 'users' ? [id] : [],
      roles: kind === 'roles' ? [id] : [],
      channels: [],
      attachments: [],
    });
  });

  it.each([
    ['@dev', `"@dev" names both a member (${DEV_USER}) and a role (${DEV_ROLE}); give <@id> or <@&id>`],
    [
      '@zed',
      `no user named "@zed" in this server; users: @dev (${DEV_USER}), @ann (${ANN}), @bob (${BOB}); ` +
        `no role named "@zed" in this server; roles: @Mod (${MOD}), @dev (${DEV_ROLE}), @everyone (${GUILD})`,
    ],
    ['@', '"@" is not a user or role mention here'],
    ['ann', '"ann" is not a user or role mention here'],
    [`<@&${STRANGER}>`, `"<@&${STRANGER}>" is not a user or role mention here`],
    [STRANGER, `"${STRANGER}" is not a user or role mention here`],
  ])('refused: %s', (typed, message) => {
    expect(sentValue(MENTIONABLE, typed)).toBe(message);
  });
});

describe('CHANNEL', () => {
  it.each([
    [`<#${GENERAL}>`, GENERAL],
    [`#${GENERAL}`, GENERAL],
    [GENERAL, GENERAL],
    ['#general', GENERAL],
    ['general', '"general" is not a channel mention (<#id>)'],
    ['#', '"#" is not a channel mention (<#id>)'],
    ['#attic', `no channel named "#attic" in this server; channels: #lounge (${LOUNGE}), #general (${GENERAL})`],
    [`<#${STRANGER}>`, `no channel ${STRANGER} in this server`],
  ])('%s', (typed, expected) => {
    expect(sentValue(CHANNEL, typed)).toBe(expected);
  });

  it('only the types the option takes', () => {
    const def = { ...CHANNEL, channel_types: [0, 5] };
    expect(oneOption(def, '#general')).toEqual({
      options: [{ name: 'o', type: 7, value: GENERAL }],
      users: [],
      roles: [],
      channels: [GENERAL],
      attachments: [],
    });
    expect(sentValue(def, '#lounge')).toBe(
      `channel ${LOUNGE} is GUILD_VOICE; this option takes GUILD_TEXT, GUILD_ANNOUNCEMENT`,
    );
  });
});

it('a name is asked of the lookup as the kind the option takes', () => {
  const asked: string[] = [];
  const recording = {
    ...byId,
    named: (kind: 'user' | 'role' | 'channel', name: string) => {
      asked.push(`${kind} ${name}`);
      return { problem: 'none' };
    },
  };
  for (const def of [USER, ROLE, CHANNEL, MENTIONABLE])
    sentValue(def, def === CHANNEL ? '#x' : '@x', { lookup: recording });
  expect(asked).toEqual(['user x', 'role x', 'channel x', 'user x', 'role x']);
});

describe('ATTACHMENT', () => {
  it('the path after file:, or the value as it is; the id is left for the upload', () => {
    expect(oneOption(ATTACHMENT, 'file:./a.png')).toEqual({
      options: [{ name: 'o', type: 11, value: '' }],
      users: [],
      roles: [],
      channels: [],
      attachments: [{ option: 'o', path: './a.png' }],
    });
    expect(oneOption(ATTACHMENT, 'b/file:')).toMatchObject({ attachments: [{ option: 'o', path: 'b/file:' }] });
  });

  it('no path', () => {
    expect(sentValue(ATTACHMENT, 'file:')).toBe('give a file as file:PATH');
    expect(sentValue(ATTACHMENT, '')).toBe('give a file as file:PATH');
  });
});

it('an option type that takes no value', () => {
  expect(sentValue({ type: 99 }, 'x')).toBe('option type 99 cannot be given a value');
});
