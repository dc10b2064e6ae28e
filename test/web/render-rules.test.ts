/** The page's pure rendering rules (src/web/render: text, media, fields, timeline), under Node. */
import { describe, expect, it } from 'vitest';
import { inlineIndexes } from '../../src/web/render/fields.js';
import { attachmentFor, embeddedAttachmentIds, mediaKind, type AttachmentLike } from '../../src/web/render/media.js';
import {
  answerHeading,
  cssColour,
  formatBytes,
  formatDiscordTime,
  plainEmoji,
  safeHref,
} from '../../src/web/render/text.js';
import { insertionIndex, viewMessageOf } from '../../src/web/render/timeline.js';
import { compareSnowflakes } from '../../src/wire/snowflake.js';

describe('text rules', () => {
  it('only http(s) links become anchors', () => {
    expect(safeHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(safeHref('http://example.com')).toBe('http://example.com/');
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'data:text/html,x',
      '/relative',
      'vbscript:x',
      '',
      42,
      undefined,
    ])
      expect(safeHref(bad)).toBeUndefined();
  });

  it('custom emoji read as :name:, so no emoji image is fetched', () => {
    expect(plainEmoji('hi <:blob:123456789012345678> and <a:dance:223456789012345678>!')).toBe(
      'hi :blob: and :dance:!',
    );
    expect(plainEmoji('<:not emoji:1>')).toBe('<:not emoji:1>');
  });

  it("an answer is headed with the command used, else with what the member used: never a form's custom_id as a command", () => {
    expect(answerHeading({ username: 'bob', command: 'ping' }, 2)).toEqual({ kind: 'command', command: 'ping' });
    expect(answerHeading({ username: 'bob', command: 'feedback' }, 5)).toEqual({
      kind: 'command',
      command: 'feedback',
    });
    expect(answerHeading({ username: 'bob' }, 5)).toEqual({ kind: 'used', text: 'bob submitted a form' });
    expect(answerHeading({ username: 'bob' }, 3)).toEqual({ kind: 'used', text: 'bob used a component' });
  });

  it('sizes and colours', () => {
    expect(formatBytes(512)).toEqual({ value: 512, unit: 'B' });
    expect(formatBytes(1536)).toEqual({ value: 1.5, unit: 'KB' });
    expect(formatBytes(5 * 1024 * 1024)).toEqual({ value: 5, unit: 'MB' });
    expect(cssColour(0x23a55a)).toBe('#23a55a');
    expect(cssColour(0)).toBe('#000000');
    expect(cssColour(0x1000000)).toBeUndefined();
    expect(cssColour('red')).toBeUndefined();
  });

  it('timestamps in the client styles; relative ones against now', () => {
    const t = '1700000000';
    expect(formatDiscordTime(t, 'R', 1700000000_000 + 3 * 3600e3)).toBe('3 hours ago');
    expect(formatDiscordTime(t, 'R', 1700000000_000 - 2 * 24 * 3600e3)).toBe('in 2 days');
    expect(formatDiscordTime(t, 'd')).toMatch(/^\d\d\/\d\d\/2023$/);
    expect(formatDiscordTime('nope', 'f')).toBeUndefined();
  });
});

describe('media rules', () => {
  const atts: AttachmentLike[] = [
    {
      id: '1',
      filename: 'chart.png',
      url: 'https://cdn.discordapp.com/attachments/9/1/chart.png',
      proxy_url: 'https://media.discordapp.net/attachments/9/1/chart.png',
      content_type: 'image/png',
    },
    {
      id: '2',
      filename: 'notes.txt',
      url: 'https://cdn.discordapp.com/attachments/9/2/notes.txt',
      content_type: 'text/plain',
    },
  ];

  it('finds the file a media reference names: attachment://, its URL or its proxy URL', () => {
    expect(attachmentFor('attachment://chart.png', atts)?.id).toBe('1');
    expect(attachmentFor(atts[0]!.url, atts)?.id).toBe('1');
    expect(attachmentFor(atts[0]!.proxy_url, atts)?.id).toBe('1');
    expect(attachmentFor('https://example.com/chart.png', atts)).toBeUndefined();
    expect(attachmentFor('attachment://other.png', atts)).toBeUndefined();
  });

  it('images inline (not SVG), videos as players, the rest as file boxes', () => {
    expect(mediaKind({ filename: 'a.png', content_type: 'image/png' })).toBe('image');
    expect(mediaKind({ filename: 'a.svg', content_type: 'image/svg+xml' })).toBe('file');
    expect(mediaKind({ filename: 'a.webm', content_type: 'video/webm' })).toBe('video');
    expect(mediaKind({ filename: 'a.jpg' })).toBe('image');
    expect(mediaKind({ filename: 'a.html', content_type: 'text/html' })).toBe('file');
  });

  it('files an embed shows are not shown again under the message', () => {
    expect([
      ...embeddedAttachmentIds([{ image: { url: atts[0]!.url } }, { footer: { icon_url: 'https://x/y.png' } }], atts),
    ]).toEqual(['1']);
    expect(embeddedAttachmentIds(undefined, atts).size).toBe(0);
  });
});

describe('embed field layout', () => {
  it('inline fields share rows of three; a block field breaks the run', () => {
    const f = (inline: boolean) => ({ inline });
    expect(inlineIndexes([f(true), f(true), f(true), f(true), f(false), f(true)])).toEqual([1, 2, 3, 1, undefined, 1]);
  });
});

describe('timeline', () => {
  it('orders snowflakes as numbers', () => {
    expect(compareSnowflakes('9', '10')).toBe(-1);
    expect(compareSnowflakes('1574822293727608832', '1574822293727608831')).toBe(1);
    const ids = ['2', '9', '10', '100'];
    expect(insertionIndex(ids, '1')).toBe(0);
    expect(insertionIndex(ids, '11')).toBe(3);
    expect(insertionIndex(ids, '1000')).toBe(4);
    expect(insertionIndex([], '5')).toBe(0);
  });

  it('a stream entry becomes a view message: flags, edit, deletion, who invoked', () => {
    const vm = viewMessageOf(
      {
        action: 'update',
        channelId: 'c',
        messageId: '5',
        source: 'interaction',
        interaction: { id: 'i', name: 'ping', userId: 'u1', applicationId: 'a', command: 'ping' },
        message: { id: '5', flags: 64, edited_timestamp: '2026-01-01T00:00:00+00:00' },
      },
      (id) => (id === 'u1' ? 'alice' : undefined),
    );
    expect(vm).toMatchObject({
      id: '5',
      channelId: 'c',
      ephemeral: true,
      edited: true,
      deleted: false,
      interaction: { name: 'ping', userId: 'u1', username: 'alice', applicationId: 'a', command: 'ping' },
    });
    // A form's answer keeps its custom_id as the name, and heads with no command of its own.
    const form = viewMessageOf(
      {
        action: 'create',
        channelId: 'c',
        messageId: '7',
        source: 'interaction',
        interaction: { id: 'j', name: 'feedback:modal', userId: 'u1', applicationId: 'a' },
      },
      () => 'alice',
    );
    expect(form.interaction?.command).toBeUndefined();
    const gone = viewMessageOf(
      {
        action: 'delete',
        channelId: 'c',
        messageId: '6',
        source: 'webhook',
        message: { id: '6', flags: 0, edited_timestamp: null },
      },
      () => undefined,
    );
    expect(gone).toMatchObject({ deleted: true, ephemeral: false, edited: false });
    expect(gone.interaction).toBeUndefined();
  });
});
