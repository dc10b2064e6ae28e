import { describe, expect, it } from 'vitest';
import type { PickerCommand, PickerOption } from '../../src/emulator/view/picker-types.js';
import type { ViewGuild } from '../../src/emulator/view/world-types.js';
import { checkLine, commandPaths } from '../../src/web/views/command-form-model.js';

const opt = (o: Partial<PickerOption> & { type: number; defaultName: string }): PickerOption => ({
  name: o.defaultName,
  description: '',
  localized: false,
  required: false,
  autocomplete: false,
  ...o,
});
const command = (options: PickerOption[]): PickerCommand => ({
  id: '1',
  type: 1,
  scope: 'global',
  name: 'config',
  description: '',
  defaultName: 'config',
  localized: false,
  options,
  nsfw: false,
  contexts: null,
  integrationTypes: [0],
  defaultMemberPermissions: null,
  access: { allowed: true, reason: 'allowed', listed: true },
});
const guild: ViewGuild = {
  id: '120000000000000001',
  name: 'g',
  roles: [],
  members: [{ id: '140000000000000001', username: 'ann', roles: [], owner: true }],
  channels: [
    { id: '130000000000000001', name: 'general', type: 0 },
    { id: '130000000000000002', name: 'forum', type: 15 },
  ],
  apps: [],
};

describe('the invoke form model', () => {
  const cmd = command([
    opt({
      type: 2,
      defaultName: 'logging',
      name: 'journal',
      options: [
        opt({
          type: 1,
          defaultName: 'enable',
          name: 'activer',
          options: [
            opt({ type: 7, defaultName: 'channel', required: true, channel_types: [0] }),
            opt({ type: 3, defaultName: 'note', max_length: 5 }),
          ],
        }),
        opt({ type: 1, defaultName: 'disable' }),
      ],
    }),
    opt({
      type: 1,
      defaultName: 'level',
      options: [opt({ type: 3, defaultName: 'tone', choices: [{ name: 'chaud', defaultName: 'warm', value: 'w' }] })],
    }),
  ]);

  it('lists every subcommand path with default names to type and localized labels to show', () => {
    expect(commandPaths(cmd).map((p) => [p.words.join(' '), p.label])).toEqual([
      ['config logging enable', 'journal activer'],
      ['config logging disable', 'journal disable'],
      ['config level', 'level'],
    ]);
  });

  it('refuses what the spec refuses, naming the option, and passes a good line', () => {
    const [enable, , level] = commandPaths(cmd);
    expect(checkLine(cmd, enable!, new Map(), guild, 'fr')).toMatchObject({
      ok: false,
      message: 'missing required option: channel',
    });
    const forum = checkLine(cmd, enable!, new Map([['channel', '<#130000000000000002>']]), guild, 'fr');
    expect(forum).toMatchObject({ ok: false, optionName: 'channel' });
    expect(!forum.ok && forum.message).toContain('GUILD_FORUM');
    expect(
      checkLine(
        cmd,
        enable!,
        new Map([
          ['channel', '<#130000000000000001>'],
          ['note', 'too long'],
        ]),
        guild,
        'fr',
      ),
    ).toMatchObject({ ok: false, optionName: 'note', message: 'at most 5 characters' });
    expect(
      checkLine(
        cmd,
        enable!,
        new Map([
          ['channel', '<#130000000000000001>'],
          ['note', 'a b'],
        ]),
        guild,
        'fr',
      ),
    ).toEqual({ ok: true, line: '/config logging enable channel:<#130000000000000001> note:"a b"' });
    expect(checkLine(cmd, level!, new Map([['tone', 'warm']]), guild, 'fr')).toEqual({
      ok: true,
      line: '/config level tone:warm',
    });
  });

  it('builds the autocomplete line with the focused option last, required ones allowed missing', () => {
    const ac = command([
      opt({ type: 3, defaultName: 'fruit', autocomplete: true }),
      opt({ type: 4, defaultName: 'count', required: true }),
    ]);
    const [path] = commandPaths(ac);
    expect(
      checkLine(
        ac,
        path!,
        new Map([
          ['fruit', 'ap'],
          ['count', ''],
        ]),
        guild,
        'en-US',
        'fruit',
      ),
    ).toEqual({ ok: true, line: '/config fruit:ap' });
    expect(
      checkLine(
        ac,
        path!,
        new Map([
          ['fruit', 'ap'],
          ['count', '3'],
        ]),
        guild,
        'en-US',
        'fruit',
      ),
    ).toEqual({ ok: true, line: '/config count:3 fruit:ap' });
  });

  it('takes #name and @name as the emulator does, and lists the candidates for an unknown one', () => {
    const [enable] = commandPaths(cmd);
    expect(checkLine(cmd, enable!, new Map([['channel', '#general']]), guild, 'fr')).toEqual({
      ok: true,
      line: '/config logging enable channel:#general',
    });
    const typo = checkLine(cmd, enable!, new Map([['channel', '#genral']]), guild, 'fr');
    expect(typo).toMatchObject({
      ok: false,
      optionName: 'channel',
      message:
        'no channel named "#genral" in this server; channels: #general (130000000000000001), #forum (130000000000000002); did you mean #general?',
    });
  });
});
