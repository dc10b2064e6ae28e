/**
 * Pieces of a stored webhook message (models/): the service's timestamp
 * format, and mentions, which are looked for only where an `@` could start one.
 */
import { describe, expect, it } from 'vitest';
import { resolveMentions } from '../../src/emulator/models/webhook-message.js';
import { serviceTimestamp } from '../../src/emulator/models/webhook-shape.js';
import type { Guild } from '../../src/emulator/state/world.js';

describe('serviceTimestamp', () => {
  it('writes microseconds and an explicit +00:00 offset', () => {
    expect(serviceTimestamp(Date.UTC(2026, 10, 25, 21, 42, 14, 7))).toBe('2026-11-25T21:42:14.007000+00:00');
    expect(serviceTimestamp(0)).toBe('1970-01-01T00:00:00.000000+00:00');
  });

  it('writes each millisecond right when stamps share a second, cross one, or go back in time', () => {
    const reference = (ms: number) => `${new Date(ms).toISOString().slice(0, -1)}000+00:00`;
    const start = Date.UTC(2026, 10, 25, 23, 59, 58, 990);
    const times = [
      ...Array.from({ length: 2100 }, (_, i) => start + i),
      start + 5,
      start,
      start + 1000,
      -1,
      -1000,
      -999,
      1.5,
      1,
      Date.UTC(2026, 10, 25, 23, 59, 58, 7),
    ];
    for (const ms of times) expect(serviceTimestamp(ms), String(ms)).toBe(reference(ms));
  });
});

describe('resolveMentions', () => {
  const guild = {
    id: '100',
    name: 'g',
    channels: [],
    roles: [
      { id: '100', name: '@everyone' },
      { id: '300', name: 'mods' },
    ],
    members: [{ id: '200', username: 'ann' }],
    apps: {},
  } as Guild;
  const none = { mention_everyone: false, mentions: [], mention_roles: [] };

  it('finds nothing in text without an @, whatever is allowed', () => {
    expect(resolveMentions('hello <200> &300 everyone', undefined, guild)).toEqual(none);
    expect(resolveMentions('', { parse: ['users', 'roles', 'everyone'] }, guild)).toEqual(none);
  });

  it('finds users, roles and @everyone the guild knows, as allowed', () => {
    const all = resolveMentions('<@200> <@!200> <@&300> <@&100> <@999> @everyone', undefined, guild);
    expect(all).toEqual({
      mention_everyone: true,
      mentions: [
        { id: '200', username: 'ann', avatar: null, discriminator: '0', public_flags: 0, flags: 0, global_name: null },
      ],
      mention_roles: ['300'],
    });
    expect(resolveMentions('<@200> @here', { parse: [] }, guild)).toEqual(none);
    expect(resolveMentions('mail me at a@b.c', undefined, guild)).toEqual(none);
  });
});
