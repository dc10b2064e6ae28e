/**
 * Small shapes of the service the emulator answers with (channels.ts, service-routes.ts,
 * error-answers.ts, bot-user.ts): which channel kinds are forums or threads and the fields each
 * kind carries, which methods the service has on a path, a code-0 answer, a bot's public user.
 */
import { describe, expect, it } from 'vitest';
import { BOT_DISCRIMINATOR, botUserObject } from '../../src/wire/bot-user.js';
import { channelKindFields, isForumLike, isThreadType } from '../../src/wire/channels.js';
import { ChannelType } from '../../src/wire/enums.js';
import { statusAnswer } from '../../src/wire/error-answers.js';
import { serviceHasMethod } from '../../src/wire/service-routes.js';

const T = ChannelType;

describe('channel kinds', () => {
  it('forum-like: forum and media; threads: the three thread types', () => {
    const all = Object.values(T) as number[];
    expect(all.filter(isForumLike)).toEqual([T.GUILD_FORUM, T.GUILD_MEDIA]);
    expect(all.filter(isThreadType).sort((a, b) => a - b)).toEqual([
      T.ANNOUNCEMENT_THREAD,
      T.PUBLIC_THREAD,
      T.PRIVATE_THREAD,
    ]);
  });

  it('the fields a new channel of each kind carries, as clients read them', () => {
    const text = { topic: null, rate_limit_per_user: 0, last_message_id: null };
    expect(channelKindFields(T.GUILD_TEXT)).toEqual(text);
    expect(channelKindFields(T.GUILD_ANNOUNCEMENT)).toEqual(text);
    const voice = { bitrate: 64_000, user_limit: 0, rtc_region: null, rate_limit_per_user: 0, last_message_id: null };
    expect(channelKindFields(T.GUILD_VOICE)).toEqual({ ...voice, video_quality_mode: 1 });
    expect(channelKindFields(T.GUILD_STAGE_VOICE)).toEqual({ ...voice, topic: null });
    const forum = {
      ...text,
      default_reaction_emoji: null,
      default_sort_order: null,
      default_thread_rate_limit_per_user: 0,
    };
    expect(channelKindFields(T.GUILD_FORUM)).toEqual({ ...forum, default_forum_layout: 0 });
    expect(channelKindFields(T.GUILD_MEDIA)).toEqual(forum);
    expect(channelKindFields(T.GUILD_CATEGORY)).toEqual({});
  });
});

describe('the service’s own answers', () => {
  it('names the methods the service has on a path shape; an unlisted shape has none', () => {
    expect(serviceHasMethod('/channels/:id/messages', 'POST')).toBe(true);
    expect(serviceHasMethod('/channels/:id/messages', 'DELETE')).toBe(false);
    expect(serviceHasMethod('/guilds/:id/members/@me', 'PATCH')).toBe(true);
    expect(serviceHasMethod('/nowhere', 'GET')).toBe(false);
  });

  it('a code-0 answer quotes the status and its reason', () => {
    expect(statusAnswer(405, 'Method Not Allowed')).toEqual({
      status: 405,
      code: 0,
      message: '405: Method Not Allowed',
    });
  });

  it('a bot user keeps a 4-digit discriminator and shows no account settings', () => {
    expect(botUserObject({ id: '7', username: 'Helper' })).toEqual({
      id: '7',
      username: 'Helper',
      avatar: null,
      discriminator: BOT_DISCRIMINATOR,
      bot: true,
      global_name: null,
      public_flags: 0,
      flags: 0,
    });
    expect(BOT_DISCRIMINATOR).toBe('0000');
  });
});
