/**
 * The guild channel body rules of wire/channel-fields.ts as whole findings: each
 * field's rule, sentence, path and the service's inner error, at each bound; a
 * permission overwrite's normalised shape; slowmode's window and a parent's kind.
 */
import { describe, expect, test } from 'vitest';
import {
  CHANNEL_FIELD_LIMITS as L,
  parentProblems,
  parseOverwrite,
  slowmodeWait,
  validateChannelBody,
} from '../../src/wire/channel-fields.js';
import { ChannelType } from '../../src/wire/enums.js';
import { Permission } from '../../src/wire/permissions.js';
import { ApiErrors, type Problem } from '../../src/wire/problem.js';
import { err } from './whole-problem.js';

const edit = (body: unknown, channelType: number = ChannelType.GUILD_TEXT): Problem[] =>
  validateChannelBody(body, { create: false, channelType });
const create = (body: unknown, channelType: number = ChannelType.GUILD_TEXT): Problem[] =>
  validateChannelBody(body, { create: true, channelType });

describe('parseOverwrite', () => {
  const at = ['permission_overwrites', 2] as const;

  test('a value that is no object is one finding at its own path', () => {
    const want = [err('overwrite-object', at, 'An overwrite is an object.', ApiErrors.object())];
    expect(parseOverwrite('x', at)).toEqual(want);
    expect(parseOverwrite(null, at)).toEqual(want);
    expect(parseOverwrite([], at)).toEqual(want);
  });

  test('role and member name types 0 and 1; bit sets come back as canonical decimal strings, absent ones as 0', () => {
    expect(parseOverwrite({ id: '11', type: 'role', allow: '0012' }, at)).toEqual({
      id: '11',
      type: 0,
      allow: '12',
      deny: '0',
    });
    expect(parseOverwrite({ id: '11', type: 0, deny: 2048 }, at)).toEqual({
      id: '11',
      type: 0,
      allow: '0',
      deny: '2048',
    });
    expect(parseOverwrite({ id: '11', type: 1, allow: null, deny: '8' }, at)).toEqual({
      id: '11',
      type: 1,
      allow: '0',
      deny: '8',
    });
  });

  test("a PUT's id comes from the path, over the body's", () => {
    expect(parseOverwrite({ type: 'member' }, [], '22')).toEqual({ id: '22', type: 1, allow: '0', deny: '0' });
    expect(parseOverwrite({ id: 'nope', type: 0 }, [], '22')).toEqual({ id: '22', type: 0, allow: '0', deny: '0' });
  });

  test('each wrong field is its own finding with the service inner error', () => {
    expect(parseOverwrite({ id: 'x', type: 'everyone', allow: 'lots', deny: 1.5 }, at)).toEqual([
      err('overwrite-id', [...at, 'id'], 'An overwrite names a role or member id.', ApiErrors.snowflake('x')),
      err('overwrite-type', [...at, 'type'], 'type is 0 (role) or 1 (member).', ApiErrors.choices([0, 1])),
      err('overwrite-bits', [...at, 'allow'], 'allow is a permission bit set.', ApiErrors.integer('lots')),
      err('overwrite-bits', [...at, 'deny'], 'deny is a permission bit set.', ApiErrors.integer(1.5)),
    ]);
  });

  test('a bit set is a decimal string of at most 20 digits or a safe integer, nothing else', () => {
    const bits = (allow: unknown): unknown => parseOverwrite({ id: '11', type: 0, allow }, at);
    expect(bits('1'.repeat(20))).toMatchObject({ allow: '1'.repeat(20) });
    // Above 2^53 a number has lost digits already: only a string says such a set exactly.
    for (const allow of [2 ** 60, '1'.repeat(21), [5], true, '-1', '1e3', ''])
      expect(bits(allow), String(allow)).toEqual([
        err('overwrite-bits', [...at, 'allow'], 'allow is a permission bit set.', ApiErrors.integer(allow)),
      ]);
  });
});

describe('channel body fields', () => {
  test('a body that is no object: one finding at the root', () => {
    const want = [err('channel-body', [], 'The body is a JSON object.', ApiErrors.object())];
    expect(edit([])).toEqual(want);
    expect(create('name')).toEqual(want);
  });

  test('name: required on create, a string of 1-100 characters counted by code point', () => {
    const length = err('channel-name', ['name'], 'name is 1-100 characters.', ApiErrors.badLength(1, 100));
    expect(create({})).toEqual([err('channel-name', ['name'], 'name is required.', ApiErrors.required())]);
    expect(create({ name: 5 })).toEqual([err('channel-name', ['name'], 'name is a string.', ApiErrors.string())]);
    expect(create({ name: '' })).toEqual([length]);
    expect(create({ name: 'n'.repeat(L.nameMax) })).toEqual([]);
    expect(create({ name: '😀'.repeat(L.nameMax) })).toEqual([]);
    expect(create({ name: 'n'.repeat(L.nameMax + 1) })).toEqual([length]);
    expect(edit({ name: null })).toEqual([]);
  });

  test('topic: 0-1024 characters, 4096 in a forum or media channel; null clears it', () => {
    const text = err('channel-topic', ['topic'], 'topic is 0-1024 characters.', ApiErrors.maxLength(1024));
    expect(edit({ topic: '' })).toEqual([]);
    expect(edit({ topic: null })).toEqual([]);
    expect(edit({ topic: 't'.repeat(L.topicMax) })).toEqual([]);
    expect(edit({ topic: 't'.repeat(L.topicMax + 1) })).toEqual([text]);
    expect(edit({ topic: 7 })).toEqual([err('channel-topic', ['topic'], 'topic is a string.', ApiErrors.string())]);
    for (const forum of [ChannelType.GUILD_FORUM, ChannelType.GUILD_MEDIA]) {
      expect(edit({ topic: 't'.repeat(L.forumTopicMax) }, forum)).toEqual([]);
      expect(edit({ topic: 't'.repeat(L.forumTopicMax + 1) }, forum)).toEqual([
        err('channel-topic', ['topic'], 'topic is 0-4096 characters.', ApiErrors.maxLength(4096)),
      ]);
    }
  });

  test.each(['rate_limit_per_user', 'default_thread_rate_limit_per_user'])(
    '%s: a whole number of seconds, 0-21600; null leaves it',
    (key) => {
      expect(edit({ [key]: 0 })).toEqual([]);
      expect(edit({ [key]: null })).toEqual([]);
      expect(edit({ [key]: L.slowmodeMaxSeconds })).toEqual([]);
      expect(edit({ [key]: -1 })).toEqual([
        err(`channel-${key}`, [key], `${key} is at least 0.`, ApiErrors.numberMin(0)),
      ]);
      expect(edit({ [key]: L.slowmodeMaxSeconds + 1 })).toEqual([
        err(`channel-${key}`, [key], `${key} is at most 21600.`, ApiErrors.numberMax(21_600)),
      ]);
      for (const v of ['5', 1.5, true])
        expect(edit({ [key]: v }), String(v)).toEqual([
          err(`channel-${key}`, [key], `${key} is an integer.`, ApiErrors.integer(v)),
        ]);
    },
  );

  test('position: any whole number; nsfw: a boolean', () => {
    expect(edit({ position: -3, nsfw: true })).toEqual([]);
    expect(edit({ position: null, nsfw: null })).toEqual([]);
    expect(edit({ position: 'top', nsfw: 'yes' })).toEqual([
      err('channel-position', ['position'], 'position is an integer.', ApiErrors.integer('top')),
      err('channel-nsfw', ['nsfw'], 'nsfw is a boolean.', ApiErrors.boolean('yes')),
    ]);
    expect(edit({ nsfw: 0 })).toEqual([err('channel-nsfw', ['nsfw'], 'nsfw is a boolean.', ApiErrors.boolean(0))]);
  });

  test('type on create: a guild channel type a bot makes; no type or null is a text channel', () => {
    const notCreatable = err(
      'channel-type',
      ['type'],
      'Not a guild channel type a bot creates.',
      ApiErrors.choices([0, 2, 4, 5, 13, 15, 16]),
    );
    expect(create({ name: 'x', type: ChannelType.PUBLIC_THREAD })).toEqual([notCreatable]);
    expect(create({ name: 'x', type: null })).toEqual([]);
    expect(create({ name: 'x', type: ChannelType.GUILD_MEDIA })).toEqual([]);
    expect(edit({ type: ChannelType.PUBLIC_THREAD })).toEqual([]);
  });

  test('permission_overwrites: a list, each entry checked at its index; null is none', () => {
    expect(edit({ permission_overwrites: null })).toEqual([]);
    expect(edit({ permission_overwrites: {} })).toEqual([
      err('channel-overwrites', ['permission_overwrites'], 'A list of overwrites.', ApiErrors.array()),
    ]);
    expect(edit({ permission_overwrites: [{ id: '1', type: 0 }, 'x', { id: '2', type: 1, allow: 'all' }] })).toEqual([
      err('overwrite-object', ['permission_overwrites', 1], 'An overwrite is an object.', ApiErrors.object()),
      err(
        'overwrite-bits',
        ['permission_overwrites', 2, 'allow'],
        'allow is a permission bit set.',
        ApiErrors.integer('all'),
      ),
    ]);
  });

  test('available_tags: at most 20, each an object named in 1-20 characters', () => {
    const tags = (n: number): unknown[] => Array.from({ length: n }, (_, i) => ({ name: `t${i}` }));
    expect(edit({ available_tags: null }, ChannelType.GUILD_FORUM)).toEqual([]);
    expect(edit({ available_tags: tags(L.tagsMax) }, ChannelType.GUILD_FORUM)).toEqual([]);
    expect(edit({ available_tags: tags(L.tagsMax + 1) }, ChannelType.GUILD_FORUM)).toEqual([
      err('channel-tags', ['available_tags'], 'At most 20 tags.', ApiErrors.maxLength(20)),
    ]);
    expect(edit({ available_tags: 'bug' }, ChannelType.GUILD_FORUM)).toEqual([
      err('channel-tags', ['available_tags'], 'available_tags is a list of tags.', ApiErrors.array()),
    ]);
    expect(edit({ available_tags: [{ name: 'ok' }, 'bug', {}, { name: 'n'.repeat(L.tagNameMax + 1) }] })).toEqual([
      err('channel-tags', ['available_tags', 1], 'A tag is an object.', ApiErrors.object()),
      err('channel-name', ['available_tags', 2, 'name'], 'name is required.', ApiErrors.required()),
      err('channel-name', ['available_tags', 3, 'name'], 'name is 1-20 characters.', ApiErrors.badLength(1, 20)),
    ]);
  });
});

describe('slowmodeWait', () => {
  test('no window when slowmode is off or not positive, even with a last write stamped after now', () => {
    expect(slowmodeWait(0n, 0, 9_000, 1_000)).toBe(0);
    expect(slowmodeWait(0n, -5, 9_000, 1_000)).toBe(0);
    expect(slowmodeWait(0n, 10, 9_000, 1_000)).toBe(18_000);
  });

  test('an administrator waits for nothing', () => {
    expect(slowmodeWait(Permission.ADMINISTRATOR, 10, 1_000, 5_000)).toBe(0);
  });
});

describe('parentProblems', () => {
  const wrongParent = [
    err(
      'channel-parent',
      ['parent_id'],
      'parent_id names a category of this guild (a category has none).',
      ApiErrors.invalid('Category does not exist', 'CHANNEL_PARENT_INVALID'),
    ),
  ];

  test('no parent is always fine', () => {
    expect(parentProblems(undefined, undefined, ChannelType.GUILD_CATEGORY)).toEqual([]);
    expect(parentProblems(null, undefined, ChannelType.GUILD_CATEGORY)).toEqual([]);
  });

  test('a parent is a category of the guild, and a category has none', () => {
    expect(parentProblems('5', ChannelType.GUILD_CATEGORY, ChannelType.GUILD_TEXT)).toEqual([]);
    expect(parentProblems('5', ChannelType.GUILD_TEXT, ChannelType.GUILD_TEXT)).toEqual(wrongParent);
    expect(parentProblems('5', undefined, ChannelType.GUILD_VOICE)).toEqual(wrongParent);
    expect(parentProblems('5', ChannelType.GUILD_CATEGORY, ChannelType.GUILD_CATEGORY)).toEqual(wrongParent);
  });
});
