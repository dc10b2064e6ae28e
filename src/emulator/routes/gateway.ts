/**
 * GET /gateway and GET /gateway/bot (facts §9.3): both point at the emulator's
 * own WebSocket gateway, so a bot whose REST base is the emulator follows it there.
 */
import { unauthorized } from '../http/auth.js';
import type { Gateway } from '../gateway/gateway.js';
import type { Route } from '../http/http-types.js';

export function gatewayRoutes(gateway: Gateway): Route[] {
  return [
    {
      method: 'GET',
      pattern: '/gateway',
      auth: 'none',
      bucket: 'default',
      handler: () => ({ status: 200, body: { url: gateway.url } }),
    },
    {
      method: 'GET',
      pattern: '/gateway/bot',
      auth: 'app',
      bucket: 'default',
      // Only a bot token: a bearer cannot open a bot session.
      handler: (req) =>
        req.auth.kind === 'bot'
          ? { status: 200, body: { url: gateway.url, shards: 1, session_start_limit: gateway.sessionStartLimit() } }
          : unauthorized(),
    },
  ];
}
