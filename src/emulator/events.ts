import type { Snowflake } from '../spec/snowflake.js';

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

export class EventBus {
  private readonly listeners = new Set<EventListener>();
  private pending: EmulatorEvent[] | undefined;

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Inside a request: held until `flush` (the write is committed) or dropped by `discard` (it failed). */
  emit(event: EmulatorEvent): void {
    if (this.pending) this.pending.push(event);
    else this.deliver(event);
  }

  /** Starts holding events for one request. */
  hold(): void {
    this.pending = [];
  }

  flush(): void {
    const events = this.pending ?? [];
    this.pending = undefined;
    for (const e of events) this.deliver(e);
  }

  discard(): void {
    this.pending = undefined;
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
