/**
 * One gateway session: what survives a dropped connection so the bot can
 * Resume. Every dispatch gets the next sequence number and is kept in a
 * bounded buffer, whether or not a connection is attached to receive it.
 */
import { shardOf } from '../../wire/gateway.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EmulatorEvent } from './events.js';
import type { Guild } from '../state/world.js';

export interface SentDispatch {
  s: number;
  frame: string;
}

export class Session {
  seq = 0;
  /** The last dispatches, oldest first; a Resume from before the first one cannot be served. */
  private readonly buffer: SentDispatch[] = [];
  /** When the connection dropped (epoch ms); undefined while attached. */
  detachedAt: number | undefined;

  constructor(
    readonly id: string,
    readonly applicationId: Snowflake,
    readonly intents: number,
    readonly shard: [number, number],
    private readonly bufferSize: number,
  ) {}

  /** Numbers and records a dispatch; returns the frame to send. */
  record(t: string, d: unknown): string {
    this.seq += 1;
    const frame = JSON.stringify({ op: 0, t, s: this.seq, d });
    this.buffer.push({ s: this.seq, frame });
    if (this.buffer.length > this.bufferSize) this.buffer.shift();
    return frame;
  }

  /**
   * The dispatches after `seq`, or undefined when they cannot all be replayed
   * (some were dropped from the buffer, or `seq` is ahead of the session).
   */
  since(seq: number): string[] | undefined {
    if (seq > this.seq) return undefined;
    const first = this.buffer[0]?.s ?? this.seq + 1;
    if (seq + 1 < first) return undefined;
    return this.buffer.filter((b) => b.s > seq).map((b) => b.frame);
  }
}

/** Whether a session is sent `event`: its application, the intent, and the guild on its shard (events without a guild go to shard 0). */
export function receives(session: Session, event: EmulatorEvent, intent: number, guild: Guild | undefined): boolean {
  if (session.applicationId !== event.applicationId) return false;
  if (intent !== 0 && (session.intents & intent) !== intent) return false;
  if (event.guildId !== undefined) {
    if (guild && guild.apps[session.applicationId] === undefined) return false;
    return shardOf(event.guildId, session.shard[1]) === session.shard[0];
  }
  return session.shard[0] === 0;
}
