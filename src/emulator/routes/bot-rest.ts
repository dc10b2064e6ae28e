/** The REST a bot uses beyond commands and webhooks: channel messages, reactions, pins, bulk delete, guild and user reads. */
import type { Route } from '../http/http-types.js';
import { bulkDeleteRoutes } from './bulk-delete.js';
import { channelMessageRoutes } from './channel-messages.js';
import { channelPinRoutes } from './channel-pins.js';
import { channelReactionRoutes } from './channel-reactions.js';
import { guildReadRoutes } from './guild-reads.js';
import { userRoutes } from './users.js';

export const botRestRoutes: Route[] = [
  ...channelMessageRoutes,
  ...channelReactionRoutes,
  ...channelPinRoutes,
  ...bulkDeleteRoutes,
  ...guildReadRoutes,
  ...userRoutes,
];
