import { describe, expect, it } from 'vitest';
import {
  basePermissions,
  channelPermissions,
  type ChannelOverwrite,
} from '../../../src/wire/access/base-permissions.js';
import { mayManageCommandPermissions } from '../../../src/wire/access/manage.js';
import { ALL_PERMISSION_BITS, PERMISSION_BITS } from '../../../src/wire/permissions.js';

const { ADMINISTRATOR, BAN_MEMBERS, MANAGE_GUILD, SEND_MESSAGES, VIEW_CHANNEL, KICK_MEMBERS } = PERMISSION_BITS;
const GUILD = '1000';
const guild = {
  guildId: GUILD,
  ownerId: '399',
  roles: new Map([
    [GUILD, SEND_MESSAGES | VIEW_CHANNEL],
    ['201', BAN_MEMBERS],
    ['202', KICK_MEMBERS],
    ['203', ADMINISTRATOR],
  ]),
};
const member = (roleIds: string[], userId = '301') => ({ userId, roleIds });
const ow = (id: string, type: 0 | 1, allow: bigint, deny: bigint): ChannelOverwrite => ({ id, type, allow, deny });

describe('basePermissions', () => {
  it.each([
    ['@everyone alone', member([]), SEND_MESSAGES | VIEW_CHANNEL],
    [
      'OR of @everyone and the roles',
      member(['201', '202']),
      SEND_MESSAGES | VIEW_CHANNEL | BAN_MEMBERS | KICK_MEMBERS,
    ],
    ['ADMINISTRATOR means every bit', member(['203']), ALL_PERMISSION_BITS],
    ['the owner holds every bit', member([], '399'), ALL_PERMISSION_BITS],
    ['an unknown role adds nothing', member(['999']), SEND_MESSAGES | VIEW_CHANNEL],
  ])('%s', (_name, m, expected) => {
    expect(basePermissions(guild, m)).toBe(expected);
  });
});

describe('channelPermissions (the documented order)', () => {
  const base = basePermissions(guild, member(['201', '202']));
  it.each([
    ['no overwrites keep the base', [], base],
    ['@everyone deny removes a bit', [ow(GUILD, 0, 0n, SEND_MESSAGES)], base & ~SEND_MESSAGES],
    ['@everyone allow adds a bit', [ow(GUILD, 0, MANAGE_GUILD, 0n)], base | MANAGE_GUILD],
    ['a role allow beats @everyone deny', [ow(GUILD, 0, 0n, SEND_MESSAGES), ow('201', 0, SEND_MESSAGES, 0n)], base],
    [
      'role allows win over role denies of other roles',
      [ow('201', 0, 0n, SEND_MESSAGES), ow('202', 0, SEND_MESSAGES, 0n)],
      base,
    ],
    ['a role deny removes a bit', [ow('202', 0, 0n, KICK_MEMBERS)], base & ~KICK_MEMBERS],
    ['overwrites of roles the member lacks do nothing', [ow('203', 0, 0n, SEND_MESSAGES)], base],
    ['the member deny beats a role allow', [ow('201', 0, MANAGE_GUILD, 0n), ow('301', 1, 0n, MANAGE_GUILD)], base],
    ['the member allow beats a role deny', [ow('201', 0, 0n, BAN_MEMBERS), ow('301', 1, BAN_MEMBERS, 0n)], base],
    ["another member's overwrite does nothing", [ow('302', 1, 0n, SEND_MESSAGES)], base],
  ] as const)('%s', (_name, overwrites, expected) => {
    expect(channelPermissions(base, GUILD, member(['201', '202']), overwrites)).toBe(expected);
  });

  it('never overwrites ADMINISTRATOR', () => {
    const admin = basePermissions(guild, member(['203']));
    expect(
      channelPermissions(admin, GUILD, member(['203']), [
        ow(GUILD, 0, 0n, ALL_PERMISSION_BITS),
        ow('301', 1, 0n, ADMINISTRATOR),
      ]),
    ).toBe(ALL_PERMISSION_BITS);
  });
});

describe('mayManageCommandPermissions', () => {
  const { MANAGE_ROLES } = PERMISSION_BITS;
  const g = {
    guildId: GUILD,
    ownerId: '399',
    roles: new Map([
      [GUILD, VIEW_CHANNEL],
      ['211', MANAGE_GUILD],
      ['212', MANAGE_ROLES],
      ['203', ADMINISTRATOR],
    ]),
  };

  it('the owner (a member or not), ADMINISTRATOR, or MANAGE_GUILD and MANAGE_ROLES together', () => {
    expect(mayManageCommandPermissions(g, '399', undefined)).toEqual({ allowed: true });
    expect(mayManageCommandPermissions(g, '301', member(['203']))).toEqual({ allowed: true });
    expect(mayManageCommandPermissions(g, '301', member(['211', '212']))).toEqual({ allowed: true });
  });

  it('refuses anyone else, saying why', () => {
    const lacks = { allowed: false, reason: `user 301 lacks MANAGE_GUILD and MANAGE_ROLES in guild ${GUILD}` };
    expect(mayManageCommandPermissions(g, '301', member(['211']))).toEqual(lacks);
    expect(mayManageCommandPermissions(g, '301', member(['212']))).toEqual(lacks);
    expect(mayManageCommandPermissions(g, '301', member([]))).toEqual(lacks);
    expect(mayManageCommandPermissions(g, '302', undefined)).toEqual({
      allowed: false,
      reason: `user 302 is not a member of guild ${GUILD}`,
    });
    expect(mayManageCommandPermissions({ ...g, ownerId: undefined }, '302', undefined)).toMatchObject({
      allowed: false,
    });
  });
});
