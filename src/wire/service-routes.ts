/**
 * Which methods the service has on a path the emulator serves only in part,
 * by the path's shape (http/not-emulated.ts `routeShape`: ids as `:id`, other
 * values as `:value`). A method the service has there but the emulator does not
 * is answered "not emulated" (404, loud); one the service lacks too is its own
 * 405. From the API reference's resource pages (guild, channel, user).
 */
const SERVICE_METHODS: Readonly<Record<string, readonly string[]>> = {
  '/guilds/:id': ['GET', 'PATCH', 'DELETE'],
  '/guilds/:id/members': ['GET'],
  '/guilds/:id/members/search': ['GET'],
  '/guilds/:id/members/@me': ['PATCH'],
  '/guilds/:id/members/:id': ['GET', 'PUT', 'PATCH', 'DELETE'],
  '/guilds/:id/members/:id/roles/:id': ['PUT', 'DELETE'],
  '/guilds/:id/bans': ['GET'],
  '/guilds/:id/bans/:id': ['GET', 'PUT', 'DELETE'],
  '/guilds/:id/channels': ['GET', 'POST', 'PATCH'],
  '/guilds/:id/roles': ['GET', 'POST', 'PATCH'],
  '/guilds/:id/roles/:id': ['GET', 'PATCH', 'DELETE'],
  '/channels/:id': ['GET', 'PATCH', 'DELETE'],
  '/channels/:id/messages': ['GET', 'POST'],
  '/channels/:id/messages/:id': ['GET', 'PATCH', 'DELETE'],
  '/channels/:id/messages/bulk-delete': ['POST'],
  '/channels/:id/messages/pins': ['GET'],
  '/channels/:id/messages/pins/:id': ['PUT', 'DELETE'],
  '/channels/:id/messages/:id/reactions': ['DELETE'],
  '/channels/:id/messages/:id/reactions/:value': ['GET', 'DELETE'],
  '/channels/:id/messages/:id/reactions/:value/@me': ['PUT', 'DELETE'],
  '/channels/:id/messages/:id/reactions/:value/:id': ['DELETE'],
  '/channels/:id/permissions/:id': ['PUT', 'DELETE'],
  '/channels/:id/pins': ['GET'],
  '/channels/:id/pins/:id': ['PUT', 'DELETE'],
  '/channels/:id/threads': ['POST'],
  '/channels/:id/messages/:id/threads': ['POST'],
  '/channels/:id/thread-members': ['GET'],
  '/channels/:id/thread-members/@me': ['PUT', 'DELETE'],
  '/channels/:id/thread-members/:id': ['GET', 'PUT', 'DELETE'],
  '/channels/:id/threads/archived/public': ['GET'],
  '/channels/:id/threads/archived/private': ['GET'],
  '/channels/:id/users/@me/threads/archived/private': ['GET'],
  '/guilds/:id/threads/active': ['GET'],
  '/users/@me': ['GET', 'PATCH'],
  '/users/:id': ['GET'],
  '/users/@me/channels': ['POST'],
  '/users/@me/guilds': ['GET'],
  '/users/@me/guilds/:id': ['DELETE'],
};

/** Whether the service answers `method` on a path of this shape (false when the shape is not listed). */
export function serviceHasMethod(shape: string, method: string): boolean {
  return SERVICE_METHODS[shape]?.includes(method) ?? false;
}
