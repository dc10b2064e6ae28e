import { describe, expect, it } from 'vitest';
import { evaluateAccess } from '../../../src/wire/access/evaluate.js';
import type { AccessQuery } from '../../../src/wire/access/types.js';
import { PERMISSION_BITS } from '../../../src/wire/permissions.js';
import type { PermissionEntry } from '../../../src/wire/state.js';
import { seededRandom } from '../../helpers/random.js';

// Generated queries over a small pool of ids, so rows often hit the member and the channel.
const GUILD = '1000';
const ROLE_IDS = ['201', '202', '203', GUILD];
const USER_IDS = ['301', '302'];
const CHANNEL_IDS = ['401', '402', '999'];
const BITS = [0n, PERMISSION_BITS.SEND_MESSAGES, PERMISSION_BITS.BAN_MEMBERS, PERMISSION_BITS.MANAGE_GUILD];
const RUNS = 3000;

type Rand = (n: number) => number;
const pick = <T>(r: Rand, list: readonly T[]): T => list[r(list.length)];

function randomRow(r: Rand, permission = r(2) === 0): PermissionEntry {
  const type = 1 + r(3);
  const id = pick(r, type === 1 ? ROLE_IDS : type === 2 ? USER_IDS : CHANNEL_IDS);
  return { id, type, permission };
}

/** At most one row per target, as the service keeps. */
function randomRows(r: Rand): PermissionEntry[] {
  const rows = new Map<string, PermissionEntry>();
  for (let i = r(6); i > 0; i--) {
    const row = randomRow(r);
    rows.set(`${row.type}:${row.id}`, row);
  }
  return [...rows.values()];
}

function randomQuery(r: Rand): AccessQuery {
  const dmp = pick(r, [
    null,
    '0',
    String(PERMISSION_BITS.BAN_MEMBERS),
    String(PERMISSION_BITS.MANAGE_GUILD | PERMISSION_BITS.BAN_MEMBERS),
  ]);
  return {
    guildId: GUILD,
    command: { type: 1 + r(3), default_member_permissions: dmp },
    commandRows: randomRows(r),
    appRows: randomRows(r),
    member: { userId: pick(r, USER_IDS), roleIds: ROLE_IDS.slice(0, 3).filter(() => r(2) === 0) },
    // Every member of a new guild may use commands; the properties below are about the rows and defaults.
    permissions: BITS.filter(() => r(2) === 0).reduce((a, b) => a | b, PERMISSION_BITS.USE_APPLICATION_COMMANDS!),
    channel: r(3) === 0 ? { id: '501', parentId: pick(r, ['401', '402']) } : { id: pick(r, ['401', '402']) },
  };
}

function withRow(rows: readonly PermissionEntry[], row: PermissionEntry): PermissionEntry[] {
  return [...rows.filter((x) => !(x.type === row.type && x.id === row.id)), row];
}

describe('evaluateAccess properties', () => {
  it('without USE_APPLICATION_COMMANDS only the owner and administrators pass', () => {
    const r = seededRandom(21);
    for (let i = 0; i < RUNS; i++) {
      const q = randomQuery(r);
      const without = { ...q, permissions: q.permissions & ~PERMISSION_BITS.USE_APPLICATION_COMMANDS! };
      expect(evaluateAccess(without).allowed).toBe(false);
      expect(evaluateAccess({ ...without, member: { ...q.member, owner: true } }).allowed).toBe(true);
    }
  });

  it('ADMINISTRATOR always passes', () => {
    const r = seededRandom(12);
    for (let i = 0; i < RUNS; i++) {
      const q = randomQuery(r);
      expect(evaluateAccess({ ...q, permissions: q.permissions | PERMISSION_BITS.ADMINISTRATOR }).allowed).toBe(true);
    }
  });

  it('a command-level row for the member decides, whatever the app rows say, once the channel is allowed at command level', () => {
    const r = seededRandom(34);
    for (let i = 0; i < RUNS; i++) {
      const q = randomQuery(r);
      const permission = r(2) === 0;
      const channelId = q.channel.parentId ?? q.channel.id;
      const commandRows = withRow(withRow(q.commandRows, { id: channelId, type: 3, permission: true }), {
        id: q.member.userId,
        type: 2,
        permission,
      });
      const sendOk = q.command.type !== 2 || (q.permissions & PERMISSION_BITS.SEND_MESSAGES) !== 0n;
      expect(
        evaluateAccess({ ...q, commandRows }).allowed,
        JSON.stringify({ ...q, permissions: String(q.permissions) }),
      ).toBe(permission && sendOk);
    }
  });

  it('app member rows never matter when the command has a row for the member', () => {
    const r = seededRandom(56);
    for (let i = 0; i < RUNS; i++) {
      const q = randomQuery(r);
      const commandRows = withRow(q.commandRows, { id: q.member.userId, type: 2, permission: r(2) === 0 });
      const appChannelRowsOnly = q.appRows.filter((row) => row.type === 3);
      expect(evaluateAccess({ ...q, commandRows }).allowed).toBe(
        evaluateAccess({ ...q, commandRows, appRows: appChannelRowsOnly }).allowed,
      );
    }
  });

  it('adding a false row never grants access', () => {
    const r = seededRandom(78);
    for (let i = 0; i < RUNS; i++) {
      const q = randomQuery(r);
      if (evaluateAccess(q).allowed) continue;
      const row = randomRow(r, false);
      const added =
        r(2) === 0 ? { ...q, commandRows: withRow(q.commandRows, row) } : { ...q, appRows: withRow(q.appRows, row) };
      expect(evaluateAccess(added).allowed).toBe(false);
    }
  });

  it('adding a true row never revokes access (so rows without a false one cannot lock anyone out)', () => {
    const r = seededRandom(79);
    for (let i = 0; i < RUNS; i++) {
      const q = randomQuery(r);
      if (!evaluateAccess(q).allowed) continue;
      const row = randomRow(r, true);
      const added =
        r(2) === 0 ? { ...q, commandRows: withRow(q.commandRows, row) } : { ...q, appRows: withRow(q.appRows, row) };
      expect(evaluateAccess(added).allowed).toBe(true);
    }
  });

  it('is pure: the same query gives the same answer', () => {
    const r = seededRandom(90);
    for (let i = 0; i < 200; i++) {
      const q = randomQuery(r);
      expect(evaluateAccess(q)).toEqual(evaluateAccess(structuredClone(q)));
    }
  });
});
