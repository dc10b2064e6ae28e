/**
 * The event log the web view shows: every request the API answered, every
 * gateway dispatch, every interaction delivery and every message a channel
 * gained, changed or lost, with a sequence number, newest last. Bounded (the
 * oldest entries go first) and in memory only. Entries are summaries, never
 * payloads: a dispatch's data can hold an interaction token.
 */
import type { EmulatorEvent, EmulatorNote, EventBus } from '../gateway/events.js';
import type { ActivityEntry } from './activity-types.js';
import { InteractionType } from '../../wire/interactions/payload.js';

export const ACTIVITY_CAPACITY = 500;

/** What a log entry says of a dispatch: its name and, for an interaction, which command and who. */
function dispatchSummary(e: EmulatorEvent): string | undefined {
  if (e.name !== 'INTERACTION_CREATE' || typeof e.data !== 'object' || e.data === null) return undefined;
  const d = e.data as {
    data?: { name?: unknown };
    member?: { user?: { username?: unknown } };
    user?: { username?: unknown };
    type?: unknown;
  };
  const who = d.member?.user?.username ?? d.user?.username;
  const name = d.data?.name;
  return (
    [
      typeof name === 'string' ? `/${name}` : undefined,
      d.type === InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE ? '(autocomplete)' : undefined,
      typeof who === 'string' ? `by ${who}` : undefined,
    ]
      .filter(Boolean)
      .join(' ') || undefined
  );
}

export type ActivityListener = (entry: ActivityEntry, note?: EmulatorNote) => void;

/** What an entry says, without its number and time (kept beside it in the ring). */
type What = DistributiveOmit<ActivityEntry, 'seq' | 'at'>;

/**
 * The flat entry (`{ ...what, seq, at }`) is made only when someone reads it:
 * on Node 20 a spread followed by more keys takes V8's slow path,
 * microseconds per note, paid on every request for a log nobody may be watching.
 */
const flat = (what: What, seq: number, at: number): ActivityEntry =>
  Object.assign({}, what, { seq, at }) as ActivityEntry;

export class ActivityLog {
  /**
   * A ring: `entries[(start + i) % capacity]` is the i-th oldest, its time at
   * the same place in `times`, and its number follows from the newest's
   * (`seq`): no object per entry beside what it says, and nothing is moved
   * when the oldest goes.
   */
  private readonly entries: What[] = [];
  private readonly times: Float64Array;
  private start = 0;
  private seq = 0;
  private readonly listeners = new Set<ActivityListener>();
  private readonly unsubscribe: Array<() => void>;

  constructor(
    events: EventBus,
    private readonly now: () => number = Date.now,
    private readonly capacity = ACTIVITY_CAPACITY,
  ) {
    this.times = new Float64Array(capacity);
    this.unsubscribe = [
      events.subscribe((e) => {
        const summary = dispatchSummary(e);
        this.add({
          kind: 'dispatch',
          name: e.name,
          applicationId: e.applicationId,
          ...(e.guildId ? { guildId: e.guildId } : {}),
          ...(summary ? { summary } : {}),
        });
      }),
      events.observe((n) => {
        // Image bytes are for the view's avatars, not the log.
        if (n.kind === 'image') return;
        if (n.kind !== 'message') return this.add(n);
        // Neither the message nor uploaded bytes go in the log (the stream adds the message back); named
        // one by one, as reading the note's message would copy it (events.ts messageNote).
        this.add(
          {
            kind: 'message',
            action: n.action,
            channelId: n.channelId,
            messageId: n.messageId,
            source: n.source,
            interaction: n.interaction,
          },
          n,
        );
      }),
    ];
  }

  /** `what` is kept as given: notes are not changed after they are made. */
  private add(what: What, note?: EmulatorNote): void {
    const seq = ++this.seq;
    const at = this.now();
    let place = this.entries.length;
    if (place < this.capacity) this.entries.push(what);
    else {
      place = this.start;
      this.entries[place] = what;
      this.start = (place + 1) % this.capacity;
    }
    this.times[place] = at;
    if (this.listeners.size === 0) return;
    const full = flat(what, seq, at);
    for (const l of this.listeners) {
      try {
        l(full, note);
      } catch {
        // A closed stream must not stop the others.
      }
    }
  }

  /** Entries after `seq` (all kept ones by default), oldest first. */
  since(seq = 0): ActivityEntry[] {
    const count = this.entries.length;
    const oldest = this.seq - count + 1;
    const out: ActivityEntry[] = [];
    for (let i = Math.max(0, Math.floor(seq) + 1 - oldest); i < count; i++) {
      const place = (this.start + i) % this.capacity;
      out.push(flat(this.entries[place]!, oldest + i, this.times[place]!));
    }
    return out;
  }

  listen(listener: ActivityListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    for (const u of this.unsubscribe) u();
    this.listeners.clear();
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
