/** The channel and thread body rules of wire/channel-fields.ts, as pure functions. */
import { describe, expect, test } from 'vitest';
import {
  overwriteGrantAllowed,
  parseOverwrite,
  slowmodeWait,
  validateChannelBody,
} from '../../src/wire/channel-fields.js';
import {
  parseAppliedTags,
  privateThreadView,
  threadSendOutcome,
  validateThreadBody,
} from '../../src/wire/thread-fields.js';
import { PERMISSION_BITS } from '../../src/wire/permissions.js';

const P = PERMISSION_BITS as Record<string, bigint>;

describe('overwrites', () => {
  test('a bot grants only what it holds; MANAGE_ROLES only as an administrator', () => {
    const held = P.VIEW_CHANNEL! | P.SEND_MESSAGES! | P.MANAGE_ROLES!;
    expect(overwriteGrantAllowed(held, { allow: String(P.VIEW_CHANNEL), deny: String(P.SEND_MESSAGES) })).toBe(true);
    expect(overwriteGrantAllowed(held, { allow: String(P.BAN_MEMBERS), deny: '0' })).toBe(false);
    expect(overwriteGrantAllowed(held, { allow: '0', deny: String(P.MANAGE_ROLES) })).toBe(false);
    expect(overwriteGrantAllowed(P.ADMINISTRATOR!, { allow: String(P.MANAGE_ROLES), deny: '0' })).toBe(true);
  });

  test('parseOverwrite takes role/member or 0/1 and bit sets as strings or integers; the path names what is wrong', () => {
    expect(parseOverwrite({ id: '1', type: 'member', allow: 1024 }, [])).toEqual({
      id: '1',
      type: 1,
      allow: '1024',
      deny: '0',
    });
    const bad = parseOverwrite({ id: 'x', type: 2, allow: 'lots' }, ['permission_overwrites', 0]);
    expect(Array.isArray(bad) && bad.map((p) => p.path.join('.'))).toEqual([
      'permission_overwrites.0.id',
      'permission_overwrites.0.type',
      'permission_overwrites.0.allow',
    ]);
  });
});

test('field limits: name required on create, slowmode to 21600, a forum topic longer than a text channel’s', () => {
  expect(validateChannelBody({}, { create: true, channelType: 0 }).map((p) => p.path[0])).toEqual(['name']);
  expect(validateChannelBody({}, { create: false, channelType: 0 })).toEqual([]);
  expect(validateChannelBody({ rate_limit_per_user: 21_600 }, { create: false, channelType: 0 })).toEqual([]);
  expect(validateChannelBody({ rate_limit_per_user: 21_601 }, { create: false, channelType: 0 })).toHaveLength(1);
  const topic = 't'.repeat(2000);
  expect(validateChannelBody({ topic }, { create: false, channelType: 0 })).toHaveLength(1);
  expect(validateChannelBody({ topic }, { create: false, channelType: 15 })).toEqual([]);
  expect(validateChannelBody({ name: 'x', type: 11 }, { create: true, channelType: 11 })).toHaveLength(1);
  expect(validateThreadBody({ name: 'x', auto_archive_duration: 4320 }, { create: true })).toEqual([]);
  expect(validateThreadBody({ auto_archive_duration: 120 }, { create: false })).toHaveLength(1);
  expect(validateThreadBody({ name: 'x', type: 0 }, { create: true }).map((p) => p.path[0])).toEqual(['type']);
});

test('applied tags: only the channel’s, de-duplicated', () => {
  expect(parseAppliedTags(['1', '1', '2'], ['1', '2'], 5)).toEqual({ ok: true, ids: ['1', '2'] });
  const r = parseAppliedTags(['3'], ['1'], 5);
  expect(r.ok).toBe(false);
});

test('slowmode: the window left, none for MANAGE_MESSAGES or MANAGE_CHANNELS', () => {
  expect(slowmodeWait(0n, 10, 1_000, 5_000)).toBe(6_000);
  expect(slowmodeWait(0n, 10, 1_000, 11_000)).toBe(0);
  expect(slowmodeWait(P.MANAGE_MESSAGES!, 10, 1_000, 5_000)).toBe(0);
  expect(slowmodeWait(P.MANAGE_CHANNELS!, 10, 1_000, 5_000)).toBe(0);
  expect(slowmodeWait(0n, 10, undefined, 5_000)).toBe(0);
});

test('threads: a locked archived thread refuses all but MANAGE_THREADS; a private one hides from non-members', () => {
  expect(threadSendOutcome(0n, { archived: false, locked: true })).toBe('send');
  expect(threadSendOutcome(0n, { archived: true, locked: false })).toBe('unarchive');
  expect(threadSendOutcome(0n, { archived: true, locked: true })).toBe('refuse');
  expect(threadSendOutcome(P.MANAGE_THREADS!, { archived: true, locked: true })).toBe('unarchive');
  const seen = P.VIEW_CHANNEL! | P.SEND_MESSAGES_IN_THREADS!;
  expect(privateThreadView(seen, false) & P.VIEW_CHANNEL!).toBe(0n);
  expect(privateThreadView(seen, true)).toBe(seen);
  expect(privateThreadView(seen | P.MANAGE_THREADS!, false) & P.VIEW_CHANNEL!).toBe(P.VIEW_CHANNEL);
});
