/**
 * The bodies of a bot's channel-message routes (wire/messages: body, bulk-delete, dm, reactions):
 * which fields a create and an edit take, when a message counts as empty, what a bulk delete, a DM
 * and a reaction's emoji accept, with the findings that refuse them.
 */
import { describe, expect, it } from 'vitest';
import { ChannelType, MessageFlag } from '../../../src/wire/enums.js';
import { DEFAULT_LIMITS } from '../../../src/wire/limits.js';
import {
  acceptsMessages,
  createdFlags,
  type EditedMessage,
  editsOnlyFlags,
  parseBulkDeleteBody,
  parseDmBody,
  parseReactionEmoji,
  reactionKey,
  tooOldToBulkDelete,
  validateChannelEditBody,
  validateChannelMessageBody,
} from '../../../src/wire/messages/index.js';
import { ApiErrors, problem } from '../../../src/wire/problem.js';
import { SNOWFLAKE_EPOCH } from '../../../src/wire/snowflake.js';

const limits = DEFAULT_LIMITS;
const create = (body: unknown, hasFiles = false) => validateChannelMessageBody(body, { limits, hasFiles });
const rules = (found: Array<{ rule: string }>) => found.map((p) => p.rule);
const button = { type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] };

describe('a create body', () => {
  it('is refused as empty unless it holds something', () => {
    const empty = create({});
    expect(empty).toEqual([
      {
        ...problem('message-empty', [], 'A message needs content, embeds, components, stickers, files or a poll.', {
          code: 'MESSAGE_EMPTY',
          message: 'Cannot send an empty message',
        }),
        jsonCode: 50006,
      },
    ]);
    expect(rules(create(null))).toEqual(['message-empty']);
    expect(rules(create({ content: '   ', embeds: [], sticker_ids: [] }))).toEqual(['message-empty']);
    for (const body of [
      { content: 'hi' },
      { embeds: [{ title: 't' }] },
      { components: [button] },
      { sticker_ids: ['1'] },
      { poll: { question: { text: 'q' }, answers: [{ poll_media: { text: 'a' } }] } },
    ])
      expect(rules(create(body)), JSON.stringify(body)).not.toContain('message-empty');
    expect(create({}, true)).toEqual([]);
    // A bot's message may hold interactive components: it answers them.
    expect(create({ components: [button] })).toEqual([]);
  });

  it('is a mapping', () => {
    expect(create('hello')).toEqual([
      problem('message-body-type', [], 'The body must be a mapping, not the string "hello".', ApiErrors.object()),
    ]);
  });

  it('a reply names its message; fail_if_not_exists is true or false', () => {
    expect(create({ content: 'x', message_reference: { message_id: '5', fail_if_not_exists: false } })).toEqual([]);
    expect(create({ content: 'x', message_reference: null })).toEqual([]);
    expect(create({ content: 'x', message_reference: 'm' })).toEqual([
      problem(
        'message-reference-type',
        ['message_reference'],
        'message_reference must be a mapping, not the string "m".',
        ApiErrors.object(),
      ),
    ]);
    expect(create({ content: 'x', message_reference: { message_id: 'm' } })).toEqual([
      problem(
        'message-reference-id',
        ['message_reference', 'message_id'],
        'A reply names the message it answers by id.',
        ApiErrors.snowflake('m'),
      ),
    ]);
    const notBool = create({ content: 'x', message_reference: { message_id: '5', fail_if_not_exists: 'no' } });
    expect(notBool).toEqual([
      problem(
        'message-reference-type',
        ['message_reference', 'fail_if_not_exists'],
        'fail_if_not_exists must be true or false, not the string "no".',
        ApiErrors.boolean('no'),
      ),
    ]);
  });

  it('a nonce is an integer or a string of at most 25 characters', () => {
    for (const nonce of [null, 7, 'n'.repeat(25)]) expect(create({ content: 'x', nonce })).toEqual([]);
    for (const nonce of [1.5, 'n'.repeat(26), true, ['n']])
      expect(create({ content: 'x', nonce })).toEqual([
        problem(
          'message-nonce',
          ['nonce'],
          'nonce is an integer or a string of at most 25 characters.',
          ApiErrors.maxLength(25),
        ),
      ]);
  });

  it('at most 3 stickers, as a list', () => {
    expect(create({ sticker_ids: ['1', '2', '3'] })).toEqual([]);
    expect(create({ content: 'x', sticker_ids: null })).toEqual([]);
    expect(create({ sticker_ids: ['1', '2', '3', '4'] })).toEqual([
      problem('message-stickers-count', ['sticker_ids'], 'A message holds at most 3 stickers.', ApiErrors.maxLength(3)),
    ]);
    expect(create({ content: 'x', sticker_ids: '1' })).toEqual([
      problem('message-stickers-type', ['sticker_ids'], 'sticker_ids must be a list of ids.', ApiErrors.array()),
    ]);
  });

  it('judges every other field with the shared rules', () => {
    expect(create({ content: 'x', tts: 'yes' })).toEqual([
      problem('message-tts', ['tts'], 'tts must be true or false, not the string "yes".', ApiErrors.boolean('yes')),
    ]);
    expect(create({ content: 'x', flags: 64 })).toEqual([
      {
        rule: 'message-flags-dropped',
        severity: 'warning',
        path: ['flags'],
        message: 'Flag bits 64 cannot be set on a channel message (only 45060 may be); the service drops them.',
      },
    ]);
    expect(rules(create({ content: 5 }))).toContain('message-content-type');
    expect(rules(create({ content: 'x', attachments: 'a' }))).toEqual(['message-attachments-type']);
    expect(rules(create({ content: 'x', poll: 'p' }))).toEqual(['message-poll-type']);
    expect(rules(create({ content: 'x', flags: -1 }))).toEqual(['message-flags-type']);
    expect(create({ content: 'x', embeds: 'e' }).map((p) => p.path[0])).toEqual(['embeds']);
    expect(create({ content: 'x', allowed_mentions: 'all' })).toHaveLength(1);
  });

  it('keeps the flags a bot may set on create', () => {
    const all = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.IS_VOICE_MESSAGE;
    expect(createdFlags(all | MessageFlag.IS_COMPONENTS_V2 | MessageFlag.EPHEMERAL)).toBe(
      all | MessageFlag.IS_COMPONENTS_V2,
    );
    expect(createdFlags('4')).toBe(0);
  });
});

describe('an edit body', () => {
  const previous: EditedMessage = {
    content: 'before',
    embeds: [],
    attachments: [],
    components: [],
    stickers: false,
    poll: false,
    flags: 0,
  };
  const edit = (body: unknown, prev: Partial<EditedMessage> = {}, hasFiles = false) =>
    rules(validateChannelEditBody(body, { limits, hasFiles, previous: { ...previous, ...prev } }));

  it('keeps what the body leaves out; empties the message only when nothing is left', () => {
    expect(edit({})).toEqual([]);
    expect(edit(undefined)).toEqual([]);
    expect(edit({ content: undefined })).toEqual([]);
    expect(edit({ content: '' })).toEqual(['message-empty']);
    expect(edit({ content: '' }, { embeds: [{ title: 't' }] })).toEqual([]);
    expect(edit({ content: '', embeds: [] }, { embeds: [{ title: 't' }] })).toEqual(['message-empty']);
    expect(edit({ content: '' }, { components: [button] })).toEqual([]);
    expect(edit({ content: '', components: [] }, { components: [button] })).toEqual(['message-empty']);
    expect(edit({ content: '', components: [button] })).toEqual([]);
    expect(edit({ content: '' }, { attachments: [{ id: '1' }] })).toEqual([]);
    expect(edit({ content: '', attachments: [] }, { attachments: [{ id: '1' }] })).toEqual(['message-empty']);
    expect(edit({ content: '', attachments: [{ id: '1' }] })).toEqual([]);
    expect(edit({ content: '' }, { stickers: true })).toEqual([]);
    expect(edit({ content: '' }, { poll: true })).toEqual([]);
    expect(edit({ content: '' }, {}, true)).toEqual([]);
  });

  it('is a mapping, and its fields are judged', () => {
    expect(edit(3)).toEqual(['message-body-type']);
    expect(edit({ content: 7 })).toContain('message-content-type');
    expect(edit({ flags: 'x' })).toEqual(['message-flags-type']);
    const dropped = validateChannelEditBody({ flags: 64 }, { limits, hasFiles: false, previous });
    expect(dropped.map((p) => p.message)).toEqual([
      'Flag bits 64 cannot be set on an edit (only 32772 may be); the service drops them.',
    ]);
    const embeds = validateChannelEditBody({ embeds: 'e' }, { limits, hasFiles: false, previous });
    expect(embeds.map((p) => p.path[0])).toEqual(['embeds']);
    expect(edit({ attachments: 'a' })).toEqual(['message-attachments-type']);
  });

  it("another user's message takes flags alone", () => {
    expect(editsOnlyFlags({ flags: 4 })).toBe(true);
    expect(editsOnlyFlags({ flags: 4, content: undefined })).toBe(true);
    expect(editsOnlyFlags({ flags: 4, content: 'x' })).toBe(false);
    expect(editsOnlyFlags('x')).toBe(true);
  });
});

describe('which channels hold messages', () => {
  it('not categories, directories, forums or media channels', () => {
    expect(acceptsMessages(ChannelType.GUILD_TEXT)).toBe(true);
    for (const t of [
      ChannelType.GUILD_CATEGORY,
      ChannelType.GUILD_DIRECTORY,
      ChannelType.GUILD_FORUM,
      ChannelType.GUILD_MEDIA,
    ])
      expect(acceptsMessages(t), String(t)).toBe(false);
  });
});

describe('bulk delete', () => {
  const refusal = (
    rule: string,
    path: Array<string | number>,
    message: string,
    api: ReturnType<typeof ApiErrors.array>,
  ) => ({
    ok: false,
    problems: [problem(rule, path, message, api)],
  });

  it('takes 2 to 100 distinct ids', () => {
    expect(parseBulkDeleteBody({ messages: ['1', '2'] })).toEqual({ ok: true, ids: ['1', '2'] });
    const hundred = Array.from({ length: 100 }, (_, i) => String(i + 1));
    expect(parseBulkDeleteBody({ messages: hundred })).toEqual({ ok: true, ids: hundred });
    const count = refusal(
      'bulk-delete-count',
      ['messages'],
      'Bulk delete takes 2 to 100 messages.',
      ApiErrors.badLength(2, 100),
    );
    expect(parseBulkDeleteBody({ messages: ['1'] })).toEqual(count);
    expect(parseBulkDeleteBody({ messages: [...hundred, '101'] })).toEqual(count);
  });

  it('refuses a missing or non-list body, a bad id, a repeated id, each at its place', () => {
    expect(parseBulkDeleteBody(null)).toEqual(
      refusal('bulk-delete-messages', ['messages'], 'messages is required.', ApiErrors.required()),
    );
    expect(parseBulkDeleteBody({ messages: '1,2' })).toEqual(
      refusal('bulk-delete-messages', ['messages'], 'messages must be a list of ids.', ApiErrors.array()),
    );
    expect(parseBulkDeleteBody({ messages: ['1', 2, 'x'] })).toEqual(
      refusal('bulk-delete-id', ['messages', 1], 'Each entry is a message id.', ApiErrors.snowflake(2)),
    );
    expect(parseBulkDeleteBody({ messages: ['x', '2'] })).toEqual(
      refusal('bulk-delete-id', ['messages', 0], 'Each entry is a message id.', ApiErrors.snowflake('x')),
    );
    expect(parseBulkDeleteBody({ messages: ['1', '2', 'x'] })).toEqual(
      refusal('bulk-delete-id', ['messages', 2], 'Each entry is a message id.', ApiErrors.snowflake('x')),
    );
    expect(parseBulkDeleteBody({ messages: ['1', '2', '1'] })).toEqual(
      refusal(
        'bulk-delete-duplicate',
        ['messages', 2],
        'A message is named twice.',
        ApiErrors.invalid('Duplicate message ids.'),
      ),
    );
  });

  it('an id made more than two weeks ago is too old', () => {
    const made = Date.parse('2026-01-01T00:00:00Z');
    const id = ((BigInt(made) - SNOWFLAKE_EPOCH) << 22n).toString();
    const twoWeeks = 14 * 86_400_000;
    expect(tooOldToBulkDelete(id, made + twoWeeks)).toBe(false);
    expect(tooOldToBulkDelete(id, made + twoWeeks + 1)).toBe(true);
  });
});

describe('a DM channel', () => {
  it('names its recipient by id, as text or number', () => {
    expect(parseDmBody({ recipient_id: '42' })).toEqual({ recipientId: '42' });
    expect(parseDmBody({ recipient_id: 42 })).toEqual({ recipientId: '42' });
    const required = [problem('dm-recipient', ['recipient_id'], 'recipient_id is required.', ApiErrors.required())];
    expect(parseDmBody(undefined)).toEqual(required);
    expect(parseDmBody({ recipient_id: null })).toEqual(required);
    for (const id of ['me', true, 1.5, [5]])
      expect(parseDmBody({ recipient_id: id })).toEqual([
        problem('dm-recipient', ['recipient_id'], 'recipient_id must be a user id.', ApiErrors.snowflake(id)),
      ]);
  });
});

describe("a reaction's emoji", () => {
  it('a custom emoji as name:id (animated too); a Unicode emoji as itself', () => {
    expect(parseReactionEmoji('party:123')).toEqual({ kind: 'custom', name: 'party', id: '123' });
    expect(parseReactionEmoji('a:party:123')).toEqual({ kind: 'custom', name: 'party', id: '123' });
    expect(parseReactionEmoji('👍')).toEqual({ kind: 'unicode', name: '👍' });
    expect(parseReactionEmoji('👍🏽')).toEqual({ kind: 'unicode', name: '👍🏽' });
    expect(parseReactionEmoji('1\uFE0F\u20E3')).toEqual({ kind: 'unicode', name: '1\uFE0F\u20E3' });
    expect(parseReactionEmoji('🇫🇷')).toEqual({ kind: 'unicode', name: '🇫🇷' });
    // At most 32 UTF-16 units: sixteen of an emoji outside the basic plane.
    expect(parseReactionEmoji('👍'.repeat(16))).toEqual({ kind: 'unicode', name: '👍'.repeat(16) });
    expect(reactionKey({ kind: 'custom', name: 'party', id: '123' })).toBe('party:123');
    expect(reactionKey({ kind: 'unicode', name: '👍' })).toBe('👍');
  });

  it('nothing else', () => {
    for (const text of [
      '',
      'x:123',
      'party',
      'party:12a',
      'thumbs👍',
      '👍'.repeat(17),
      'a',
      ':👍',
      'p:'.concat('1'.repeat(21)),
    ])
      expect(parseReactionEmoji(text), text).toBeUndefined();
  });
});
