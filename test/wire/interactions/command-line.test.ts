import { describe, expect, it } from 'vitest';
import {
  CommandLineError,
  parseCommandLine,
  pointAt,
  resolveOptions,
  type MentionLookup,
} from '../../../src/wire/interactions/index.js';

const GUILD = '100000000000000001';
const USER = '200000000000000001';
const ROLE = '300000000000000001';
const TEXT = '400000000000000001';
const VOICE = '400000000000000002';

const lookup: MentionLookup = {
  isUser: (id) => id === USER,
  isRole: (id) => id === ROLE || id === GUILD,
  channelType: (id) => (id === TEXT ? 0 : id === VOICE ? 2 : undefined),
};

const config = {
  name: 'config',
  type: 1,
  options: [
    {
      type: 2,
      name: 'logging',
      name_localizations: { fr: 'journal' },
      options: [
        {
          type: 1,
          name: 'enable',
          options: [
            { type: 7, name: 'channel', required: true, channel_types: [0, 5] },
            { type: 3, name: 'note', min_length: 2, max_length: 10 },
            { type: 4, name: 'days', min_value: 1, max_value: 30 },
            { type: 10, name: 'ratio' },
            { type: 5, name: 'loud' },
            { type: 6, name: 'who' },
            { type: 8, name: 'role' },
            { type: 9, name: 'target' },
            { type: 11, name: 'file' },
            {
              type: 3,
              name: 'level',
              choices: [
                { name: 'Low', name_localizations: { fr: 'Bas' }, value: 'low' },
                { name: 'High', value: 'high' },
              ],
            },
            { type: 3, name: 'query', autocomplete: true },
          ],
        },
      ],
    },
  ],
};

function leaf(line: string, opts: { autocomplete?: boolean; locale?: string } = {}) {
  const parsed = parseCommandLine(line, opts.autocomplete);
  const { result } = resolveOptions(config, parsed, { ...opts, lookup });
  return { result, leaf: result.options[0]!.options![0]!.options! };
}

describe('the command line as a user types it', () => {
  it.each([
    [`/config logging enable channel:<#${TEXT}>`, [{ name: 'channel', type: 7, value: TEXT }]],
    [`/config logging enable channel:#${TEXT}`, [{ name: 'channel', type: 7, value: TEXT }]],
    [
      `/config logging enable note:"two w" channel:${TEXT}`,
      [
        { name: 'channel', type: 7, value: TEXT },
        { name: 'note', type: 3, value: 'two w' },
      ],
    ],
    [
      `/config logging enable channel:#${TEXT} note:'it\\'s'`,
      [
        { name: 'channel', type: 7, value: TEXT },
        { name: 'note', type: 3, value: "it's" },
      ],
    ],
    [
      `/config logging enable channel:#${TEXT} days:7 ratio:0.5 loud:True`,
      [
        { name: 'channel', type: 7, value: TEXT },
        { name: 'days', type: 4, value: 7 },
        { name: 'ratio', type: 10, value: 0.5 },
        { name: 'loud', type: 5, value: true },
      ],
    ],
    [
      `/config logging enable channel:#${TEXT} who:<@!${USER}> role:<@&${ROLE}> target:<@&${ROLE}>`,
      [
        { name: 'channel', type: 7, value: TEXT },
        { name: 'who', type: 6, value: USER },
        { name: 'role', type: 8, value: ROLE },
        { name: 'target', type: 9, value: ROLE },
      ],
    ],
    [
      `/config logging enable channel:#${TEXT} level:High`,
      [
        { name: 'channel', type: 7, value: TEXT },
        { name: 'level', type: 3, value: 'high' },
      ],
    ],
    [
      `/config logging enable channel:#${TEXT} level:low`,
      [
        { name: 'channel', type: 7, value: TEXT },
        { name: 'level', type: 3, value: 'low' },
      ],
    ],
    [
      `/config logging enable channel:#${TEXT} file:file:./a.png`,
      [
        { name: 'channel', type: 7, value: TEXT },
        { name: 'file', type: 11, value: '' },
      ],
    ],
  ])('%s', (line, expected) => {
    expect(leaf(line).leaf).toEqual(expected);
  });

  it('nests the group and subcommand around the options, default names only', () => {
    const { result } = leaf(`/config journal enable channel:#${TEXT} level:Bas`, { locale: 'fr' });
    expect(result.options).toEqual([
      {
        name: 'logging',
        type: 2,
        options: [
          {
            name: 'enable',
            type: 1,
            options: [
              { name: 'channel', type: 7, value: TEXT },
              { name: 'level', type: 3, value: 'low' },
            ],
          },
        ],
      },
    ]);
    expect(result.channels).toEqual([TEXT]);
  });

  it('collects mentions and attachment paths for data.resolved', () => {
    const { result } = leaf(`/config logging enable channel:#${TEXT} who:<@${USER}> file:./x.txt`);
    expect(result.users).toEqual([USER]);
    expect(result.attachments).toEqual([{ option: 'file', path: './x.txt' }]);
  });
});

describe('refused lines point at the bad token', () => {
  it.each([
    ['config logging', 'config', 'starts with /name'],
    [`/config loging enable channel:#${TEXT}`, 'loging', 'unknown subcommand "loging"'],
    ['/config logging', '', 'choose a subcommand: enable'],
    [`/config logging enable note:hi`, '', 'missing required option: channel'],
    [
      `/config logging enable channel:#${VOICE}`,
      `#${VOICE}`,
      'GUILD_VOICE; this option takes GUILD_TEXT, GUILD_ANNOUNCEMENT',
    ],
    [`/config logging enable channel:#999999999999999999`, '#999', 'no channel'],
    [`/config logging enable channel:#${TEXT} days:0`, '0', 'at least 1'],
    [`/config logging enable channel:#${TEXT} days:31`, '31', 'at most 30'],
    [`/config logging enable channel:#${TEXT} days:2.5`, '2.5', 'not an integer'],
    [`/config logging enable channel:#${TEXT} ratio:abc`, 'abc', 'not a number'],
    [`/config logging enable channel:#${TEXT} note:x`, 'x', 'at least 2 characters'],
    [`/config logging enable channel:#${TEXT} note:"much too long"`, '"much', 'at most 10 characters'],
    [`/config logging enable channel:#${TEXT} loud:yes`, 'yes', 'not True or False'],
    [`/config logging enable channel:#${TEXT} level:medium`, 'medium', 'not one of the choices: Low, High'],
    [`/config logging enable channel:#${TEXT} who:<@&${ROLE}>`, '<@&', 'not a user mention'],
    [`/config logging enable channel:#${TEXT} colour:red`, 'colour', 'unknown option "colour"'],
    [`/config logging enable channel:#${TEXT} note:"open`, 'note:"open', 'never closed'],
    [`/config logging enable channel:#${TEXT} days:1 days:2`, 'days:2', 'given twice'],
    [`/config logging enable channel:#${TEXT} stray`, 'stray', 'is not name:value'],
  ])('%s', (line, token, message) => {
    // An empty token: the caret goes at the end of the line, where something is missing.
    const column = token === '' ? line.length : line.lastIndexOf(token);
    let err: unknown;
    try {
      leaf(line);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(CommandLineError);
    const e = err as CommandLineError;
    expect(e.code).toBe('INVOKE_LINE_INVALID');
    expect(e.message).toContain(message);
    expect(e.column).toBe(column);
    const shown = pointAt(line, e).split('\n');
    expect(shown[1]!.indexOf('^')).toBe(column);
  });
});

describe('autocomplete: a partial line', () => {
  it('focuses the option being typed and sends its partial value as typed', () => {
    const { leaf: opts, result } = leaf(`/config logging enable query:"par`, { autocomplete: true });
    expect(opts).toEqual([{ name: 'query', type: 3, value: 'par', focused: true }]);
    expect(result.focused).toBe('query');
  });

  it('lets required options be missing, still checks the finished ones', () => {
    expect(leaf(`/config logging enable days:3 query:`, { autocomplete: true }).leaf).toEqual([
      { name: 'days', type: 4, value: 3 },
      { name: 'query', type: 3, value: '', focused: true },
    ]);
    expect(() => leaf(`/config logging enable days:99 query:x`, { autocomplete: true })).toThrow('at most 30');
  });

  it('refuses to focus an option without autocomplete', () => {
    expect(() => leaf(`/config logging enable note:x`, { autocomplete: true })).toThrow('has no autocomplete');
  });
});
