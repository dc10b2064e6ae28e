import type { DeliveryOutcome } from '../../wire/interactions/delivery.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { Obj } from '../../wire/rules/values.js';

/**
 * What the service tells an application at run time, as gateway dispatches:
 * routes emit (a permissions PUT, a webhook change, a delivered interaction)
 * and the gateway sends each event to the application's connected sessions
 * whose intents include `intent`. Emitted only after the write that caused it
 * is committed, so a client that reads on receipt sees the new state.
 */
export interface EmulatorEvent {
  applicationId: Snowflake;
  /** The dispatch name, e.g. `INTERACTION_CREATE`, `APPLICATION_COMMAND_PERMISSIONS_UPDATE`, `WEBHOOKS_UPDATE`. */
  name: string;
  data: unknown;
  /** The guild the event concerns: sessions receive it only for guilds their application is in. */
  guildId?: Snowflake;
  /** The gateway intent bit the event needs (`1 << 5` for WEBHOOKS_UPDATE); none for events every session gets. */
  intent?: number;
}

export type EventListener = (event: EmulatorEvent) => void;

/**
 * What happened inside the emulator that no application is told of, for
 * observers (the web view's channel view and event log): a message shown in
 * a channel, changed or removed; a request answered; an interaction
 * delivered. Held and flushed with the request's dispatches, so a refused or
 * failed request notes nothing it did not do. Never carries a token.
 */
export type EmulatorNote = MessageNote | RequestNote | DeliveryNote | ImageNote;

/** An image the service would serve from its CDN, set as data (a webhook's avatar): the web view shows it without the network. Not logged. */
export interface ImageNote {
  kind: 'image';
  /** The hash the API names the image by (`avatar` of the webhook and of its messages' author). */
  hash: string;
  contentType: string;
  data: Uint8Array;
}

export interface MessageNote {
  kind: 'message';
  action: 'create' | 'update' | 'delete';
  channelId: Snowflake;
  messageId: Snowflake;
  /** The message object as the service returns it (the last one seen, for a deletion). */
  message: Obj;
  /** Who sent it: a webhook's execute, an application's answer to an interaction, its bot through REST, or a member. */
  source: 'webhook' | 'interaction' | 'bot' | 'member';
  /** Interaction answers: who invoked which command (and so who alone sees an ephemeral answer). */
  interaction?: { id: Snowflake; name: string; userId: Snowflake; applicationId: Snowflake; command?: string };
  /** Files uploaded with this create or edit, by the id of the attachment each became (the web view shows them; the world keeps no bytes). */
  files?: NoteFile[];
  /** Made in the world the test runner's last reset left behind (http/steps/late-world.ts): the scenario before's. */
  retired?: true;
}

export interface NoteFile {
  id: Snowflake;
  filename: string;
  contentType: string | undefined;
  /** The bytes (a Buffer), typed as its base class: the page's code reads these types without Node's. */
  data: Uint8Array;
}

export interface RequestNote {
  kind: 'request';
  method: string;
  /** The route pattern (`/webhooks/:webhookId/:webhookToken`), never the path: paths carry tokens. */
  route: string;
  status: number;
  /** Service error code of a refusal (50035, 10015…). */
  code?: number;
  /** The rate-limit bucket, and what refused the request when not the handler (`not-emulated`: no route of the emulator's; `route` is then the path's shape). */
  bucket?: string;
  refusedBy?: 'rate-limit' | 'fault' | 'auth' | 'not-emulated';
  /** A request made with an interaction's token: that interaction (a test runner attributes late answers to their scenario). */
  interactionId?: Snowflake;
  /** Answered in the world the test runner's last reset left behind: the scenario before's. */
  retired?: true;
}

export interface DeliveryNote {
  kind: 'delivery';
  applicationId: Snowflake;
  /** Absent when the service refused the invocation before building an interaction. */
  interactionId?: Snowflake;
  transport: 'http' | 'gateway';
  /** What came of it, typed once for the emulator, the log, the CLI and the web view. */
  outcome: DeliveryOutcome;
  commandName?: string;
}

export type NoteListener = (note: EmulatorNote) => void;

/**
 * A message note whose `message` is a copy of `stored` taken the first time
 * an observer reads it, not before: most notes are read by no one who keeps
 * the message (no view connected), and a deep copy of every message sent was
 * a tenth of the emulator's time. Read within the request's flush, the copy
 * is the message as the request left it. Observers must not spread or
 * destructure the whole note unless they mean to take the copy.
 */
export function messageNote(fields: Omit<MessageNote, 'message'>, stored: Obj): MessageNote {
  // The class reads `message` through a getter (the lazy copy above), which TypeScript cannot match to the plain field.
  return new LazyMessageNote(fields, stored) as unknown as MessageNote;
}

/**
 * `message` is an own enumerable accessor, as a plain note's would be (a
 * spread or JSON of the note has it), defined from one shared descriptor:
 * a getter made per note cost microseconds (V8 turns the object into a
 * dictionary), one shared keeps the note a plain fast object.
 */
class LazyMessageNote {
  readonly #stored: Obj;
  #copy: Obj | undefined;
  static readonly #message: PropertyDescriptor = {
    enumerable: true,
    get(this: LazyMessageNote) {
      return (this.#copy ??= structuredClone(this.#stored));
    },
  };

  constructor(fields: Omit<MessageNote, 'message'>, stored: Obj) {
    Object.assign(this, fields);
    this.#stored = stored;
    Object.defineProperty(this, 'message', LazyMessageNote.#message);
  }
}

export class EventBus {
  private readonly listeners = new Set<EventListener>();
  private readonly noteListeners = new Set<NoteListener>();
  private pending: EmulatorEvent[] | undefined;
  private pendingNotes: EmulatorNote[] | undefined;

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Observers of notes (the web view): called for every note, after its request's write is committed. */
  observe(listener: NoteListener): () => void {
    this.noteListeners.add(listener);
    return () => this.noteListeners.delete(listener);
  }

  /** A note for observers; held with the request's dispatches like `emit`. */
  note(note: EmulatorNote): void {
    if (this.pendingNotes) this.pendingNotes.push(note);
    else this.deliverNote(note);
  }

  /** Inside a request: held until `flush` (the write is committed) or dropped by `discard` (it failed). */
  emit(event: EmulatorEvent): void {
    if (this.pending) this.pending.push(event);
    else this.deliver(event);
  }

  /**
   * An event whose change is already committed outside any request (a control
   * route's own transaction): sent now, never held with, or dropped by, a
   * request that happens to be in flight.
   */
  emitCommitted(event: EmulatorEvent): void {
    this.deliver(event);
  }

  /** Starts holding events for one request. */
  hold(): void {
    this.pending = [];
    this.pendingNotes = [];
  }

  /** `retired`: the request was answered in the world a test runner's reset left behind; its message notes say so. */
  flush(retired?: true): void {
    const events = this.pending ?? [];
    const notes = this.pendingNotes ?? [];
    this.pending = undefined;
    this.pendingNotes = undefined;
    for (const e of events) this.deliver(e);
    for (const n of notes) this.deliverNote(retired && n.kind === 'message' ? { ...n, retired } : n);
  }

  discard(): void {
    this.pending = undefined;
    this.pendingNotes = undefined;
  }

  private deliverNote(note: EmulatorNote): void {
    for (const listener of this.noteListeners) {
      try {
        listener(note);
      } catch {
        // An observer's failure must not fail the request.
      }
    }
  }

  private deliver(event: EmulatorEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A listener's failure (a closed socket) must not fail the request that caused the event.
      }
    }
  }
}
