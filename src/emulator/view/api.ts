/**
 * The web view's API, under the control prefix (loopback, control token):
 *   GET /__emulator/view/world      applications, guilds, channels, members (world-view.ts)
 *   GET /__emulator/view/activity   the event log (`?after=SEQ`)
 *   GET /__emulator/view/state      rate limits, daily creates, faults, gateway sessions (state-panel.ts)
 *   GET /__emulator/view/commands   the command picker for a member in a channel (command-picker.ts)
 *   GET /__emulator/view/stream     the live feed (stream.ts; served by the server, it needs the socket)
 *   GET /__emulator/view/channels/:id/messages, /view/attachments/:id   a channel's messages (channel-messages.ts)
 *   GET /__emulator/view/avatars/:hash   webhook avatars sent as image data (avatar-images.ts)
 * Each view's own data comes from its module, its shape from the
 * matching *-types.ts (shared with the page); this file only routes.
 */
import type { EmulatorResponse } from '../http/http-types.js';
import type { World } from '../state/world.js';
import type { ActivityLog } from './activity.js';
import type { ActivityAnswer } from './activity-types.js';
import { viewWorld } from './world-view.js';
import { viewState, type StateSources } from './state-panel.js';
import { attachmentAnswer, channelMessagesAnswer, type ChannelMessages } from './channel-messages.js';
import { viewCommands } from './command-picker.js';
import { avatarAnswer, type AvatarImages } from './avatar-images.js';

export const VIEW_API_PREFIX = '/view/';
export const VIEW_STREAM_PATH = '/view/stream';

export interface ViewApiEnv {
  world(): World;
  defaults: { applicationId: string; guildId: string };
  activity: ActivityLog;
  state: StateSources;
  channelMessages: ChannelMessages;
  avatars: AvatarImages;
}

const notFound = (): EmulatorResponse => ({ status: 404, body: { message: 'Unknown view endpoint' } });

/** An answer for a `/view/…` control path, or undefined for other paths. */
export function viewApi(
  env: ViewApiEnv,
  method: string,
  path: string,
  query: URLSearchParams,
): EmulatorResponse | Promise<EmulatorResponse> | undefined {
  if (!path.startsWith(VIEW_API_PREFIX)) return undefined;
  if (method !== 'GET') return { status: 405, body: { message: 'Method not allowed' } };
  const parts = path.slice(VIEW_API_PREFIX.length).split('/');
  switch (parts[0]) {
    case 'world':
      return parts.length === 1
        ? { status: 200, body: viewWorld(env.world(), env.defaults, env.state.now()) }
        : notFound();
    case 'activity': {
      const after = Number(query.get('after') ?? '0');
      return {
        status: 200,
        body: { entries: env.activity.since(Number.isFinite(after) ? after : 0) } satisfies ActivityAnswer,
      };
    }
    case 'state':
      return parts.length === 1 ? { status: 200, body: viewState(env.state) } : notFound();
    case 'channels':
      return channelMessagesAnswer(env.channelMessages, parts, query);
    case 'attachments':
      return attachmentAnswer(env.channelMessages, parts);
    case 'avatars':
      return avatarAnswer(env.avatars, parts);
    case 'commands':
      return parts.length === 1 ? viewCommands(env.world(), query, env.defaults, env.state.now()) : notFound();
    default:
      return notFound();
  }
}
