/**
 * The emulator's HTTP server (node:http, no framework). One request's path:
 * body read → latency → routing → fault injection → rate limits → auth →
 * body parsing → handler (serialised with the other handlers) → journal what
 * the handler changed → answer. The answer is written only after the data file
 * holds the change.
 */
import { createHash } from 'node:crypto';
import { capConnectionsPerClient } from './connection-cap.js';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Limits } from '../../wire/limits.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { notYourApplication, resolveAuth, unauthorized } from './auth.js';
import type { FaultAction, FaultController } from './faults.js';
import { apiError, type EmulatorRequest, type EmulatorResponse, type HandlerContext, type RequestAuth, type Route } from './http-types.js';
import { MAX_JSON_BYTES, parseJsonBody } from './json-body.js';
import { MultipartError, parseMultipart } from './multipart.js';
import type { RateLimiter } from './rate-limit.js';
import { hasDotSegment, malformedIds, Router, splitTarget } from './router.js';
import { EMULATOR_LIMITS_PATH, type EmulatorLimitsAnswer } from '../../wire/emulator-control.js';
import { checkControlAccess, CONTROL_PREFIX, DAILY_CREATES_PATH, handleControl } from '../routes/control.js';
import { AUTHORIZE_PATH, authorizeControl, authorizeTarget } from '../routes/authorize-control.js';
import { dailyCreatesToday, resetDailyCreates, utcDay } from '../state/commands-model.js';
import type { Store } from '../state/store.js';
import type { EventBus, RequestNote } from '../gateway/events.js';
import type { PageServer } from '../view/page.js';
import { VIEW_STREAM_PATH } from '../view/api.js';
import type { ViewStreams } from '../view/stream.js';
import { doubledVersionAnswer } from './doubled-version.js';

export const API_PREFIX = '/api/v10';
/** Versions served with the same routes: the service still serves v9, and clients pinned to it exist. */
const API_PREFIXES = [API_PREFIX, '/api/v9'];
/**
 * Every answer of the real service passes Google's front end and says so;
 * discord.py takes a 429 without it for a Cloudflare ban and raises instead of waiting.
 */
const VIA = '1.1 google';
/** Larger bodies are refused before parsing (413 40005). */
const MAX_BODY_BYTES = 26 * 1024 * 1024;

export interface ServerOptions {
  store: Store;
  routes: readonly Route[];
  limits: Limits;
  rateLimiter?: RateLimiter;
  faults: FaultController;
  latencyMs: number;
  nextId: () => Snowflake;
  now: () => number;
  /** The secret the control routes (/__emulator/…) require in `X-Cmdsync-Control`. */
  controlToken: string;
  timeouts?: ServerTimeouts;
  events: EventBus;
  /** The web view: its page and assets, its API under /__emulator/view/, and its live stream. */
  view?: {
    page: PageServer;
    api: (method: string, path: string, query: URLSearchParams) => EmulatorResponse | Promise<EmulatorResponse> | undefined;
    streams: ViewStreams;
  };
  /** More control endpoints (e.g. /interactions): an answer, or undefined to fall through to the built-in ones. Run outside the handler lock: they may wait on requests the application makes. */
  control?: (method: string, path: string, body: unknown) => Promise<EmulatorResponse> | undefined;
}

/**
 * How long a peer may take, as a public service sets it, so a slow client
 * (one byte every few hundred ms) cannot hold connections forever.
 */
export interface ServerTimeouts {
  /** Whole request head (Node's headersTimeout). Default 10 s. */
  headersMs?: number;
  /** Whole request, head and body (requestTimeout). Default 60 s. */
  requestMs?: number;
  /** Idle keep-alive connection (keepAliveTimeout). Default 5 s. */
  keepAliveMs?: number;
  /** How often Node checks the two limits above (connectionsCheckingInterval). Default 1 s. */
  checkIntervalMs?: number;
  /** Open connections one client address may hold; past it, a new one closes the one making least progress (connection-cap.ts). Default 256. */
  maxConnectionsPerClient?: number;
}

export const DEFAULT_TIMEOUTS: Required<ServerTimeouts> = {
  headersMs: 10_000,
  requestMs: 60_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
  maxConnectionsPerClient: 256,
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Serialises handlers so a change and its persistence are never interleaved with another request. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

const STATUS_TEXT: Record<number, string> = { 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout' };

function internalError(status = 500): EmulatorResponse {
  return apiError(status, 0, `${status}: ${STATUS_TEXT[status] ?? 'Error'}`);
}

function contentTypeError(): EmulatorResponse {
  return apiError(400, 50035, 'Invalid Form Body', {
    _errors: [{ code: 'CONTENT_TYPE_INVALID', message: "Expected \"Content-Type\" header to be one of {'application/json', 'multipart/form-data'}." }],
  });
}

function tooLarge(): EmulatorResponse {
  return apiError(413, 40005, 'Request entity too large');
}

function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
    // A peer cut off mid-body (e.g. by requestTimeout) never ends the body: settle instead of waiting forever.
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}

function send(res: ServerResponse, response: EmulatorResponse, extra: Record<string, string> = {}): void {
  // Not a spread followed by more keys: V8's slow path on Node 20, ~1.5 µs a request (bench/emulator.md).
  const headers: Record<string, string> = Object.assign({}, extra, response.headers, { Via: VIA });
  let payload: string | Buffer | undefined;
  if (response.status !== 204) {
    if (response.bytes !== undefined) payload = response.bytes;
    else if (response.text !== undefined) {
      payload = response.text;
      headers['Content-Type'] ??= 'text/plain; charset=utf-8';
    } else if (response.body !== undefined) {
      payload = JSON.stringify(response.body);
      headers['Content-Type'] = 'application/json';
    }
  }
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(response.status, headers);
  res.end(payload);
}

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1' || (address?.startsWith('127.') ?? false);
}

/** Who the caller is for rate limiting: a hash of its credential, or its address. */
function callerOf(req: IncomingMessage): string {
  const auth = req.headers.authorization;
  return auth ? createHash('sha256').update(auth).digest('hex').slice(0, 24) : `ip:${req.socket.remoteAddress ?? ''}`;
}

async function parseBody(raw: Buffer, contentType: string, routePattern: string): Promise<{ body: unknown; files: EmulatorRequest['files'] } | EmulatorResponse> {
  if (raw.length === 0) return { body: undefined, files: [] };
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    if (raw.length > MAX_JSON_BYTES) return tooLarge();
    const parsed = parseJsonBody(raw.toString('utf8'));
    return parsed.ok ? { body: parsed.value, files: [] } : apiError(400, 50109, 'The request body contains invalid JSON.');
  }
  if (type === 'multipart/form-data' && routePattern !== '/oauth2/token') {
    try {
      return await parseMultipart(raw, contentType);
    } catch (err) {
      if (err instanceof MultipartError) return apiError(err.status, err.code, err.message);
      throw err;
    }
  }
  // The OAuth2 token endpoint reads its form itself (url-encoded or multipart).
  if (routePattern === '/oauth2/token') return { body: undefined, files: [] };
  return contentTypeError();
}

export function createEmulatorServer(options: ServerOptions): Server {
  const router = new Router(options.routes);
  const mutex = new Mutex();
  const { store, faults } = options;

  const noteRequest = (method: string, route: string, response: EmulatorResponse, bucket: string | undefined, refusedBy: RequestNote['refusedBy']) => {
    const code = (response.body as { code?: unknown } | undefined)?.code;
    options.events.note({
      kind: 'request',
      method,
      route,
      status: response.status,
      ...(typeof code === 'number' && code !== 0 ? { code } : {}),
      ...(bucket ? { bucket } : {}),
      ...(refusedBy ? { refusedBy } : {}),
    });
  };

  const authorize = (route: Route, params: Record<string, string>, header: string | undefined): RequestAuth | EmulatorResponse => {
    if (route.auth === 'none') return { kind: 'none' };
    const auth = resolveAuth(header, store.world, options.now());
    if (auth.kind === 'invalid') return unauthorized();
    if (route.auth === 'optional') return auth;
    if (auth.kind === 'none') return unauthorized();
    if (params.applicationId !== undefined && params.applicationId !== auth.application.id) return notYourApplication();
    return auth;
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    // The target as sent: WHATWG URL parsing would resolve `..` and `%2e%2e` onto the parent resource.
    const { path: target, query } = splitTarget(req.url ?? '/');
    const method = (req.method ?? 'GET').toUpperCase();
    let path = target;

    if (options.view?.page.serve(req, res, path, method)) return;

    if (path.startsWith(`${CONTROL_PREFIX}/`)) {
      if (!isLoopback(req.socket.remoteAddress)) return send(res, { status: 403, body: { message: 'The control endpoint answers loopback clients only' } });
      const sub = path.slice(CONTROL_PREFIX.length);
      const refused = checkControlAccess(method, sub, req.headers, raw === 'too-large' || raw.length > 0, options.controlToken);
      if (refused) return send(res, refused);
      if (raw === 'too-large') return send(res, tooLarge());
      let body: unknown;
      if (raw.length > 0) {
        const parsed = parseJsonBody(raw.toString('utf8'));
        if (!parsed.ok) return send(res, { status: 400, body: { message: 'Body is not JSON' } });
        body = parsed.value;
      }
      if (sub === DAILY_CREATES_PATH) return send(res, await mutex.run(async () => dailyCreatesControl(method)));
      // One authorize route: an install, or (webhook.incoming) the consent handled with the other control routes.
      const controlPath = sub === AUTHORIZE_PATH ? authorizeTarget(body) : sub;
      if (controlPath === AUTHORIZE_PATH) return send(res, await mutex.run(async () => authorizeInstall(method, body)));
      if (sub === EMULATOR_LIMITS_PATH && method === 'GET') return send(res, await mutex.run(async () => limitsControl()));
      if (options.view && sub === VIEW_STREAM_PATH && method === 'GET') {
        if (!options.view.streams.start(res)) send(res, { status: 429, body: { message: 'Too many open view streams' } });
        return;
      }
      const viewAnswer = options.view?.api(method, sub, query);
      if (viewAnswer) return send(res, await viewAnswer);
      const extra = options.control?.(method, controlPath, body);
      return send(res, extra ? await extra : handleControl(method, sub, body, faults));
    }

    const prefix = API_PREFIXES.find((p) => path.startsWith(`${p}/`));
    if (prefix) path = path.slice(prefix.length);
    else if (path === '/api/oauth2/token') path = '/oauth2/token';
    else return send(res, apiError(404, 0, '404: Not Found'));
    let routePattern = '(no route)';
    let bucket: string | undefined;
    /** Answers an API request and notes it for observers (the web view's event log). */
    const reply = (response: EmulatorResponse, headers: Record<string, string> = {}, refusedBy?: RequestNote['refusedBy']) => {
      send(res, response, headers);
      noteRequest(method, routePattern, response, bucket, refusedBy);
    };

    if (options.latencyMs > 0) await sleep(options.latencyMs);
    if (raw === 'too-large') return reply(tooLarge());
    const doubled = prefix ? doubledVersionAnswer(path, prefix, req.headers.host) : undefined;
    if (doubled) return reply(doubled);

    const match = hasDotSegment(path) ? ({ kind: 'not-found' } as const) : router.match(method, path);
    if (match.kind === 'not-found') return reply(apiError(404, 0, '404: Not Found'));
    if (match.kind === 'method-not-allowed') return reply(apiError(405, 0, '405: Method Not Allowed'));
    const { route, params } = match;
    routePattern = route.pattern;
    const badIds = malformedIds(params);
    if (badIds) return reply(badIds);

    const fault = faults.decide(method, path, route.pattern);
    if (fault && (await applyFault(fault, res))) {
      options.events.note({
        kind: 'request',
        method,
        route: routePattern,
        status: fault.kind === 'drop' ? 0 : fault.kind === 'rate-limit' ? 429 : fault.kind === 'error' ? fault.status : 0,
        refusedBy: 'fault',
      });
      return;
    }

    let limitHeaders: Record<string, string> = {};
    if (options.rateLimiter) {
      const decision = options.rateLimiter.check(callerOf(req), method, route.pattern, path, Date.now());
      if (!decision.ok) return reply(decision.response, {}, 'rate-limit');
      limitHeaders = decision.headers;
      bucket = limitHeaders['X-RateLimit-Bucket'];
    }

    const auth = authorize(route, params, req.headers.authorization);
    if (!('kind' in auth)) return reply(auth, limitHeaders, 'auth');

    let parsed: { body: unknown; files: EmulatorRequest['files'] } = { body: undefined, files: [] };
    if (method !== 'GET' && method !== 'DELETE') {
      const p = await parseBody(raw, String(req.headers['content-type'] ?? ''), route.pattern);
      if (!('files' in p)) return reply(p, limitHeaders);
      parsed = p;
    }

    const request: EmulatorRequest = { method, path, params, query, headers: req.headers, body: parsed.body, files: parsed.files, rawBody: raw, auth };
    const prechecked = route.precheck ? await route.precheck(request, options.now) : undefined;
    if (prechecked) return reply(prechecked, limitHeaders);
    const response = await mutex.run(async () => {
      let changed = false;
      const tx = store.begin(method !== 'GET');
      options.events.hold();
      // `limits` is an extra the webhook routes read (webhook-access.ts limitsOf).
      const ctx: HandlerContext & { limits: Limits } = {
        world: tx.world,
        nextId: options.nextId,
        changed: () => {
          changed = true;
        },
        now: options.now,
        limits: options.limits,
        events: options.events,
      };
      let answer: EmulatorResponse;
      try {
        answer = await route.handler(request, ctx);
        tx.commit(changed);
      } catch (err) {
        // A handler that threw after changing the world must not leave the change behind its error answer.
        tx.rollback();
        options.events.discard();
        throw err;
      }
      options.events.flush();
      return answer;
    });
    if (fault?.kind === 'drop-after') {
      req.socket.destroy();
      options.events.note({ kind: 'request', method, route: routePattern, status: 0, refusedBy: 'fault' });
      return;
    }
    reply(response, limitHeaders);
  }

  /** What plan reads to refuse what this emulator would: its limits and today's creates (wire/emulator-control.ts). */
  function limitsControl(): EmulatorResponse {
    const now = options.now();
    const creates = dailyCreatesToday(store.world, now, options.limits.daily_creates).map((c) => ({
      application_id: c.application_id,
      scope: c.scope === 'global' ? 'global' : `guild:${c.scope}`,
      used: c.used,
    }));
    const body: EmulatorLimitsAnswer = { day: utcDay(now), limits: { ...options.limits }, creates };
    return { status: 200, body };
  }

  /** GET: today's creates per application and scope; DELETE: start the allowance over (journaled like any change). */
  function dailyCreatesControl(method: string): EmulatorResponse {
    if (method === 'GET') {
      const now = options.now();
      return {
        status: 200,
        body: { day: utcDay(now), limit_per_guild: options.limits.daily_creates, global_limited: false, scopes: dailyCreatesToday(store.world, now, options.limits.daily_creates) },
      };
    }
    if (method !== 'DELETE') return { status: 405, body: { message: 'Method not allowed' } };
    const tx = store.begin(true);
    tx.commit(resetDailyCreates(tx.world));
    return { status: 204 };
  }

  /** Installs an application in a guild with the scopes given (routes/authorize-control.ts), journaled like any change. */
  function authorizeInstall(method: string, body: unknown): EmulatorResponse {
    const tx = store.begin(method === 'POST');
    const { response, changed } = authorizeControl(method, body, tx.world, { applicationId: store.meta.defaultApplicationId, guildId: store.meta.defaultGuildId });
    tx.commit(changed);
    return response;
  }

  /** Acts on a fault; true when the request is finished (answered or dropped). */
  async function applyFault(fault: FaultAction, res: ServerResponse): Promise<boolean> {
    switch (fault.kind) {
      case 'slow':
        await sleep(fault.delayMs);
        return false;
      case 'drop':
        res.socket?.destroy();
        return true;
      case 'error':
        send(res, fault.status >= 500 ? internalError(fault.status) : apiError(fault.status, 0, `${fault.status}: Injected fault`));
        return true;
      case 'rate-limit':
        send(res, {
          status: 429,
          body: { message: 'You are being rate limited.', retry_after: fault.retryAfter, global: false },
          headers: {
            'Retry-After': String(Math.max(1, Math.ceil(fault.retryAfter))),
            'X-RateLimit-Scope': 'user',
            'X-RateLimit-Limit': '1',
            'X-RateLimit-Remaining': '0',
            'X-RateLimit-Reset-After': fault.retryAfter.toFixed(3),
            'X-RateLimit-Reset': ((Date.now() + fault.retryAfter * 1000) / 1000).toFixed(3),
            'X-RateLimit-Bucket': 'injected-fault',
          },
        });
        return true;
      case 'drop-after':
        return false;
    }
  }

  const t = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const serverOptions = {
    headersTimeout: t.headersMs,
    // Node requires requestTimeout >= headersTimeout.
    requestTimeout: Math.max(t.requestMs, t.headersMs),
    keepAliveTimeout: t.keepAliveMs,
    connectionsCheckingInterval: t.checkIntervalMs,
  };
  const server = createServer(serverOptions, (req, res) => {
    handle(req, res).catch(() => {
      // Never echo the error: it could carry request data. The answer is the service's generic 500.
      if (!res.headersSent) send(res, internalError());
      else res.destroy();
    });
  });
  capConnectionsPerClient(server, t.maxConnectionsPerClient);
  return server;
}
