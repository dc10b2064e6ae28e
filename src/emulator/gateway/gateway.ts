/**
 * The emulator's WebSocket gateway (facts §9.3) on the emulator's own HTTP
 * server: Hello, Identify, Heartbeat/ACK, Resume, READY and GUILD_CREATE, and
 * the run-time events of the EventBus dispatched to the sessions of their
 * application. Transport is the `ws` package; protocol rules are in
 * src/wire/gateway.ts and the frame checks in ./frames.ts.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import {
  CLIENT_SEND_LIMIT,
  GatewayClose,
  GatewayOp,
  HEARTBEAT_INTERVAL_MS,
  Intent,
  MAX_CLIENT_FRAME_BYTES,
} from '../../wire/gateway.js';
import { resolveAuth } from '../http/auth.js';
import type { EmulatorEvent, EventBus } from './events.js';
import { own } from '../state/own.js';
import type { Application, World } from '../state/world.js';
import {
  bareToken,
  checkQuery,
  closeWith,
  decodeFrame,
  isRefusal,
  readIdentify,
  readResume,
  type Refusal,
} from './frames.js';
import { guildCreatePayload, guildsOf, readyPayload } from './payloads.js';
import { receives, type Session } from './session.js';
import { type SessionSnapshot, SessionTable } from './session-table.js';

export { SESSION_START_TOTAL, type SessionSnapshot } from './session-table.js';
import { disallowedIntents } from '../../wire/intents.js';
import { appReadsContent, intentOf, payloadFor } from './dispatch.js';
import { FullListLimiter } from './member-request.js';
import { answerRequest } from './requests.js';
import { type Transport, transportFor } from './transport.js';
import { AwaitingIdentify } from './awaiting-identify.js';
import { type GatewayOptions, IDENTIFY_TIMEOUT_MS } from './options.js';

export type { GatewayOptions } from './options.js';

interface Connection {
  ws: WebSocket;
  /** Where messages go out: text, or a zlib stream (./transport.ts). */
  out: Transport;
  session?: Session;
  app?: Application;
  heartbeatTimer?: NodeJS.Timeout;
  framesInWindow: number;
  windowStart: number;
}

export class Gateway {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_CLIENT_FRAME_BYTES,
    clientTracking: false,
  });
  private readonly connections = new Set<Connection>();
  private readonly awaiting: AwaitingIdentify<Connection>;
  private readonly sessions: SessionTable;
  private readonly unsubscribe: () => void;
  private readonly heartbeatMs: number;
  private readonly fullLists = new FullListLimiter();
  private closing = false;
  /** The URL bots connect to, set once the server listens. */
  url = '';

  constructor(
    private readonly world: () => World,
    events: EventBus,
    private readonly now: () => number,
    options: GatewayOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
    this.awaiting = new AwaitingIdentify(
      { max: options.maxUnidentified ?? 100, timeoutMs: options.identifyTimeoutMs ?? IDENTIFY_TIMEOUT_MS },
      (conn) => this.refuse(conn, closeWith(GatewayClose.NOT_AUTHENTICATED), { cutOffMs: 1000 }),
    );
    this.sessions = new SessionTable(
      {
        maxSessions: options.maxSessions ?? 100,
        resumeWindowMs: options.resumeWindowMs ?? 5 * 60_000,
        bufferSize: options.bufferSize ?? 1000,
      },
      now,
    );
    this.unsubscribe = events.subscribe((e) => this.deliver(e));
  }

  /** What GET /gateway/bot reports about session starts. */
  sessionStartLimit() {
    return this.sessions.startLimit();
  }

  attach(server: Server): void {
    server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => this.upgrade(req, socket, head));
  }

  private upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const target = new URL(req.url ?? '/', 'ws://emulator');
    if (target.pathname !== '/') {
      refuseUpgrade(socket, 404, 'Not Found');
      return;
    }
    // No cap on connections here: sessions are bounded per application, and connections waiting to identify by `awaiting`.
    if (this.closing) {
      refuseUpgrade(socket, 503, 'Service Unavailable');
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, target.searchParams));
  }

  private open(ws: WebSocket, query: URLSearchParams): void {
    const checked = checkQuery(query);
    const conn: Connection = {
      ws,
      out: transportFor(ws, isRefusal(checked) ? undefined : checked.compress),
      framesInWindow: 0,
      windowStart: this.now(),
    };
    this.connections.add(conn);
    ws.on('close', () => this.dropped(conn));
    ws.on('error', () => ws.terminate());
    if (isRefusal(checked)) {
      this.refuse(conn, checked);
      return;
    }
    conn.out.send(
      JSON.stringify({ op: GatewayOp.HELLO, d: { heartbeat_interval: this.heartbeatMs }, s: null, t: null }),
    );
    this.armHeartbeat(conn);
    this.awaiting.add(conn);
    ws.on('message', (data, isBinary) => {
      if (isBinary) return this.refuse(conn, closeWith(GatewayClose.DECODE_ERROR));
      this.receive(conn, data.toString());
    });
  }

  /** The deadline for the next heartbeat: the interval plus the slack the service gives for jitter and latency. */
  private armHeartbeat(conn: Connection): void {
    clearTimeout(conn.heartbeatTimer);
    conn.heartbeatTimer = setTimeout(
      () => {
        // A timed-out session is over: it cannot be resumed.
        if (conn.session) this.sessions.forget(conn.session);
        conn.session = undefined;
        this.refuse(conn, closeWith(GatewayClose.SESSION_TIMED_OUT));
      },
      Math.ceil(this.heartbeatMs * 1.5),
    );
    conn.heartbeatTimer.unref();
  }

  private receive(conn: Connection, text: string): void {
    const t = this.now();
    if (t - conn.windowStart >= CLIENT_SEND_LIMIT.windowMs) {
      conn.windowStart = t;
      conn.framesInWindow = 0;
    }
    if (++conn.framesInWindow > CLIENT_SEND_LIMIT.frames) {
      this.refuse(conn, closeWith(GatewayClose.RATE_LIMITED));
      return;
    }
    const frame = decodeFrame(text);
    if (isRefusal(frame)) {
      this.refuse(conn, frame);
      return;
    }
    switch (frame.op) {
      case GatewayOp.HEARTBEAT:
        this.armHeartbeat(conn);
        conn.out.send(JSON.stringify({ op: GatewayOp.HEARTBEAT_ACK, d: null, s: null, t: null }));
        return;
      case GatewayOp.IDENTIFY:
        this.identify(conn, frame.d);
        return;
      case GatewayOp.RESUME:
        this.resume(conn, frame.d);
        return;
      default:
        this.request(conn, frame.op, frame.d);
    }
  }

  /** Presence, voice state, member and soundboard requests, once authenticated (./requests.ts). */
  private request(conn: Connection, op: number, d: unknown): void {
    if (!conn.session || !conn.app) {
      this.refuse(conn, closeWith(GatewayClose.NOT_AUTHENTICATED));
      return;
    }
    const answer = answerRequest(op, d, {
      session: conn.session,
      app: conn.app,
      world: this.world(),
      now: this.now(),
      fullLists: this.fullLists,
    });
    if (isRefusal(answer)) {
      this.refuse(conn, answer);
      return;
    }
    for (const { t, d: data } of answer.dispatches) conn.out.send(conn.session.record(t, data));
  }

  private appOf(token: string): Application | undefined {
    const auth = resolveAuth(`Bot ${bareToken(token)}`, this.world(), this.now());
    return auth.kind === 'bot' ? auth.application : undefined;
  }

  private identify(conn: Connection, d: unknown): void {
    if (conn.session) {
      this.refuse(conn, closeWith(GatewayClose.ALREADY_AUTHENTICATED));
      return;
    }
    const data = readIdentify(d);
    if (isRefusal(data)) {
      this.refuse(conn, data);
      return;
    }
    const app = this.appOf(data.token);
    if (!app) {
      this.refuse(conn, closeWith(GatewayClose.AUTHENTICATION_FAILED));
      return;
    }
    if (disallowedIntents(data.intents, app.profile?.flags ?? 0) !== 0) {
      this.refuse(conn, closeWith(GatewayClose.DISALLOWED_INTENTS));
      return;
    }
    const session = this.sessions.start(app.id, data.intents, data.shard);
    if (!session) {
      this.refuse(conn, { close: GatewayClose.UNKNOWN_ERROR, reason: 'Too many sessions of this bot at once.' });
      return;
    }
    this.awaiting.done(conn);
    conn.session = session;
    conn.app = app;
    const world = this.world();
    const guilds = guildsOf(world, app.id, data.shard);
    const shard = (d as { shard?: unknown }).shard !== undefined ? data.shard : undefined;
    conn.out.send(
      session.record('READY', readyPayload({ app, guilds, sessionId: session.id, resumeUrl: this.url, shard })),
    );
    if (data.intents & Intent.GUILDS)
      for (const g of guilds)
        conn.out.send(session.record('GUILD_CREATE', guildCreatePayload(g, app, data.intents, data.largeThreshold)));
  }

  private resume(conn: Connection, d: unknown): void {
    if (conn.session) {
      this.refuse(conn, closeWith(GatewayClose.ALREADY_AUTHENTICATED));
      return;
    }
    const data = readResume(d);
    if (isRefusal(data)) {
      this.refuse(conn, data);
      return;
    }
    const app = this.appOf(data.token);
    if (!app) {
      this.refuse(conn, closeWith(GatewayClose.AUTHENTICATION_FAILED));
      return;
    }
    const session = this.sessions.find(data.sessionId, app.id);
    const missed = session?.since(data.seq);
    if (!session || !missed) {
      // The client may Identify afresh on this connection.
      conn.out.send(JSON.stringify({ op: GatewayOp.INVALID_SESSION, d: false, s: null, t: null }));
      return;
    }
    // A session lives on one connection: a resume takes it over from an older one still open.
    for (const other of this.connections) {
      if (other.session === session && other !== conn) {
        other.session = undefined;
        this.refuse(other, { close: GatewayClose.UNKNOWN_ERROR, reason: 'Session resumed elsewhere.' });
      }
    }
    this.sessions.attached(session);
    this.awaiting.done(conn);
    conn.session = session;
    conn.app = app;
    for (const frame of missed) conn.out.send(frame);
    // An object, as the service sends (its `_trace` aside): discord.py writes its shard id into it, and a null crashes it.
    conn.out.send(session.record('RESUMED', {}));
  }

  private dropped(conn: Connection): void {
    clearTimeout(conn.heartbeatTimer);
    this.awaiting.done(conn);
    conn.out.dispose();
    this.connections.delete(conn);
    if (conn.session) this.sessions.detached(conn.session);
  }

  /** Closes with the refusal's code; `cutOffMs`: a peer that has not answered the close by then is cut off. */
  private refuse(conn: Connection, refusal: Refusal, opts: { cutOffMs?: number } = {}): void {
    clearTimeout(conn.heartbeatTimer);
    this.awaiting.done(conn);
    conn.out.close(refusal.close, refusal.reason);
    if (opts.cutOffMs !== undefined) setTimeout(() => conn.ws.terminate(), opts.cutOffMs).unref();
  }

  /** Sends a bus event to every session of its application that may see it, attached or waiting to resume. */
  private deliver(event: EmulatorEvent): void {
    // Most events are emitted with no session kept at all (every webhook post of a bench, every REST test).
    if (this.sessions.size === 0) return;
    const world = this.world();
    const app = own(world.applications, event.applicationId);
    const intent = intentOf(event, app);
    const appReads = appReadsContent(app);
    const guild = event.guildId !== undefined ? own(world.guilds, event.guildId) : undefined;
    const attached = new Map<Session, Connection>();
    for (const c of this.connections) if (c.session) attached.set(c.session, c);
    for (const session of this.sessions.values()) {
      if (!receives(session, event, intent, guild)) continue;
      const frame = session.record(event.name, payloadFor(event, session, app, appReads));
      attached.get(session)?.out.send(frame);
    }
  }

  /** Whether a connected session of the application would receive its INTERACTION_CREATE about `guildId` (no intent needed). */
  hasSessionFor(applicationId: string, guildId?: string): boolean {
    const event: EmulatorEvent = {
      applicationId,
      name: 'INTERACTION_CREATE',
      data: null,
      guildId,
    };
    const guild = guildId !== undefined ? own(this.world().guilds, guildId) : undefined;
    for (const session of this.sessions.values())
      if (session.detachedAt === undefined && receives(session, event, 0, guild)) return true;
    return false;
  }

  /** The sessions kept, attached or dropped (read only: one past its resume window shows as not resumable, not removed). */
  snapshot(): SessionSnapshot[] {
    return this.sessions.snapshot(this.world());
  }

  /** Ends every connection (1001, going away) and forgets the sessions. */
  async close(): Promise<void> {
    this.closing = true;
    this.unsubscribe();
    const open = [...this.connections];
    await Promise.all(
      open.map(
        (c) =>
          new Promise<void>((resolve) => {
            clearTimeout(c.heartbeatTimer);
            if (c.ws.readyState === c.ws.CLOSED) return resolve();
            c.ws.once('close', () => resolve());
            c.ws.close(1001, 'The emulator is shutting down.');
            // A peer that does not answer the close frame is cut off.
            setTimeout(() => c.ws.terminate(), 500).unref();
          }),
      ),
    );
    this.sessions.clear();
    this.awaiting.clear();
    this.wss.close();
  }
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
