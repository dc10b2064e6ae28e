/**
 * An option's field presence is written once (wire/defaults.ts `writeOption`):
 * what the emulator stores and what its responses send agree field for field,
 * `required` included, which the two copies once disagreed on for subcommands.
 */
import { describe, expect, it } from 'vitest';
import { shapeCommand } from '../../src/emulator/models/shape.js';
import type { StoredCommand } from '../../src/emulator/state/world.js';
import { canonicalOption } from '../../src/wire/defaults.js';
import { OptionType } from '../../src/wire/enums.js';

type Obj = Record<string, unknown>;

function stored(options: Obj[]): StoredCommand {
  return {
    id: '1000000000000000001',
    application_id: '1000000000000000000',
    guild_id: '1000000000000000002',
    version: '1000000000000000003',
    type: 1,
    name: 'tools',
    name_localizations: null,
    description: 'Tools',
    description_localizations: null,
    default_member_permissions: null,
    nsfw: false,
    options,
  };
}

/** Every optional field in both states, nested two levels, with a subcommand carrying `required`. */
const OPTIONS: Obj[] = [
  {
    type: OptionType.SUB_COMMAND_GROUP,
    name: 'group',
    description: 'A group',
    required: true,
    options: [
      {
        type: OptionType.SUB_COMMAND,
        name: 'sub',
        description: 'A subcommand',
        required: true,
        name_localizations: { fr: 'sous' },
        options: [
          {
            type: OptionType.STRING,
            name: 'text',
            description: 'Text',
            required: true,
            min_length: 1,
            max_length: 10,
            autocomplete: true,
          },
          {
            type: OptionType.INTEGER,
            name: 'n',
            description: 'N',
            required: false,
            choices: [{ name: 'one', value: 1, name_localizations: { de: 'eins' } }],
          },
          { type: OptionType.CHANNEL, name: 'where', description: 'Where', channel_types: [0, 5], autocomplete: false },
          {
            type: OptionType.NUMBER,
            name: 'x',
            description: 'X',
            min_value: -1.5,
            max_value: 2,
            choices: [],
            options: [],
          },
        ],
      },
      { type: OptionType.SUB_COMMAND, name: 'empty', description: 'No options', options: [] },
    ],
  },
];

describe('option field presence', () => {
  it('a subcommand or group never carries `required`, in storage or in any response', () => {
    const full = shapeCommand(stored(OPTIONS), { kind: 'full' });
    const list = shapeCommand(stored(OPTIONS), { kind: 'list', withLocalizations: false, locale: 'fr' });
    for (const shaped of [full, list]) {
      const group = (shaped.options as Obj[])[0]!;
      const sub = (group.options as Obj[])[0]!;
      expect(group).not.toHaveProperty('required');
      expect(sub).not.toHaveProperty('required');
      expect((sub.options as Obj[])[0]).toHaveProperty('required', true);
    }
    expect(canonicalOption(OPTIONS[0])).not.toHaveProperty('required');
  });

  it('a full response sends each option exactly as it is stored, key order included', () => {
    const canonical = OPTIONS.map(canonicalOption);
    const full = shapeCommand(stored(canonical), { kind: 'full' });
    expect(JSON.stringify(full.options)).toBe(JSON.stringify(canonical));
    // Sent raw (as a data file written by an older version could hold them), the response is still the stored form.
    expect(JSON.stringify(shapeCommand(stored(OPTIONS), { kind: 'full' }).options)).toBe(JSON.stringify(canonical));
  });

  it('a GET list differs from the stored form only in how names are written', () => {
    const canonical = OPTIONS.map(canonicalOption);
    const list = shapeCommand(stored(canonical), { kind: 'list', withLocalizations: false, locale: 'fr' });
    const sub = ((list.options as Obj[])[0]!.options as Obj[])[0]!;
    expect(sub).toMatchObject({ name: 'sub', name_localized: 'sous' });
    expect(sub).not.toHaveProperty('name_localizations');
    const withDicts = shapeCommand(stored(canonical), { kind: 'list', withLocalizations: true, locale: 'fr' });
    expect(JSON.stringify(withDicts.options)).toBe(JSON.stringify(canonical));
  });
});
