import { ChannelType } from './enums.js';

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
