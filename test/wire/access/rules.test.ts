import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../../../src/wire/limits.js';
import { conflictingRows, leavesAdministratorsOnly } from '../../../src/wire/rules/access.js';
import { validatePermissionEntries } from '../../../src/wire/rules/permissions.js';
import type { CommandSubject, GuildAccess } from '../../../src/wire/access/subjects.js';

const GUILD = '1000';
const subject = (dmp: string | null, rows: CommandSubject['commandRows']): CommandSubject => ({
  label: '/ban',
  name: 'ban',
  command: { type: 1, default_member_permissions: dmp },
  commandRows: rows,
});
const guild = (appRows: GuildAccess['appRows'] = []): GuildAccess => ({ guildId: GUILD, appRows, commands: [] });

describe('leavesAdministratorsOnly', () => {
  it.each([
    ['@everyone denied, nobody allowed', guild(), subject('4', [{ id: GUILD, type: 1, permission: false }]), true],
    [
      'all channels denied, no channel allowed',
      guild(),
      subject(null, [{ id: '999', type: 3, permission: false }]),
      true,
    ],
    [
      'app-level @everyone deny reaches a command without rows',
      guild([{ id: GUILD, type: 1, permission: false }]),
      subject(null, []),
      true,
    ],
    [
      'a role allowed somewhere',
      guild(),
      subject('4', [
        { id: GUILD, type: 1, permission: false },
        { id: '201', type: 1, permission: true },
      ]),
      false,
    ],
    ['"0" with no rows was administrators only anyway', guild(), subject('0', []), false],
    [
      '"0" and only denies: the rows did not do it',
      guild(),
      subject('0', [{ id: '201', type: 1, permission: false }]),
      false,
    ],
    ['no rows at all', guild(), subject('4', []), false],
  ])('%s', (_name, g, s, expected) => {
    expect(leavesAdministratorsOnly(g, s)).toBe(expected);
  });
});

describe('conflictingRows', () => {
  it('finds the same target with the other value, not the same value or another type', () => {
    const earlier = [
      { id: '1', type: 1, permission: true },
      { id: '2', type: 1, permission: false },
    ];
    const later = [
      { id: '1', type: 1, permission: false },
      { id: '2', type: 1, permission: false },
      { id: '1', type: 2, permission: false },
    ];
    expect(conflictingRows(earlier, later)).toEqual([{ index: 0, other: 0, target: 'role 1', permission: false }]);
  });

  it('a duplicate inside one set says when its values disagree', () => {
    const [same] = validatePermissionEntries(
      [
        { id: '1', type: 1, permission: true },
        { id: '1', type: 1, permission: true },
      ],
      resolveLimits(),
    );
    const [opposite] = validatePermissionEntries(
      [
        { id: '1', type: 1, permission: true },
        { id: '1', type: 1, permission: false },
      ],
      resolveLimits(),
    );
    expect(same.message).toBe('This target already has an entry (entry 1); the service keeps only one.');
    expect(opposite.message).toBe(
      'This target already has an entry (entry 1), with the opposite value (deny here, allow there): decide which one you mean; the service keeps only one.',
    );
  });
});
