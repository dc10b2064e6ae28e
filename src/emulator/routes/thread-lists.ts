/**
 * Listing threads (issue 41 item 4): GET /guilds/{id}/threads/active (every
 * unarchived thread the bot can see, newest first), and a channel's archived
 * threads, GET /channels/{id}/threads/archived/public|private and
 * /channels/{id}/users/@me/threads/archived/private (those the bot joined).
 * Each answers `{ threads, members }` (the bot's own thread members), the
 * archived lists also `has_more`; who may read and how a page is cut are
 * wire/thread-lists.ts's.
 */
import { ChannelType } from '../../wire/enums.js';
import { holdsAll, ChannelBits } from '../../wire/channel-fields.js';
import { archivedListRefusal, archivedPage, parseArchivedQuery, type ArchivedList } from '../../wire/thread-lists.js';
import { privateThreadView } from '../../wire/thread-fields.js';
import { compareSnowflakes, snowflakeTimestamp } from '../../wire/snowflake.js';
import type { Obj } from '../../wire/rules/values.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { channelObject, isThread } from '../models/channel-edits.js';
import { isThreadMember, threadMemberObject } from '../models/threads.js';
import { problemsResponse } from '../state/webhook-access.js';
import type { Application, Channel, Guild } from '../state/world.js';
import { botChannelPermissions, channelAccess, channelError, guildAccess } from './channel-access.js';

/** The answer's two lists: the threads, and the bot's member object in each it joined. */
function listed(guild: Guild, app: Application, threads: readonly Channel[]): { threads: Obj[]; members: Obj[] } {
  const members = threads.flatMap((t) =>
    (t.thread?.members ?? []).filter((m) => m.id === app.botUserId).map((m) => threadMemberObject(t, m)),
  );
  return { threads: threads.map((t) => channelObject(guild, t, app.botUserId)), members };
}

function active(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = guildAccess(req, ctx);
  if ('status' in at) return at;
  const { app, guild } = at;
  const seen = guild.channels.filter((c) => {
    if (!isThread(c) || c.archived) return false;
    const perms = botChannelPermissions(guild, app, c.id);
    const view =
      c.type === ChannelType.PRIVATE_THREAD ? privateThreadView(perms, isThreadMember(c, app.botUserId)) : perms;
    return holdsAll(view, ChannelBits.VIEW_CHANNEL);
  });
  seen.sort((a, b) => compareSnowflakes(b.id, a.id));
  return { status: 200, body: listed(guild, app, seen) };
}

const isPrivate = (t: Channel) => t.type === ChannelType.PRIVATE_THREAD;

function archived(list: ArchivedList) {
  return (req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse => {
    const at = channelAccess(req, ctx);
    if ('status' in at) return at;
    const denied = archivedListRefusal(at.perms, list);
    if (denied) return channelError(denied);
    const q = parseArchivedQuery((name) => req.query.get(name), list);
    if (Array.isArray(q)) return problemsResponse(q)!;
    const botUser = at.app.botUserId;
    const candidates = at.guild.channels
      .filter((c) => c.parentId === at.channel.id && isThread(c) && c.archived === true)
      .filter((c) => (list === 'public' ? !isPrivate(c) : isPrivate(c)))
      .filter((c) => list !== 'joined' || isThreadMember(c, botUser))
      .map((c) => ({
        id: c.id,
        archivedAtMs: Date.parse(c.thread?.archiveTimestamp ?? snowflakeTimestamp(c.id).toISOString()),
        channel: c,
      }));
    const { page, hasMore } = archivedPage(candidates, list, q);
    const body = listed(
      at.guild,
      at.app,
      page.map((e) => e.channel),
    );
    return { status: 200, body: { ...body, has_more: hasMore } };
  };
}

const get = (pattern: string, handler: Route['handler']): Route => ({
  method: 'GET',
  pattern,
  auth: 'optional',
  bucket: 'default',
  handler,
});

export const threadListRoutes: Route[] = [
  get('/guilds/:guildId/threads/active', active),
  get('/channels/:channelId/threads/archived/public', archived('public')),
  get('/channels/:channelId/threads/archived/private', archived('private')),
  get('/channels/:channelId/users/@me/threads/archived/private', archived('joined')),
];
