import { describe, expect, it } from 'vitest';
import { lintPath } from '../../src/cli/commands/lint.js';
import { testdir } from '../helpers/tmp.js';
import { join } from 'node:path';

/** Misspelled enum values and permission names get a "did you mean", with the article English wants. */
function messages(yaml: string): string[] {
  const cwd = testdir({ 'cmdsync.yaml': `application_id: "500000000000000001"\n${yaml}` });
  return lintPath(join(cwd, 'cmdsync.yaml'), { cwd, env: {} }).diagnostics.map((d) => d.message);
}

describe('did you mean', () => {
  it('for option types, channel types and contexts', () => {
    const out = messages(
      [
        'commands:',
        '  - name: a',
        '    description: A',
        '    contexts: [guild, bot_dn]',
        '    options:',
        '      - { type: strng, name: b, description: B }',
        '      - { type: chanel, name: c, description: C, channel_types: [guild_txt] }',
      ].join('\n'),
    );
    expect(out).toContain('"strng" is not an option type; did you mean "string"?');
    expect(out).toContain('"chanel" is not an option type; did you mean "channel"?');
    expect(out).toContain('"guild_txt" is not a channel type; did you mean "guild_text"?');
    expect(out).toContain('"bot_dn" is not an interaction context; did you mean "bot_dm"?');
  });

  it('for permission names', () => {
    const out = messages(
      ['commands:', '  - name: a', '    description: A', '    default_member_permissions: [MANAGE_GUIILD]'].join('\n'),
    );
    expect(out).toContain('"MANAGE_GUIILD" is not a permission name; did you mean "MANAGE_GUILD"?');
  });

  it('lists the names when nothing is close', () => {
    const out = messages(
      [
        'commands:',
        '  - name: a',
        '    description: A',
        '    options: [{ type: zzzzzzzz, name: b, description: B }]',
      ].join('\n'),
    );
    expect(out.find((m) => m.startsWith('"zzzzzzzz"'))).toMatch(
      /^"zzzzzzzz" is not an option type; use one of sub_command, /,
    );
  });
});
