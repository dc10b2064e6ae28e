import { describe, expect, it } from 'vitest';
import { ANN, resolveLine, withNames } from './option-world.js';

const admin = {
  name: 'admin',
  type: 1,
  options: [
    {
      type: 2,
      name: 'member',
      name_localizations: { fr: 'membre' },
      options: [
        {
          type: 1,
          name: 'ban',
          options: [
            { type: 6, name: 'who', required: true },
            { type: 3, name: 'why', required: true },
            { type: 4, name: 'days' },
          ],
        },
        { type: 1, name: 'kick' },
      ],
    },
    { type: 1, name: 'ping', name_localizations: null, options: [] },
  ],
};
const echo = {
  name: 'echo',
  type: 1,
  options: [
    { type: 3, name: 'text', required: true, name_localizations: null },
    { type: 4, name: 'times', autocomplete: true },
  ],
};
const say = {
  name: 'say',
  type: 1,
  options: [{ type: 1, name: 'now', options: [{ type: 3, name: 'text', required: true }] }],
};
const groupOnly = { name: 'grp', type: 1, options: [admin.options[0]] };
const bare = { name: 'bare', type: 1 };

const refused = (message: string, column: number, width: number) => ({ refused: { message, column, width } });

describe('the path: group, then subcommand', () => {
  it('the chosen names, default ones, and the options nested in them', () => {
    // A group typed by its French name is sent by its default one.
    expect(
      resolveLine(admin, `/admin membre ban why:spam who:<@${ANN}>`, { locale: 'fr', lookup: withNames }),
    ).toMatchObject({
      path: ['member', 'ban'],
      result: { options: [{ name: 'member' }] },
    });
    const r = resolveLine(admin, `/admin member ban why:spam days:2 who:<@${ANN}>`);
    expect(r).toEqual({
      path: ['member', 'ban'],
      result: {
        options: [
          {
            name: 'member',
            type: 2,
            options: [
              {
                name: 'ban',
                type: 1,
                options: [
                  { name: 'who', type: 6, value: ANN },
                  { name: 'why', type: 3, value: 'spam' },
                  { name: 'days', type: 4, value: 2 },
                ],
              },
            ],
          },
        ],
        users: [ANN],
        roles: [],
        channels: [],
        attachments: [],
      },
    });
    expect(resolveLine(admin, '/admin ping')).toMatchObject({
      path: ['ping'],
      result: { options: [{ name: 'ping', type: 1, options: [] }] },
    });
  });

  it('an unknown subcommand: the ones there are, or that there are none', () => {
    expect(resolveLine(admin, '/admin nope')).toEqual(
      refused('unknown subcommand "nope" (expected one of: member, ping)', 7, 4),
    );
    expect(resolveLine(admin, '/admin nope', { locale: 'fr' })).toEqual(
      refused('unknown subcommand "nope" (expected one of: member, ping)', 7, 4),
    );
    // An option's name is no subcommand.
    expect(resolveLine(echo, '/echo text')).toEqual(
      refused('unknown subcommand "text" (this command takes no subcommand here)', 6, 4),
    );
  });

  it('a word after the subcommand', () => {
    expect(resolveLine(admin, '/admin ping extra')).toEqual(refused('unexpected "extra"', 12, 5));
  });

  it('a group or a subcommand still to choose, the caret after the last word', () => {
    expect(resolveLine(groupOnly, '/grp')).toEqual(refused('choose a subcommand: member', 4, 1));
    expect(resolveLine(admin, '/admin member')).toEqual(refused('choose a subcommand: ban, kick', 13, 1));
  });
});

describe('the options', () => {
  it('an unknown option: the options there are, or that there are none; the caret under its name', () => {
    expect(resolveLine(echo, '/echo colour:red')).toEqual(
      refused('unknown option "colour" (options: text, times)', 6, 6),
    );
    expect(resolveLine(echo, '/echo colour:red', { locale: 'fr' })).toEqual(
      refused('unknown option "colour" (options: text, times)', 6, 6),
    );
    expect(resolveLine(admin, '/admin ping x:1')).toEqual(
      refused('unknown option "x" (this command takes no options)', 12, 1),
    );
    expect(resolveLine(bare, '/bare x:1')).toEqual(refused('unknown option "x" (this command takes no options)', 6, 1));
  });

  it('an option given twice', () => {
    expect(resolveLine(echo, '/echo text:a text:bc')).toEqual(refused('"text" is given twice', 13, 7));
  });

  it('required options missing: listed, the caret after the last token', () => {
    expect(resolveLine(echo, '/echo')).toEqual(refused('missing required option: text', 5, 1));
    expect(resolveLine(echo, '/echo times:2')).toEqual(refused('missing required option: text', 13, 1));
    expect(resolveLine(admin, '/admin member ban')).toEqual(refused('missing required options: who, why', 17, 1));
    expect(resolveLine(say, '/say now')).toEqual(refused('missing required option: text', 8, 1));
  });

  it('a value refused: the caret under the value, at least one column', () => {
    expect(resolveLine(echo, '/echo text:x times:abc')).toEqual(refused('"abc" is not an integer', 19, 3));
    expect(resolveLine(echo, '/echo text:x times:')).toEqual(refused('"" is not an integer', 19, 1));
  });
});

describe('autocomplete', () => {
  it('the last pair is focused, sent as typed; required options may be missing', () => {
    expect(resolveLine(echo, '/echo times:1', { autocomplete: true })).toEqual({
      path: [],
      result: {
        options: [{ name: 'times', type: 4, value: '1', focused: true }],
        users: [],
        roles: [],
        channels: [],
        attachments: [],
        focused: 'times',
      },
    });
  });

  it('no pair to focus, or one without autocomplete', () => {
    expect(resolveLine(echo, '/echo', { autocomplete: true })).toEqual(
      refused('autocomplete needs an option being typed (name:partial)', 5, 1),
    );
    expect(resolveLine(echo, '/echo times:1 text:ab', { autocomplete: true })).toEqual(
      refused('option "text" has no autocomplete', 14, 7),
    );
  });
});
