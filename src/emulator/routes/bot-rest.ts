/** The REST a bot uses beyond commands and webhooks: channel messages, own reactions, guild and user reads. */
import type { Route } from '../http/http-types.js';
import { channelMessageRoutes } from './channel-messages.js';
import { channelReactionRoutes } from './channel-reactions.js';
import { guildReadRoutes } from './guild-reads.js';
import { userRoutes } from './users.js';

export const botRestRoutes: Route[] = [
  ...channelMessageRoutes,
  ...channelReactionRoutes,
  ...guildReadRoutes,
  ...userRoutes,
];
