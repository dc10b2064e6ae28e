/** The REST a bot uses beyond commands and webhooks: channel messages, own reactions, guild and user reads, channels, overwrites and threads. */
import type { Route } from '../http/http-types.js';
import { channelMessageRoutes } from './channel-messages.js';
import { channelOverwriteRoutes } from './channel-overwrites.js';
import { channelReactionRoutes } from './channel-reactions.js';
import { guildChannelRoutes } from './guild-channels.js';
import { guildReadRoutes } from './guild-reads.js';
import { threadMemberRoutes } from './thread-members.js';
import { threadRoutes } from './threads.js';
import { userRoutes } from './users.js';

export const botRestRoutes: Route[] = [
  ...channelMessageRoutes,
  ...channelReactionRoutes,
  ...guildReadRoutes,
  ...userRoutes,
  ...guildChannelRoutes,
  ...channelOverwriteRoutes,
  ...threadRoutes,
  ...threadMemberRoutes,
];
