/** The REST a bot uses beyond commands and webhooks: channel messages, reactions, pins, bulk delete, guild and user reads, DMs, bans, members and roles, channels, overwrites and threads. */
import type { Route } from '../http/http-types.js';
import { bulkDeleteRoutes } from './bulk-delete.js';
import { channelMessageRoutes } from './channel-messages.js';
import { channelOverwriteRoutes } from './channel-overwrites.js';
import { channelPinRoutes } from './channel-pins.js';
import { channelReactionRoutes } from './channel-reactions.js';
import { guildBanRoutes } from './guild-bans.js';
import { guildChannelRoutes } from './guild-channels.js';
import { guildMemberRoutes } from './guild-members.js';
import { guildReadRoutes } from './guild-reads.js';
import { guildRoleRoutes } from './guild-roles.js';
import { threadListRoutes } from './thread-lists.js';
import { threadMemberRoutes } from './thread-members.js';
import { threadRoutes } from './threads.js';
import { userRoutes } from './users.js';
import { dmChannelRoutes } from './dm-channels.js';

export const botRestRoutes: Route[] = [
  ...channelMessageRoutes,
  ...channelReactionRoutes,
  ...channelPinRoutes,
  ...bulkDeleteRoutes,
  ...guildReadRoutes,
  ...guildBanRoutes,
  ...guildMemberRoutes,
  ...guildRoleRoutes,
  ...userRoutes,
  ...guildChannelRoutes,
  ...channelOverwriteRoutes,
  ...threadRoutes,
  ...threadMemberRoutes,
  ...threadListRoutes,
  ...dmChannelRoutes,
];
