import { ChannelType } from './enums.js';
import type { Obj } from './rules/values.js';

/** Kinds of channel by type, for the rules that differ between them (webhook posts, threads, the web view's tree). */

/** Forum and media channels: every post is a thread of its own. */
export function isForumLike(channelType: number): boolean {
  return channelType === ChannelType.GUILD_FORUM || channelType === ChannelType.GUILD_MEDIA;
}

export function isThreadType(channelType: number): boolean {
  return (
    channelType === ChannelType.ANNOUNCEMENT_THREAD ||
    channelType === ChannelType.PUBLIC_THREAD ||
    channelType === ChannelType.PRIVATE_THREAD
  );
}

/** Channels that can hold webhooks (not categories, DMs, directories, or threads). */
export const WEBHOOK_CHANNEL_TYPES: readonly number[] = [
  ChannelType.GUILD_TEXT,
  ChannelType.GUILD_VOICE,
  ChannelType.GUILD_ANNOUNCEMENT,
  ChannelType.GUILD_STAGE_VOICE,
  ChannelType.GUILD_FORUM,
  ChannelType.GUILD_MEDIA,
];

/**
 * The fields the service's channel object carries for a kind of guild channel beyond the common ones, at the
 * values a new channel has. Clients read them by type: discord.py's VoiceChannel parser reads `bitrate`,
 * `user_limit` and `rtc_region` without a default (a KeyError without them).
 */
export function channelKindFields(channelType: number): Obj {
  switch (channelType) {
    case ChannelType.GUILD_TEXT:
    case ChannelType.GUILD_ANNOUNCEMENT:
      return { topic: null, rate_limit_per_user: 0, last_message_id: null };
    case ChannelType.GUILD_VOICE:
    case ChannelType.GUILD_STAGE_VOICE:
      return {
        bitrate: 64_000,
        user_limit: 0,
        rtc_region: null,
        rate_limit_per_user: 0,
        last_message_id: null,
        ...(channelType === ChannelType.GUILD_VOICE ? { video_quality_mode: 1 } : { topic: null }),
      };
    case ChannelType.GUILD_FORUM:
    case ChannelType.GUILD_MEDIA:
      return {
        topic: null,
        rate_limit_per_user: 0,
        last_message_id: null,
        default_reaction_emoji: null,
        default_sort_order: null,
        default_thread_rate_limit_per_user: 0,
        ...(channelType === ChannelType.GUILD_FORUM ? { default_forum_layout: 0 } : {}),
      };
    default:
      return {};
  }
}
