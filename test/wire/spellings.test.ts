/**
 * How a person may write an enum value or a permission (wire/enums.ts,
 * wire/permissions.ts): the spellings taken, the ones the JSON Schema lists,
 * how a table is described, and a permission set written as names or numbers.
 */
import { describe, expect, test } from 'vitest';
import {
  ChannelType,
  CommandType,
  InteractionContext,
  OptionType,
  describeEnum,
  enumSpellings,
  enumValue,
} from '../../src/wire/enums.js';
import { Permission, everyoneId, parsePermissionSet, permissionBit } from '../../src/wire/permissions.js';

describe('enumValue', () => {
  test('a number of the table is itself; another number, or a value neither number nor text, is none', () => {
    expect(enumValue(CommandType, 3)).toBe(3);
    expect(enumValue(ChannelType, 0)).toBe(0);
    expect(enumValue(CommandType, 0)).toBeUndefined();
    for (const v of [null, undefined, true, ['message'], {}]) expect(enumValue(CommandType, v)).toBeUndefined();
  });

  test('around spaces are dropped; runs of spaces and dashes are one underscore', () => {
    expect(enumValue(CommandType, '  message\t')).toBe(CommandType.MESSAGE);
    expect(enumValue(InteractionContext, 'bot dm')).toBe(InteractionContext.BOT_DM);
    expect(enumValue(CommandType, 'primary - entry--point')).toBe(CommandType.PRIMARY_ENTRY_POINT);
  });

  test("an alias of another table's name is none", () => {
    expect(enumValue(OptionType, 'slash')).toBeUndefined();
    expect(enumValue(CommandType, 'float')).toBeUndefined();
  });
});

test('enumSpellings: the names and the aliases that lead into the table, lower case', () => {
  expect(enumSpellings(CommandType)).toEqual([
    'chat_input',
    'user',
    'message',
    'primary_entry_point',
    'slash',
    'entry_point',
  ]);
  expect(enumSpellings(InteractionContext)).toEqual(['guild', 'bot_dm', 'private_channel', 'dm']);
});

test('describeEnum: each name with its number', () => {
  expect(describeEnum(CommandType)).toBe('CHAT_INPUT (1), USER (2), MESSAGE (3), PRIMARY_ENTRY_POINT (4)');
});

describe('permissions', () => {
  test('permissionBit: any case, spaces around dropped, runs of spaces and dashes one underscore', () => {
    expect(permissionBit('  manage guild ')).toBe(Permission.MANAGE_GUILD);
    expect(permissionBit('Manage--Guild')).toBe(Permission.MANAGE_GUILD);
    expect(permissionBit('manage server')).toBe(Permission.MANAGE_GUILD);
    expect(permissionBit('manage_guilds')).toBeUndefined();
  });

  test("the @everyone role's id is the guild's", () => {
    expect(everyoneId('81384788765712384')).toBe('81384788765712384');
  });

  test('parsePermissionSet: names or decimals, split by `|` or `,`, blanks skipped', () => {
    const viewSend = Permission.VIEW_CHANNEL | Permission.SEND_MESSAGES;
    expect(parsePermissionSet('VIEW_CHANNEL | send messages')).toEqual({ bits: viewSend });
    expect(parsePermissionSet(' view-channel,2048,, ')).toEqual({ bits: viewSend });
    expect(parsePermissionSet('8|8')).toEqual({ bits: Permission.ADMINISTRATOR });
    expect(parsePermissionSet('')).toEqual({ bits: 0n });
    expect(parsePermissionSet(['view channel', ' 2048 ', ''])).toEqual({ bits: viewSend });
    expect(parsePermissionSet([])).toEqual({ bits: 0n });
  });

  test('parsePermissionSet: the first word that is neither, trimmed; the entries of a list are not split', () => {
    expect(parsePermissionSet('view_channel| nope |also')).toEqual({ unknown: 'nope' });
    expect(parsePermissionSet('-8')).toEqual({ unknown: '-8' });
    expect(parsePermissionSet(['8|16'])).toEqual({ unknown: '8|16' });
  });
});
