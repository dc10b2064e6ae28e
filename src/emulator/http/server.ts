/**
 * The emulator's HTTP server (node:http, no framework): Node's limits on slow
 * peers, a cap on connections per client, and every request handed to the
 * pipeline (pipeline.ts, one module per step under steps/).
 */
import { createServer, type Server } from 'node:http';
import { capConnectionsPerClient } from './connection-cap.js';
import type { PipelineEnv } from './exchange.js';
import { handleRequest } from './pipeline.js';
import { Router } from './router.js';
import { DEFAULT_TIMEOUTS, type ServerOptions } from './server-options.js';
import { internalError, send } from './steps/answer.js';
import { HandlerLock } from './steps/handler-lock.js';
import { readBody } from './steps/read-body.js';

export { API_PREFIX } from './steps/api-path.js';
export { isLoopback } from './steps/control-routes.js';
export { DEFAULT_TIMEOUTS, type ServerOptions, type ServerTimeouts } from './server-options.js';

export function createEmulatorServer(options: ServerOptions): Server {
  const env: PipelineEnv = { options, router: new Router(options.routes), lock: new HandlerLock() };
  const t = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const serverOptions = {
    headersTimeout: t.headersMs,
    // Node requires requestTimeout >= headersTimeout.
    requestTimeout: Math.max(t.requestMs, t.headersMs),
    keepAliveTimeout: t.keepAliveMs,
    connectionsCheckingInterval: t.checkIntervalMs,
  };
  const server = createServer(serverOptions);
  const arrived = capConnectionsPerClient(server, t.maxConnectionsPerClient);
  server.on('request', (req, res) => {
    arrived(req, res);
    // Never echo the error: it could carry request data. The answer is the service's generic 500.
    const failed = () => {
      if (!res.headersSent) send(res, internalError());
      else res.destroy();
    };
    readBody(
      req,
      (raw) => {
        try {
          handleRequest(env, req, res, raw)?.catch(failed);
        } catch {
          failed();
        }
      },
      failed,
    );
  });
  return server;
}
