/**
 * The thread body rules of wire/thread-fields.ts as whole findings: a channel's
 * default archive duration, a thread's create and edit fields, a forum post's
 * applied tags (the ids or each refusal), and when an idle thread is archived.
 */
import { describe, expect, test } from 'vitest';
import { ChannelType } from '../../src/wire/enums.js';
import { DEFAULT_LIMITS } from '../../src/wire/limits.js';
import { ApiErrors } from '../../src/wire/problem.js';
import {
  AUTO_ARCHIVE_MINUTES,
  defaultAutoArchiveProblems,
  idleArchiveAtMs,
  parseAppliedTags,
  validateThreadBody,
} from '../../src/wire/thread-fields.js';
import { err } from './whole-problem.js';

const minutesChoices = ApiErrors.choices([60, 1440, 4320, 10080]);

describe('defaultAutoArchiveProblems', () => {
  test('one of 60, 1440, 4320 or 10080 minutes; absent or null leaves it', () => {
    for (const minutes of AUTO_ARCHIVE_MINUTES)
      expect(defaultAutoArchiveProblems({ default_auto_archive_duration: minutes })).toEqual([]);
    expect(defaultAutoArchiveProblems({})).toEqual([]);
    expect(defaultAutoArchiveProblems({ default_auto_archive_duration: null })).toEqual([]);
    for (const minutes of [61, '60', 0])
      expect(defaultAutoArchiveProblems({ default_auto_archive_duration: minutes }), String(minutes)).toEqual([
        err(
          'channel-default-auto-archive',
          ['default_auto_archive_duration'],
          'default_auto_archive_duration is one of 60, 1440, 4320, 10080 minutes.',
          minutesChoices,
        ),
      ]);
  });

  test('a body that is no object is left to the body rule', () => {
    expect(defaultAutoArchiveProblems(null)).toEqual([]);
    expect(defaultAutoArchiveProblems([61])).toEqual([]);
  });
});

test('an idle thread is archived its duration in minutes after its last activity', () => {
  expect(idleArchiveAtMs(5_000, 60)).toBe(5_000 + 3_600_000);
  expect(idleArchiveAtMs(0, 10080)).toBe(7 * 24 * 3_600_000);
});

describe('validateThreadBody', () => {
  test('a body that is no object: one finding at the root', () => {
    expect(validateThreadBody('x', { create: false })).toEqual([
      err('thread-body', [], 'The body is a JSON object.', ApiErrors.object()),
    ]);
  });

  test('each field its own finding, in the order of the body rules', () => {
    expect(
      validateThreadBody(
        { name: '', rate_limit_per_user: -1, archived: 1, locked: 'no', invitable: {}, auto_archive_duration: 30 },
        { create: false },
      ),
    ).toEqual([
      err('channel-name', ['name'], 'name is 1-100 characters.', ApiErrors.badLength(1, 100)),
      err(
        'channel-rate_limit_per_user',
        ['rate_limit_per_user'],
        'rate_limit_per_user is at least 0.',
        ApiErrors.numberMin(0),
      ),
      err('channel-archived', ['archived'], 'archived is a boolean.', ApiErrors.boolean(1)),
      err('channel-locked', ['locked'], 'locked is a boolean.', ApiErrors.boolean('no')),
      err('channel-invitable', ['invitable'], 'invitable is a boolean.', ApiErrors.boolean({})),
      err(
        'thread-auto-archive',
        ['auto_archive_duration'],
        'auto_archive_duration is one of 60, 1440, 4320, 10080 minutes.',
        minutesChoices,
      ),
    ]);
  });

  test('a valid edit, and nulls, find nothing', () => {
    expect(
      validateThreadBody(
        {
          name: 'n',
          rate_limit_per_user: 21_600,
          archived: true,
          locked: false,
          invitable: true,
          auto_archive_duration: 60,
        },
        { create: false },
      ),
    ).toEqual([]);
    expect(validateThreadBody({ auto_archive_duration: null, archived: null }, { create: false })).toEqual([]);
  });

  test('create: a name, and a thread type (10, 11 or 12) if any', () => {
    const wrongType = err(
      'thread-type',
      ['type'],
      'A thread is of type 10, 11 or 12.',
      ApiErrors.choices([10, 11, 12]),
    );
    expect(validateThreadBody({}, { create: true })).toEqual([
      err('channel-name', ['name'], 'name is required.', ApiErrors.required()),
    ]);
    expect(validateThreadBody({ name: 'x', type: ChannelType.GUILD_TEXT }, { create: true })).toEqual([wrongType]);
    expect(validateThreadBody({ name: 'x', type: null }, { create: true })).toEqual([]);
    for (const type of [ChannelType.ANNOUNCEMENT_THREAD, ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD])
      expect(validateThreadBody({ name: 'x', type }, { create: true })).toEqual([]);
    expect(validateThreadBody({ type: ChannelType.GUILD_TEXT }, { create: false })).toEqual([]);
  });
});

describe('parseAppliedTags', () => {
  // The cap a webhook's new post is held to (rules/message-thread.ts): 5, fewer than the channel's 20 tags.
  const max = DEFAULT_LIMITS.applied_tags_max;
  const ids = (n: number): string[] => Array.from({ length: n }, (_, i) => String(100 + i));

  test('none given is no tags', () => {
    expect(parseAppliedTags(undefined, ['1'], max)).toEqual({ ok: true, ids: [] });
    expect(parseAppliedTags(null, ['1'], max)).toEqual({ ok: true, ids: [] });
  });

  test('a list, or one refusal', () => {
    expect(parseAppliedTags('1', ['1'], max)).toEqual({
      ok: false,
      problems: [err('thread-applied-tags', ['applied_tags'], 'applied_tags is a list of tag ids.', ApiErrors.array())],
    });
  });

  test('up to the cap of tags; one more is refused as a whole', () => {
    expect(parseAppliedTags(ids(max), ids(max + 1), max)).toEqual({ ok: true, ids: ids(max) });
    expect(parseAppliedTags(ids(max + 1), ids(max + 1), max)).toEqual({
      ok: false,
      problems: [err('thread-applied-tags', ['applied_tags'], `At most ${max} tags.`, ApiErrors.maxLength(max))],
    });
  });

  test("each id that is not one of the channel's tags is refused at its index", () => {
    const unknown = ApiErrors.invalid('Tag does not exist in this channel.', 'APPLIED_TAG_UNKNOWN');
    expect(parseAppliedTags(['1', 2, '3'], ['1', '2'], max)).toEqual({
      ok: false,
      problems: [
        err('thread-applied-tags', ['applied_tags', 1], "Tag 2 is not one of the channel's tags.", unknown),
        err('thread-applied-tags', ['applied_tags', 2], "Tag 3 is not one of the channel's tags.", unknown),
      ],
    });
  });
});
