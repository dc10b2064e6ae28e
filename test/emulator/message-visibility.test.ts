/** The MESSAGE_CONTENT rule as a pure function (facts §7.3). */
import { describe, expect, test } from 'vitest';
import { contentExempt, visibleMessage } from '../../src/emulator/gateway/message-visibility.js';

const BOT = '100';
const base = {
  id: '1',
  guild_id: '9',
  author: { id: '200' },
  content: 'secret',
  embeds: [{ title: 't' }],
  attachments: [{ id: '5' }],
  components: [{ type: 1, components: [] }],
  poll: { question: { text: 'q' } },
  mentions: [] as unknown[],
};

describe('visibleMessage', () => {
  test('a reader with the content intent gets the very same object', () => {
    expect(visibleMessage(base, { botUserId: BOT, readsContent: true })).toBe(base);
  });

  test('a reader without it gets content, embeds, attachments, components blank and no poll; the rest kept; the original untouched', () => {
    const out = visibleMessage(base, { botUserId: BOT, readsContent: false });
    expect(out).toEqual({
      id: '1',
      guild_id: '9',
      author: { id: '200' },
      content: '',
      embeds: [],
      attachments: [],
      components: [],
      mentions: [],
    });
    expect(base.content).toBe('secret');
  });

  test('exempt: a DM, the bot’s own message, a message mentioning the bot', () => {
    const { guild_id: _, ...dm } = base;
    expect(contentExempt(dm, BOT)).toBe(true);
    expect(contentExempt({ ...base, author: { id: BOT } }, BOT)).toBe(true);
    expect(contentExempt({ ...base, mentions: [{ id: '7' }, { id: BOT }] }, BOT)).toBe(true);
    expect(contentExempt({ ...base, mentions: [{ id: '7' }] }, BOT)).toBe(false);
    expect(visibleMessage({ ...base, mentions: [{ id: BOT }] }, { botUserId: BOT, readsContent: false }).content).toBe(
      'secret',
    );
  });

  test('a referenced message is judged on its own', () => {
    const own = { ...base, author: { id: BOT }, referenced_message: base };
    const out = visibleMessage(own, { botUserId: BOT, readsContent: false });
    expect(out.content).toBe('secret');
    expect((out.referenced_message as typeof base).content).toBe('');
    const replyToOwn = { ...base, referenced_message: { ...base, author: { id: BOT } } };
    const out2 = visibleMessage(replyToOwn, { botUserId: BOT, readsContent: false });
    expect(out2.content).toBe('');
    expect((out2.referenced_message as typeof base).content).toBe('secret');
  });
});
