import { ChannelErrors } from '../../wire/messages/errors.js';
import { botUser, plainUser } from '../gateway/members.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import { botOf, channelError } from './channel-access.js';

function getUser(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const caller = botOf(req);
  if ('status' in caller) return caller;
  const id = req.params.userId;
  const app = Object.values(ctx.world.applications).find((a) => a.botUserId === id);
  if (app) {
    // Another user's object carries no account settings (`verified`, `mfa_enabled` are /users/@me's).
    const { verified: _v, mfa_enabled: _m, ...user } = botUser(app);
    return { status: 200, body: user };
  }
  for (const g of Object.values(ctx.world.guilds)) {
    const m = g.members.find((x) => x.id === id);
    if (m) return { status: 200, body: plainUser(m) };
  }
  return channelError(ChannelErrors.unknownUser);
}

export const userRoutes: Route[] = [
  { method: 'GET', pattern: '/users/:userId', auth: 'optional', bucket: 'default', handler: getUser },
];
