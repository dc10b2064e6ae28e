/**
 * What the service fills in, drops or rewrites when it stores a command (src/wire/defaults.ts,
 * facts §3.1, §10): options' field presence, permissions as a canonical string, and the whole
 * stored record per type and scope.
 */
import { describe, expect, it } from 'vitest';
import { CommandType, OptionType } from '../../src/wire/enums.js';
import {
  canonicalCommand,
  canonicalOption,
  canonicalPermissions,
  cleanLocalizations,
  effectiveMemberPermissions,
} from '../../src/wire/defaults.js';
import { GLOBAL, guildScope } from '../../src/wire/scope.js';

const GUILD = guildScope('123456789012345678');

describe('cleanLocalizations', () => {
  it('keeps only strings that differ from the default', () => {
    expect(cleanLocalizations({ fr: null, de: 'hallo', it: 7, 'es-ES': 'hi' }, 'hi')).toEqual({ de: 'hallo' });
    expect(cleanLocalizations({ fr: null }, 'hi')).toBeNull();
  });
});

describe('canonicalOption', () => {
  const base = { name: 'n', description: 'd' };

  it('writes required only when true and not on a subcommand or group', () => {
    expect(canonicalOption({ ...base, type: OptionType.STRING, required: true })).toEqual({
      type: OptionType.STRING,
      name: 'n',
      name_localizations: null,
      description: 'd',
      description_localizations: null,
      required: true,
    });
    expect(canonicalOption({ ...base, type: OptionType.SUB_COMMAND, required: true })).not.toHaveProperty('required');
    expect(canonicalOption({ ...base, type: OptionType.SUB_COMMAND_GROUP, required: true })).not.toHaveProperty(
      'required',
    );
    expect(canonicalOption({ ...base, type: OptionType.STRING, required: false })).not.toHaveProperty('required');
  });

  it('writes choices, channel types and options only when non-empty', () => {
    const empty = canonicalOption({ ...base, type: OptionType.STRING, choices: [], channel_types: [], options: [] });
    expect(Object.keys(empty)).toEqual([
      'type',
      'name',
      'name_localizations',
      'description',
      'description_localizations',
    ]);
    const full = canonicalOption({
      ...base,
      type: OptionType.CHANNEL,
      choices: [{ name: 'a', value: 'b', extra: 1 }],
      channel_types: [0, 5],
    });
    expect(full.choices).toEqual([{ name: 'a', name_localizations: null, value: 'b' }]);
    expect(full.channel_types).toEqual([0, 5]);
  });

  it('copies numeric bounds only, and autocomplete only when true', () => {
    const o = canonicalOption({
      ...base,
      type: OptionType.INTEGER,
      min_value: 0,
      max_value: '9',
      min_length: null,
      autocomplete: true,
    });
    expect(o).toEqual({
      type: OptionType.INTEGER,
      name: 'n',
      name_localizations: null,
      description: 'd',
      description_localizations: null,
      min_value: 0,
      autocomplete: true,
    });
    expect(canonicalOption({ ...base, type: 3, autocomplete: false })).not.toHaveProperty('autocomplete');
  });
});

describe('canonicalPermissions', () => {
  it('takes a non-negative safe integer or a string of digits', () => {
    expect(canonicalPermissions(0)).toBe('0');
    expect(canonicalPermissions(8)).toBe('8');
    expect(canonicalPermissions('0008')).toBe('8');
    expect(canonicalPermissions('18446744073709551615')).toBe('18446744073709551615');
  });

  it('refuses anything else as no restriction', () => {
    for (const value of [-1, 1.5, 2 ** 60, 'a12', '12a', '-8', '', null, true, [8]]) {
      expect(canonicalPermissions(value)).toBeNull();
    }
  });

  it('reads default_permission false as administrators only, unless permissions are stated', () => {
    expect(effectiveMemberPermissions({ default_permission: false })).toBe('0');
    expect(effectiveMemberPermissions({ default_permission: false, default_member_permissions: '8' })).toBe('8');
    expect(effectiveMemberPermissions({ default_permission: true })).toBeNull();
  });
});

describe('canonicalCommand', () => {
  it('stores a guild chat-input command with its defaults', () => {
    expect(canonicalCommand({ name: 'ping', description: 'Ping', options: [] }, GUILD)).toEqual({
      type: CommandType.CHAT_INPUT,
      name: 'ping',
      name_localizations: null,
      description: 'Ping',
      description_localizations: null,
      default_member_permissions: null,
      nsfw: false,
    });
  });

  it('stores missing or non-string names and descriptions as empty', () => {
    const r = canonicalCommand({ name: 5, description: 6 }, GUILD);
    expect([r.name, r.description]).toEqual(['', '']);
  });

  it('trims context-menu names and gives them an empty description and no options', () => {
    for (const type of [CommandType.USER, CommandType.MESSAGE]) {
      const r = canonicalCommand(
        { type, name: ' Report ', description: 'x', description_localizations: { fr: 'y' }, options: [{ type: 3 }] },
        GUILD,
      );
      expect(r).toEqual({
        type,
        name: 'Report',
        name_localizations: null,
        description: '',
        description_localizations: null,
        default_member_permissions: null,
        nsfw: false,
      });
    }
  });

  it('fills the global-only fields from the body, else from the defaults and the app', () => {
    const r = canonicalCommand({ name: 'p', description: 'd' }, GLOBAL, [0, 1]);
    expect([r.dm_permission, r.contexts, r.integration_types]).toEqual([true, null, [0, 1]]);
    const given = canonicalCommand(
      { name: 'p', description: 'd', dm_permission: false, contexts: [0], integration_types: [1] },
      GLOBAL,
    );
    expect([given.dm_permission, given.contexts, given.integration_types]).toEqual([false, [0], [1]]);
    expect(canonicalCommand({ name: 'p', description: 'd' }, GLOBAL).integration_types).toEqual([0]);
  });

  it("gives an entry point the app's handler unless a numeric one is given", () => {
    const r = canonicalCommand({ type: CommandType.PRIMARY_ENTRY_POINT, name: 'launch', handler: '2' }, GLOBAL);
    expect(r.handler).toBe(1);
    expect(canonicalCommand({ type: 4, name: 'launch', handler: 2 }, GLOBAL).handler).toBe(2);
  });
});
