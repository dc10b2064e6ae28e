/**
 * The gateway's sessions, attached or waiting to be resumed: how many may be
 * kept, how long a dropped one may be resumed, the day's session starts, and
 * what the web view's state panel shows of them. Connections are gateway.ts's.
 */
import { randomBytes } from 'node:crypto';
import type { World } from '../state/world.js';
import { guildsOf } from './payloads.js';
import { Session } from './session.js';

/** Sessions a day, as the service reports it for a new bot (GET /gateway/bot). */
export const SESSION_START_TOTAL = 1000;

/** A session as the web view's state panel shows it: never its id, which with a token resumes it. */
export interface SessionSnapshot {
  applicationId: string;
  intents: number;
  shard: [number, number];
  /** Guilds of the application on the session's shard. */
  guilds: number;
  /** When its current connection attached (epoch ms); null while it waits to be resumed. */
  connectedSinceMs: number | null;
  /** Whether a Resume would be served now: attached, or dropped within the resume window. */
  resumable: boolean;
  /** Dispatches sent on it so far (its sequence number). */
  seq: number;
}

export interface SessionLimits {
  /** Sessions of one application kept, attached or dropped, at most. */
  maxSessions: number;
  /** How long a dropped session may be resumed. */
  resumeWindowMs: number;
  /** Dispatches kept per session for Resume. */
  bufferSize: number;
}

export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  /** When each session's current connection attached, for `snapshot`. */
  private readonly attachedAt = new WeakMap<Session, number>();
  private startsUsed = 0;

  constructor(
    private readonly limits: SessionLimits,
    private readonly now: () => number,
  ) {}

  get size(): number {
    return this.sessions.size;
  }

  values(): IterableIterator<Session> {
    return this.sessions.values();
  }

  /** What GET /gateway/bot reports about session starts. */
  startLimit() {
    return {
      total: SESSION_START_TOTAL,
      remaining: Math.max(0, SESSION_START_TOTAL - this.startsUsed),
      reset_after: 86_400_000,
      max_concurrency: 1,
    };
  }

  /**
   * A new session for an Identify. The cap is per application, as the
   * service limits sessions per bot token: at it, the application's oldest
   * dropped session makes way; undefined when all of them are attached.
   */
  start(applicationId: string, intents: number, shard: [number, number]): Session | undefined {
    this.expireDetached();
    let count = 0;
    let oldest: Session | undefined;
    for (const s of this.sessions.values()) {
      if (s.applicationId !== applicationId) continue;
      count += 1;
      if (s.detachedAt !== undefined && (!oldest || s.detachedAt < oldest.detachedAt!)) oldest = s;
    }
    if (count >= this.limits.maxSessions) {
      if (!oldest) return undefined;
      this.sessions.delete(oldest.id);
    }
    const session = new Session(randomBytes(16).toString('hex'), applicationId, intents, shard, this.limits.bufferSize);
    this.sessions.set(session.id, session);
    this.attachedAt.set(session, this.now());
    this.startsUsed += 1;
    return session;
  }

  /** The session a Resume names, if it is still kept and belongs to the application. */
  find(sessionId: string, applicationId: string): Session | undefined {
    this.expireDetached();
    const session = this.sessions.get(sessionId);
    return session?.applicationId === applicationId ? session : undefined;
  }

  attached(session: Session): void {
    session.detachedAt = undefined;
    this.attachedAt.set(session, this.now());
  }

  detached(session: Session): void {
    session.detachedAt = this.now();
  }

  /** A session that can no longer be resumed (timed out). */
  forget(session: Session): void {
    this.sessions.delete(session.id);
  }

  clear(): void {
    this.sessions.clear();
  }

  /** The sessions kept (read only: one past its resume window shows as not resumable, not removed). */
  snapshot(world: World): SessionSnapshot[] {
    const t = this.now();
    const out: SessionSnapshot[] = [];
    for (const s of this.sessions.values()) {
      const attached = s.detachedAt === undefined;
      out.push({
        applicationId: s.applicationId,
        intents: s.intents,
        shard: [...s.shard],
        guilds: guildsOf(world, s.applicationId, s.shard).length,
        connectedSinceMs: attached ? (this.attachedAt.get(s) ?? null) : null,
        resumable: attached || t - s.detachedAt! <= this.limits.resumeWindowMs,
        seq: s.seq,
      });
    }
    return out;
  }

  private expireDetached(): void {
    const t = this.now();
    for (const s of this.sessions.values())
      if (s.detachedAt !== undefined && t - s.detachedAt > this.limits.resumeWindowMs) this.sessions.delete(s.id);
  }
}
