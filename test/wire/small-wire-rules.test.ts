/**
 * Branches of small wire modules the other tests leave open: how a value is quoted in the
 * service's messages (problem.ts), which letters a name writes in upper case (naming.ts), which
 * scopes let an app add commands and through which installations a command reaches a place
 * (installation.ts, facts §9), and the guild owner managing any role (hierarchy.ts).
 */
import { describe, expect, it } from 'vitest';
import { IntegrationType, InteractionContext } from '../../src/wire/enums.js';
import { mayManageRole } from '../../src/wire/hierarchy.js';
import { authorizingOwners, grantsCommands } from '../../src/wire/installation.js';
import { uppercaseChars } from '../../src/wire/naming.js';
import { ApiErrors, valueText } from '../../src/wire/problem.js';

describe('valueText', () => {
  it('quotes objects by their kind and anything else as a string', () => {
    expect(valueText([1, 2])).toBe('[object Array]');
    expect(valueText({ toString: 1 })).toBe('[object Object]');
    expect(valueText(null)).toBe('null');
    expect(valueText(12)).toBe('12');
    expect(ApiErrors.snowflake([1])).toEqual({
      code: 'NUMBER_TYPE_COERCE',
      message: 'Value "[object Array]" is not snowflake.',
    });
  });
});

describe('uppercaseChars', () => {
  it('lists only the letters not written in lower case', () => {
    expect(uppercaseChars('aBcÉ1')).toEqual(['B', 'É']);
    expect(uppercaseChars('abc')).toEqual([]);
  });
});

describe('grantsCommands', () => {
  it('is applications.commands, directly or through bot', () => {
    expect(grantsCommands(['bot'])).toBe(true);
    expect(grantsCommands(['applications.commands'])).toBe(true);
    expect(grantsCommands(['identify'])).toBe(false);
  });
});

describe('authorizingOwners', () => {
  const at = { guildId: '55', guildInstalled: true, userInstalled: true, userId: '7' };

  it('reaches a guild through the guild install only when the app is installed there', () => {
    const cmd = { integration_types: [IntegrationType.GUILD_INSTALL] };
    expect(authorizingOwners(cmd, { ...at, context: InteractionContext.GUILD })).toStrictEqual({ '0': '55' });
    expect(authorizingOwners(cmd, { ...at, context: InteractionContext.GUILD, guildInstalled: false })).toStrictEqual(
      {},
    );
    expect(authorizingOwners(cmd, { ...at, context: InteractionContext.PRIVATE_CHANNEL })).toStrictEqual({});
    expect(authorizingOwners(cmd, { ...at, context: InteractionContext.BOT_DM })).toStrictEqual({ '0': '0' });
  });

  it('reaches a user-install-only command through the user alone', () => {
    const cmd = { integration_types: [IntegrationType.USER_INSTALL] };
    expect(authorizingOwners(cmd, { ...at, context: InteractionContext.GUILD })).toStrictEqual({ '1': '7' });
    expect(authorizingOwners(cmd, { ...at, context: InteractionContext.BOT_DM })).toStrictEqual({ '1': '7' });
  });
});

describe('mayManageRole', () => {
  it('lets the owner manage any role, others only those below their highest', () => {
    expect(mayManageRole({ userId: 'o', top: 0 }, 5, 'o')).toBe(true);
    expect(mayManageRole({ userId: 'm', top: 5 }, 5, 'o')).toBe(false);
    expect(mayManageRole({ userId: 'm', top: 6 }, 5, 'o')).toBe(true);
  });
});
