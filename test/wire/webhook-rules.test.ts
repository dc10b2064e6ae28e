import { describe, expect, it } from 'vitest';
import { ChannelType, MessageFlag } from '../../src/wire/enums.js';
import { DEFAULT_LIMITS, resolveLimits } from '../../src/wire/limits.js';
import type { Problem } from '../../src/wire/problem.js';
import {
  editedFlags,
  effectiveFlags,
  embedSize,
  interactiveComponentPaths,
  isImageData,
  normalizeWebhookName,
  parseQueryBoolean,
  sanitizeEmbed,
  validateEditMessageBody,
  validateEmbeds,
  validateExecuteBody,
  validateSnowflakeQuery,
  validateWebhookCreateBody,
  validateWebhookEditBody,
  validateWebhookName,
  type EditRuleContext,
  type ExecuteRuleContext,
} from '../../src/wire/webhook.js';

const limits = DEFAULT_LIMITS;
const errors = (ps: Problem[]) => ps.filter((p) => p.severity === 'error');
const warnings = (ps: Problem[]) => ps.filter((p) => p.severity === 'warning');
const brief = (ps: Problem[]) =>
  ps.map((p) => ({ rule: p.rule, path: p.path.join('.'), code: p.api?.code, json: p.jsonCode }));

describe('validateWebhookName', () => {
  it('accepts an ordinary name', () => {
    expect(validateWebhookName('Deploy bot', limits)).toEqual([]);
  });

  it('counts length after trimming, 1-80', () => {
    expect(brief(validateWebhookName('', limits))).toEqual([
      { rule: 'webhook-name-length', path: '', code: 'BASE_TYPE_BAD_LENGTH', json: undefined },
    ]);
    expect(validateWebhookName('   ', limits)[0]!.api!.message).toBe('Must be between 1 and 80 in length.');
    expect(validateWebhookName('x'.repeat(80), limits)).toEqual([]);
    expect(brief(validateWebhookName('x'.repeat(81), limits, { path: ['name'] }))).toEqual([
      { rule: 'webhook-name-length', path: 'name', code: 'BASE_TYPE_BAD_LENGTH', json: undefined },
    ]);
  });

  it('follows the limits table', () => {
    expect(errors(validateWebhookName('x'.repeat(81), resolveLimits({ webhook_name_max: 100 })))).toEqual([]);
  });

  it('refuses clyde and discord anywhere, any case, naming the word', () => {
    const d = validateWebhookName('My DiScOrD relay', limits);
    expect(brief(d)).toEqual([
      { rule: 'webhook-name-reserved', path: '', code: 'USERNAME_INVALID_CONTAINS', json: undefined },
    ]);
    expect(d[0]!.api!.message).toBe('Username cannot contain "discord"');
    expect(validateWebhookName('xCLYDEx', limits)[0]!.api!.message).toBe('Username cannot contain "clyde"');
  });

  it('required unless optional; strings only', () => {
    expect(validateWebhookName(undefined, limits)[0]!.api!.code).toBe('BASE_TYPE_REQUIRED');
    expect(validateWebhookName(undefined, limits, { optional: true })).toEqual([]);
    expect(validateWebhookName(5, limits)[0]!.api!.code).toBe('BASE_TYPE_STRING');
  });

  it('warns, without refusing, on user-name characters and exact everyone/here for webhook names', () => {
    const ps = validateWebhookName('ops@home #1: ```', limits);
    expect(errors(ps)).toEqual([]);
    expect(warnings(ps).map((p) => p.rule)).toEqual(['webhook-name-characters']);
    const here = validateWebhookName('Here', limits);
    expect(errors(here)).toEqual([]);
    expect(here.map((p) => p.rule)).toEqual(['webhook-name-reserved-exact']);
    expect(here[0]!.api).toBeUndefined();
  });

  it('refuses exact everyone/here as an execute username (but not as a substring)', () => {
    const ps = validateWebhookName('here', limits, { field: 'username', path: ['username'] });
    expect(brief(ps)).toEqual([
      { rule: 'webhook-username-reserved', path: 'username', code: 'USERNAME_INVALID', json: undefined },
    ]);
    expect(ps[0]!.api!.message).toBe('Username cannot be "here"');
    expect(errors(validateWebhookName('EVERYONE', limits, { field: 'username' }))[0]!.api!.message).toBe(
      'Username cannot be "everyone"',
    );
    expect(errors(validateWebhookName('whereabouts', limits, { field: 'username' }))).toEqual([]);
  });

  it('warns that surrounding and repeated spaces are normalised', () => {
    expect(validateWebhookName(' a  b ', limits).map((p) => p.rule)).toEqual(['webhook-name-whitespace']);
    expect(normalizeWebhookName('  a   b ')).toBe('a b');
  });
});

describe('validateEmbeds', () => {
  it('accepts a full embed', () => {
    const embed = {
      title: 't',
      description: 'd',
      url: 'https://x',
      color: 0xffffff,
      timestamp: '2024-01-01T00:00:00Z',
      footer: { text: 'f' },
      author: { name: 'a' },
      image: { url: 'https://i' },
      thumbnail: { url: 'https://t' },
      fields: [{ name: 'n', value: 'v', inline: true }],
    };
    expect(validateEmbeds([embed], limits)).toEqual([]);
    expect(validateEmbeds(undefined, limits)).toEqual([]);
  });

  it('limits each text field', () => {
    const ps = validateEmbeds(
      [
        {
          title: 'x'.repeat(257),
          description: 'x'.repeat(4097),
          footer: { text: 'x'.repeat(2049) },
          author: { name: 'x'.repeat(257) },
          fields: [{ name: 'x'.repeat(257), value: 'x'.repeat(1025) }],
        },
      ],
      resolveLimits({ embed_total_chars: 100000 }),
    );
    expect(brief(ps)).toEqual([
      { rule: 'embed-length', path: '0.title', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
      { rule: 'embed-length', path: '0.description', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
      { rule: 'embed-length', path: '0.footer.text', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
      { rule: 'embed-length', path: '0.author.name', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
      { rule: 'embed-length', path: '0.fields.0.name', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
      { rule: 'embed-length', path: '0.fields.0.value', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
    ]);
    expect(ps[0]!.api!.message).toBe('Must be 256 or fewer in length.');
  });

  it('measures after trimming', () => {
    expect(validateEmbeds([{ title: `  ${'x'.repeat(256)}  ` }], limits)).toEqual([]);
  });

  it('limits embeds per message and fields per embed', () => {
    expect(
      brief(
        validateEmbeds(
          Array.from({ length: 11 }, () => ({ title: 't' })),
          limits,
        ),
      ),
    ).toEqual([{ rule: 'embeds-count', path: '', code: 'BASE_TYPE_MAX_LENGTH', json: undefined }]);
    const fields = Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' }));
    const ps = validateEmbeds([{ fields }], limits);
    expect(brief(ps)).toEqual([
      { rule: 'embed-fields-count', path: '0.fields', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
    ]);
    expect(ps[0]!.api!.message).toBe('Must be 25 or fewer in length.');
  });

  it('limits the total across all embeds to 6000', () => {
    const embeds = [{ description: 'x'.repeat(4000) }, { description: 'x'.repeat(2001) }];
    expect(embedSize(embeds)).toBe(6001);
    const ps = validateEmbeds(embeds, limits);
    expect(brief(ps)).toEqual([
      { rule: 'embed-total-size', path: '', code: 'MAX_EMBED_SIZE_EXCEEDED', json: undefined },
    ]);
    expect(ps[0]!.api!.message).toBe('Embed size exceeds maximum size of 6000');
    expect(validateEmbeds([{ description: 'x'.repeat(4000) }, { description: 'x'.repeat(2000) }], limits)).toEqual([]);
  });

  it('requires field names/values, footer text, author name and media url', () => {
    const ps = validateEmbeds(
      [{ fields: [{ name: '', value: 'v' }, { name: 'n' }], footer: {}, author: {}, image: {} }],
      limits,
    );
    expect(brief(ps).map((p) => `${p.path} ${p.code}`)).toEqual([
      '0.footer.text BASE_TYPE_REQUIRED',
      '0.author.name BASE_TYPE_REQUIRED',
      '0.image.url BASE_TYPE_REQUIRED',
      '0.fields.0.name BASE_TYPE_REQUIRED',
      '0.fields.1.value BASE_TYPE_REQUIRED',
    ]);
  });

  it('checks types and colour range', () => {
    expect(brief(validateEmbeds('x', limits))[0]!.code).toBe('BASE_TYPE_ARRAY');
    expect(brief(validateEmbeds([1], limits))[0]!.code).toBe('DICT_TYPE_CONVERT');
    expect(brief(validateEmbeds([{ color: 0x1000000 }], limits))).toEqual([
      { rule: 'embed-color', path: '0.color', code: 'NUMBER_TYPE_MAX', json: undefined },
    ]);
    expect(brief(validateEmbeds([{ color: -1 }], limits))[0]!.code).toBe('NUMBER_TYPE_MIN');
    expect(brief(validateEmbeds([{ color: 'red' }], limits))[0]!.code).toBe('NUMBER_TYPE_COERCE');
  });

  it('warns about fields the service sets itself, and sanitizeEmbed drops them', () => {
    const e = {
      type: 'video',
      provider: { name: 'p' },
      video: { url: 'v' },
      image: { url: 'i', width: 1, height: 2, proxy_url: 'p' },
      title: 't',
    };
    const ps = validateEmbeds([e], limits);
    expect(errors(ps)).toEqual([]);
    expect(ps.map((p) => p.path.join('.')).sort()).toEqual([
      '0.image.height',
      '0.image.proxy_url',
      '0.image.width',
      '0.provider',
      '0.type',
      '0.video',
    ]);
    expect(sanitizeEmbed(e)).toEqual({ type: 'rich', image: { url: 'i' }, title: 't' });
  });
});

const exec = (over: Partial<ExecuteRuleContext> = {}): ExecuteRuleContext => ({
  limits,
  channelType: ChannelType.GUILD_TEXT,
  hasFiles: false,
  withComponents: false,
  applicationOwned: false,
  ...over,
});

describe('validateExecuteBody', () => {
  it('accepts content only, embeds only, files only, poll only', () => {
    expect(validateExecuteBody({ content: 'hi' }, exec())).toEqual([]);
    expect(validateExecuteBody({ embeds: [{ title: 't' }] }, exec())).toEqual([]);
    expect(validateExecuteBody(undefined, exec({ hasFiles: true }))).toEqual([]);
    expect(
      validateExecuteBody({ poll: { question: { text: 'q' }, answers: [{ poll_media: { text: 'a' } }] } }, exec()),
    ).toEqual([]);
  });

  it('refuses an empty message with 50006', () => {
    for (const body of [{}, { content: '' }, { content: '   ' }, { embeds: [] }, undefined]) {
      const ps = validateExecuteBody(body, exec());
      expect(brief(ps)).toEqual([{ rule: 'message-empty', path: '', code: 'MESSAGE_EMPTY', json: 50006 }]);
      expect(ps[0]!.api!.message).toBe('Cannot send an empty message');
    }
  });

  it('treats components without with_components as absent for a non-app webhook', () => {
    const body = { components: [{ type: 1, components: [{ type: 2, style: 5, label: 'l', url: 'https://x' }] }] };
    const ps = validateExecuteBody(body, exec());
    expect(ps.map((p) => p.rule)).toEqual(['message-components-ignored', 'message-empty']);
    expect(validateExecuteBody(body, exec({ withComponents: true }))).toEqual([]);
    expect(validateExecuteBody(body, exec({ applicationOwned: true }))).toEqual([]);
  });

  it('refuses interactive components from a non-app webhook, allows them from an app-owned one', () => {
    const body = {
      components: [
        { type: 1, components: [{ type: 2, style: 1, label: 'b', custom_id: 'c' }] },
        { type: 1, components: [{ type: 3, custom_id: 's', options: [{ label: 'A', value: 'a' }] }] },
      ],
    };
    const ps = validateExecuteBody(body, exec({ withComponents: true }));
    expect(brief(ps)).toEqual([
      {
        rule: 'message-components-interactive',
        path: 'components.0.components.0',
        code: 'COMPONENT_INTERACTIVE_NOT_ALLOWED',
        json: undefined,
      },
      {
        rule: 'message-components-interactive',
        path: 'components.1.components.0',
        code: 'COMPONENT_INTERACTIVE_NOT_ALLOWED',
        json: undefined,
      },
    ]);
    expect(validateExecuteBody(body, exec({ applicationOwned: true }))).toEqual([]);
    expect(interactiveComponentPaths([{ type: 9, accessory: { type: 2, style: 2 } }])).toEqual([[0, 'accessory']]);
  });

  it('limits content to 2000', () => {
    expect(validateExecuteBody({ content: 'x'.repeat(2000) }, exec())).toEqual([]);
    const ps = validateExecuteBody({ content: 'x'.repeat(2001) }, exec());
    expect(brief(ps)).toEqual([
      { rule: 'message-content-length', path: 'content', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
    ]);
    expect(ps[0]!.api!.message).toBe('Must be 2000 or fewer in length.');
  });

  it('checks embeds under embeds.*', () => {
    const ps = validateExecuteBody({ embeds: [{ title: 'x'.repeat(300) }] }, exec());
    expect(brief(ps)).toEqual([
      { rule: 'embed-length', path: 'embeds.0.title', code: 'BASE_TYPE_MAX_LENGTH', json: undefined },
    ]);
  });

  it('checks the username override', () => {
    expect(brief(validateExecuteBody({ content: 'x', username: 'discord bot' }, exec()))).toEqual([
      { rule: 'webhook-name-reserved', path: 'username', code: 'USERNAME_INVALID_CONTAINS', json: undefined },
    ]);
    expect(brief(validateExecuteBody({ content: 'x', username: 'here' }, exec()))[0]!.code).toBe('USERNAME_INVALID');
  });

  it('checks tts, avatar_url and allowed_mentions types', () => {
    expect(brief(validateExecuteBody({ content: 'x', tts: 'yes' }, exec()))).toEqual([
      { rule: 'message-tts', path: 'tts', code: 'BOOLEAN_TYPE_COERCE', json: undefined },
    ]);
    expect(brief(validateExecuteBody({ content: 'x', avatar_url: 1 }, exec()))[0]!.code).toBe('BASE_TYPE_STRING');
    const am = validateExecuteBody(
      { content: 'x', allowed_mentions: { parse: ['users', 'bogus'], users: ['1'] } },
      exec(),
    );
    expect(brief(am)).toEqual([
      { rule: 'allowed-mentions-parse', path: 'allowed_mentions.parse.1', code: 'BASE_TYPE_CHOICES', json: undefined },
      {
        rule: 'allowed-mentions-exclusive',
        path: 'allowed_mentions.users',
        code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
        json: undefined,
      },
    ]);
  });

  it('drops flags outside SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2 with a warning', () => {
    expect(validateExecuteBody({ content: 'x', flags: 4 | 4096 }, exec())).toEqual([]);
    const ps = validateExecuteBody({ content: 'x', flags: 64 | 4 }, exec());
    expect(ps.map((p) => [p.rule, p.severity])).toEqual([['message-flags-dropped', 'warning']]);
    expect(effectiveFlags(64 | 4, 4 | 4096 | 32768)).toBe(4);
    expect(brief(validateExecuteBody({ content: 'x', flags: 'x' }, exec()))[0]!.code).toBe('NUMBER_TYPE_COERCE');
  });

  it('with IS_COMPONENTS_V2 refuses content, embeds, files and poll, naming the field', () => {
    const v2 = MessageFlag.IS_COMPONENTS_V2;
    const comps = [{ type: 10, content: 'hello' }];
    expect(validateExecuteBody({ flags: v2, components: comps }, exec({ withComponents: true }))).toEqual([]);
    const ps = validateExecuteBody(
      {
        flags: v2,
        components: comps,
        content: 'c',
        embeds: [{ title: 't' }],
        poll: { question: { text: 'q' }, answers: [{ poll_media: { text: 'a' } }] },
      },
      exec({ withComponents: true, hasFiles: true }),
    );
    expect(brief(ps).map((p) => `${p.path} ${p.code}`)).toEqual([
      'content MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      'embeds MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      'files MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      'poll MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    ]);
    expect(ps[0]!.api!.message).toBe("The 'content' field cannot be used when using MessageFlags.IS_COMPONENTS_V2");
  });

  it('forum and media channels need thread_id or thread_name, not both (220001, 220002)', () => {
    for (const channelType of [ChannelType.GUILD_FORUM, ChannelType.GUILD_MEDIA]) {
      const none = validateExecuteBody({ content: 'x' }, exec({ channelType }));
      expect(brief(none)).toEqual([
        { rule: 'forum-thread-required', path: '', code: 'FORUM_THREAD_REQUIRED', json: 220001 },
      ]);
      expect(none[0]!.api!.message).toBe('Webhooks posted to forum channels must have a thread_name or thread_id');
      const both = validateExecuteBody({ content: 'x', thread_name: 't' }, exec({ channelType, threadId: '1' }));
      expect(brief(both)).toEqual([
        { rule: 'forum-thread-both', path: 'thread_name', code: 'FORUM_THREAD_BOTH', json: 220002 },
      ]);
      expect(both[0]!.api!.message).toBe(
        'Webhooks posted to forum channels cannot have both a thread_name and thread_id',
      );
      expect(validateExecuteBody({ content: 'x', thread_name: 't' }, exec({ channelType }))).toEqual([]);
      expect(validateExecuteBody({ content: 'x' }, exec({ channelType, threadId: '1' }))).toEqual([]);
    }
  });

  it('thread_name outside forum/media is 220003', () => {
    const ps = validateExecuteBody({ content: 'x', thread_name: 't' }, exec());
    expect(brief(ps)).toEqual([
      { rule: 'thread-name-outside-forum', path: 'thread_name', code: 'THREAD_NAME_OUTSIDE_FORUM', json: 220003 },
    ]);
    expect(ps[0]!.api!.message).toBe('Webhooks can only create threads in forum channels');
  });

  it('checks thread_name length and applied_tags', () => {
    const forum = exec({ channelType: ChannelType.GUILD_FORUM, availableTags: ['11', '12'] });
    expect(brief(validateExecuteBody({ content: 'x', thread_name: 'x'.repeat(101) }, forum))[0]!.code).toBe(
      'BASE_TYPE_BAD_LENGTH',
    );
    expect(validateExecuteBody({ content: 'x', thread_name: 't', applied_tags: ['11'] }, forum)).toEqual([]);
    expect(brief(validateExecuteBody({ content: 'x', thread_name: 't', applied_tags: ['13'] }, forum))).toEqual([
      { rule: 'applied-tags-unknown', path: 'applied_tags.0', code: 'BASE_TYPE_CHOICES', json: undefined },
    ]);
    expect(
      brief(
        validateExecuteBody(
          { content: 'x', thread_name: 't', applied_tags: ['1', '2', '3', '4', '5', '6'] },
          exec({ channelType: ChannelType.GUILD_FORUM }),
        ),
      )[0]!.code,
    ).toBe('BASE_TYPE_MAX_LENGTH');
    const outside = validateExecuteBody({ content: 'x', applied_tags: ['11'] }, exec());
    expect(outside.map((p) => [p.rule, p.severity])).toEqual([['applied-tags-ignored', 'warning']]);
  });

  it('checks attachments entries', () => {
    expect(validateExecuteBody({ attachments: [{ id: 0, description: 'd' }] }, exec({ hasFiles: true }))).toEqual([]);
    expect(brief(validateExecuteBody({ attachments: [{}] }, exec({ hasFiles: true })))).toEqual([
      { rule: 'message-attachments-type', path: 'attachments.0.id', code: 'BASE_TYPE_REQUIRED', json: undefined },
    ]);
  });

  it('refuses a body that is not a mapping', () => {
    expect(brief(validateExecuteBody([1], exec()))[0]!.code).toBe('DICT_TYPE_CONVERT');
  });
});

const edit = (
  previous: Partial<EditRuleContext['previous']> = {},
  over: Partial<EditRuleContext> = {},
): EditRuleContext => ({
  limits,
  previous: { content: 'old', embeds: [], attachments: [], components: [], poll: null, flags: 0, ...previous },
  hasFiles: false,
  withComponents: false,
  applicationOwned: false,
  ...over,
});

describe('validateEditMessageBody', () => {
  it('accepts partial edits and checks the same limits', () => {
    expect(validateEditMessageBody({ content: 'new' }, edit())).toEqual([]);
    expect(validateEditMessageBody({}, edit())).toEqual([]);
    expect(brief(validateEditMessageBody({ content: 'x'.repeat(2001) }, edit()))[0]!.path).toBe('content');
    expect(
      brief(validateEditMessageBody({ embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, edit()))[0]!.path,
    ).toBe('embeds');
  });

  it('refuses an edit that leaves the message empty', () => {
    expect(brief(validateEditMessageBody({ content: null }, edit()))).toEqual([
      { rule: 'message-empty', path: '', code: 'MESSAGE_EMPTY', json: 50006 },
    ]);
    expect(validateEditMessageBody({ content: null }, edit({ attachments: [{ id: '1' }] }))).toEqual([]);
    expect(
      brief(validateEditMessageBody({ content: null, attachments: [] }, edit({ attachments: [{ id: '1' }] })))[0]!.json,
    ).toBe(50006);
    expect(
      validateEditMessageBody(
        { content: null, attachments: [] },
        edit({ attachments: [{ id: '1' }] }, { hasFiles: true }),
      ),
    ).toEqual([]);
  });

  it('flags: SUPPRESS_EMBEDS toggles, IS_COMPONENTS_V2 only turns on, others dropped', () => {
    expect(editedFlags(4, 0)).toBe(0);
    expect(editedFlags(0, 4)).toBe(4);
    expect(editedFlags(4096, 4)).toBe(4096 | 4);
    expect(editedFlags(32768, 0)).toBe(32768);
    expect(editedFlags(0, 64)).toBe(0);
    expect(validateEditMessageBody({ flags: 4096 }, edit()).map((p) => p.rule)).toEqual(['message-flags-dropped']);
    const removed = validateEditMessageBody(
      { flags: 0 },
      edit({ content: '', components: [{ type: 10, content: 'x' }], flags: 32768 }),
    );
    expect(brief(removed)).toEqual([
      {
        rule: 'message-components-v2-permanent',
        path: 'flags',
        code: 'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
        json: undefined,
      },
    ]);
  });

  it('setting IS_COMPONENTS_V2 needs content, embeds, files and poll nulled', () => {
    const comps = [{ type: 10, content: 'hi' }];
    const ps = validateEditMessageBody(
      { flags: 32768, components: comps },
      edit({ embeds: [{ title: 't' }], attachments: [{ id: '1' }] }, { applicationOwned: true }),
    );
    expect(brief(ps).map((p) => `${p.path} ${p.code}`)).toEqual([
      'content MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      'embeds MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
      'attachments MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    ]);
    expect(
      validateEditMessageBody(
        { flags: 32768, components: comps, content: null, embeds: null, attachments: [] },
        edit({ embeds: [{ title: 't' }], attachments: [{ id: '1' }] }, { applicationOwned: true }),
      ),
    ).toEqual([]);
    const poll = validateEditMessageBody(
      { flags: 32768, components: comps, content: null },
      edit({ poll: { question: {} } }, { applicationOwned: true }),
    );
    expect(brief(poll).map((p) => p.path)).toEqual(['poll']);
  });

  it('a components-v2 message refuses new content', () => {
    const ps = validateEditMessageBody(
      { content: 'x' },
      edit({ content: '', components: [{ type: 10, content: 'a' }], flags: 32768 }),
    );
    expect(brief(ps)).toEqual([
      {
        rule: 'message-components-v2-exclusive',
        path: 'content',
        code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
        json: undefined,
      },
    ]);
  });

  it('refuses adding a poll', () => {
    expect(brief(validateEditMessageBody({ poll: { question: { text: 'q' }, answers: [] } }, edit()))).toEqual([
      { rule: 'message-poll-edit', path: 'poll', code: 'POLL_EDIT_NOT_ALLOWED', json: undefined },
    ]);
  });

  it('ignores components from a non-app webhook without with_components', () => {
    const ps = validateEditMessageBody({ content: null, components: [{ type: 1, components: [] }] }, edit());
    expect(ps.map((p) => p.rule)).toEqual(['message-components-ignored', 'message-empty']);
  });
});

describe('query parameters', () => {
  it('parses booleans and refuses others with BOOLEAN_TYPE_COERCE', () => {
    expect(parseQueryBoolean(undefined, 'wait', false)).toEqual({ value: false, problems: [] });
    expect(parseQueryBoolean(null, 'wait', true).value).toBe(true);
    for (const t of ['true', 'True', '1']) expect(parseQueryBoolean(t, 'wait', false).value).toBe(true);
    for (const f of ['false', 'FALSE', '0']) expect(parseQueryBoolean(f, 'wait', true).value).toBe(false);
    const bad = parseQueryBoolean('x', 'wait', false);
    expect(brief(bad.problems)).toEqual([
      { rule: 'query-boolean', path: 'wait', code: 'BOOLEAN_TYPE_COERCE', json: undefined },
    ]);
    expect(bad.problems[0]!.api!.message).toBe('Value "x" is not a valid boolean.');
  });

  it('checks snowflakes', () => {
    expect(validateSnowflakeQuery(null, 'thread_id')).toEqual([]);
    expect(validateSnowflakeQuery('123', 'thread_id')).toEqual([]);
    expect(brief(validateSnowflakeQuery('abc', 'thread_id'))).toEqual([
      { rule: 'query-snowflake', path: 'thread_id', code: 'NUMBER_TYPE_COERCE', json: undefined },
    ]);
  });
});

describe('webhook create and edit bodies', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  it('create needs a valid name; avatar must be image data', () => {
    expect(validateWebhookCreateBody({ name: 'ok', avatar: png }, limits)).toEqual([]);
    expect(validateWebhookCreateBody({ name: 'ok', avatar: null }, limits)).toEqual([]);
    expect(brief(validateWebhookCreateBody({}, limits))).toEqual([
      { rule: 'webhook-name-length', path: 'name', code: 'BASE_TYPE_REQUIRED', json: undefined },
    ]);
    expect(brief(validateWebhookCreateBody({ name: 'ok', avatar: 'http://x' }, limits))).toEqual([
      { rule: 'webhook-avatar', path: 'avatar', code: 'IMAGE_INVALID', json: undefined },
    ]);
    expect(brief(validateWebhookCreateBody(null, limits))[0]!.code).toBe('DICT_TYPE_CONVERT');
    expect(isImageData(png)).toBe(true);
  });

  it('edit: everything optional; channel_id an id by id, ignored (warning) with the token', () => {
    expect(validateWebhookEditBody({}, limits, { byToken: false })).toEqual([]);
    expect(validateWebhookEditBody({ channel_id: '123' }, limits, { byToken: false })).toEqual([]);
    expect(brief(validateWebhookEditBody({ channel_id: 'abc' }, limits, { byToken: false }))[0]!.code).toBe(
      'NUMBER_TYPE_COERCE',
    );
    const byToken = validateWebhookEditBody({ channel_id: '123', name: 'n' }, limits, { byToken: true });
    expect(byToken.map((p) => [p.rule, p.severity])).toEqual([['webhook-channel-by-token', 'warning']]);
    expect(brief(validateWebhookEditBody({ name: 'clyde' }, limits, { byToken: true }))[0]!.code).toBe(
      'USERNAME_INVALID_CONTAINS',
    );
  });
});
