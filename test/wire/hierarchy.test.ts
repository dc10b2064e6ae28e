/** The role hierarchy and a timeout's permissions, as pure rules (wire/hierarchy.ts, wire/guild/moderation.ts). */
import { describe, expect, it } from 'vitest';
import { banPage, isTimedOut, parseBanBody, timedOutPermissions } from '../../src/wire/guild/moderation.js';
import { highestPosition, mayActOn, mayManageRole, rolePositions } from '../../src/wire/hierarchy.js';
import { ALL_PERMISSION_BITS, PERMISSION_BITS } from '../../src/wire/permissions.js';

describe('the role hierarchy', () => {
  const positions = rolePositions([{ id: 'g' }, { id: 'a' }, { id: 'b', position: 5 }, { id: 'c' }]);

  it("takes a role's own position, else its place in the list", () => {
    expect([...positions]).toEqual([
      ['g', 0],
      ['a', 1],
      ['b', 5],
      ['c', 3],
    ]);
    expect(highestPosition(positions, ['a', 'c'])).toBe(3);
    expect(highestPosition(positions, [])).toBe(0);
  });

  it('acts only strictly above; the owner is above everyone and untouchable; a role at the bot is out of reach', () => {
    expect(mayActOn({ userId: 'bot', top: 3 }, { userId: 'm', top: 2 }, 'owner')).toBe(true);
    expect(mayActOn({ userId: 'bot', top: 3 }, { userId: 'm', top: 3 }, 'owner')).toBe(false);
    expect(mayActOn({ userId: 'bot', top: 9 }, { userId: 'owner', top: 0 }, 'owner')).toBe(false);
    expect(mayActOn({ userId: 'owner', top: 0 }, { userId: 'm', top: 9 }, 'owner')).toBe(true);
    expect(mayManageRole({ userId: 'bot', top: 3 }, 2, undefined)).toBe(true);
    expect(mayManageRole({ userId: 'bot', top: 3 }, 3, undefined)).toBe(false);
  });
});

describe('timeouts and bans', () => {
  it('a timed-out member keeps viewing and reading history; every bit (owner, administrator) stays', () => {
    const bits = PERMISSION_BITS.VIEW_CHANNEL! | PERMISSION_BITS.SEND_MESSAGES! | PERMISSION_BITS.READ_MESSAGE_HISTORY!;
    expect(timedOutPermissions(bits)).toBe(PERMISSION_BITS.VIEW_CHANNEL! | PERMISSION_BITS.READ_MESSAGE_HISTORY!);
    expect(timedOutPermissions(ALL_PERMISSION_BITS)).toBe(ALL_PERMISSION_BITS);
    expect(isTimedOut('2026-01-01T00:00:01Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(true);
    expect(isTimedOut('2026-01-01T00:00:00Z', Date.parse('2026-01-01T00:00:00Z'))).toBe(false);
    expect(isTimedOut(undefined, 0)).toBe(false);
  });

  it('the ban body: seconds win over days; both bounded', () => {
    expect(parseBanBody({ delete_message_days: 2 })).toEqual({ deleteSeconds: 172_800 });
    expect(parseBanBody({ delete_message_seconds: 60, delete_message_days: 2 })).toEqual({ deleteSeconds: 60 });
    expect(parseBanBody(undefined)).toEqual({ deleteSeconds: 0 });
    expect(parseBanBody({ delete_message_days: 8 })).toMatchObject([{ path: ['delete_message_days'] }]);
  });

  it('the ban page: after from the lowest, before up to it', () => {
    const bans = ['3', '1', '2'].map((userId) => ({ userId }));
    expect(banPage(bans, { limit: 2 }).map((b) => b.userId)).toEqual(['1', '2']);
    expect(banPage(bans, { limit: 1, before: '3' }).map((b) => b.userId)).toEqual(['2']);
    expect(banPage(bans, { limit: 5, after: '1' }).map((b) => b.userId)).toEqual(['2', '3']);
  });
});
