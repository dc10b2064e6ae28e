import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../../../src/wire/limits.js';
import { buildMatrix } from '../../../src/wire/access/matrix.js';
import {
  commandsLeftToAdministrators,
  conflictingRows,
  leavesAdministratorsOnly,
} from '../../../src/wire/rules/access.js';
import { validatePermissionEntries } from '../../../src/wire/rules/permissions.js';
import type { CommandSubject, GuildAccess } from '../../../src/wire/access/subjects.js';
import type { PermissionEntry } from '../../../src/wire/state.js';
import { seededRandom } from '../../helpers/random.js';

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

/** The definition, cell by cell over the whole matrix: every principal but administrators denied everywhere. */
function everyCellDenied(g: GuildAccess, s: CommandSubject): boolean {
  return buildMatrix({ ...g, facts: undefined }, s)
    .cells.slice(1)
    .every((row) => row.every((cell) => cell.outcome === 'denied'));
}

/** Rows over a small pool of ids (duplicates and the all-channels id included), so they often meet. */
function randomRows(r: (n: number) => number): PermissionEntry[] {
  const ids: Record<number, string[]> = { 1: ['201', '202', GUILD], 2: ['301', '302'], 3: ['401', '402', '999'] };
  return Array.from({ length: r(7) }, () => {
    const type = 1 + r(3);
    return { id: ids[type][r(ids[type].length)], type, permission: r(3) > 0 };
  });
}

describe('leavesAdministratorsOnly agrees with the whole matrix (it asks one open channel of each principal)', () => {
  it('on generated rows', () => {
    const r = seededRandom(40);
    const dmps = [null, '0', '4', '36'];
    let warned = 0;
    for (let run = 0; run < 3000; run++) {
      const g = guild(randomRows(r));
      const s = subject(dmps[r(4)], randomRows(r));
      s.command.type = 1 + r(3);
      const expected = everyCellDenied(g, s) && !everyCellDenied(guild(), { ...s, commandRows: [] });
      expect(leavesAdministratorsOnly(g, s), JSON.stringify({ app: g.appRows, s })).toBe(expected);
      expect(commandsLeftToAdministrators({ ...g, commands: [s] }).has(s)).toBe(expected);
      if (expected) warned++;
    }
    // The generator reaches both answers often.
    expect(warned).toBeGreaterThan(200);
  });

  it('on generated guilds of several commands, which share the application rows and their stand-ins', () => {
    const r = seededRandom(41);
    const dmps = [null, '0', '4', '36'];
    for (let run = 0; run < 1000; run++) {
      const g = guild([...randomRows(r), ...randomRows(r)]);
      const commands = Array.from({ length: 1 + r(4) }, () => subject(dmps[r(4)], randomRows(r)));
      const left = commandsLeftToAdministrators({ ...g, commands });
      for (const s of commands) {
        const expected = everyCellDenied(g, s) && !everyCellDenied(guild(), { ...s, commandRows: [] });
        expect(left.has(s), JSON.stringify({ app: g.appRows, s })).toBe(expected);
      }
    }
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
