/**
 * The modals members have open (callback 9, facts §3.1): one per member and
 * application, the latest replacing the one before, as the client shows one
 * form at a time. In memory, like the live interactions it came from.
 */
import type { Snowflake } from '../../wire/snowflake.js';
import type { Obj } from '../../wire/rules/values.js';

export interface OpenModal {
  applicationId: Snowflake;
  userId: Snowflake;
  /** The callback's data: custom_id, title, components. */
  modal: Obj;
  /** The interaction that opened it: its envelope (member, place, permissions) is the submission's. */
  opener: Obj;
  /** Opened from a component: the message it is on (a submission may then update it, 6 or 7). */
  messageId?: Snowflake;
  openedAt: number;
}

/** At most this many open modals are kept, the oldest dropped first. */
const MAX_OPEN = 1000;

export class OpenModals {
  private readonly open = new Map<string, OpenModal>();

  remember(m: OpenModal): void {
    const key = `${m.userId}:${m.applicationId}`;
    this.open.delete(key);
    this.open.set(key, m);
    if (this.open.size > MAX_OPEN) this.open.delete(this.open.keys().next().value!);
  }

  /** The member's open modals: of one application, or of every one. */
  of(userId: Snowflake, applicationId?: Snowflake): OpenModal[] {
    return [...this.open.values()].filter(
      (m) => m.userId === userId && (applicationId === undefined || m.applicationId === applicationId),
    );
  }

  clear(): void {
    this.open.clear();
  }

  /** Submitting (or dismissing) closes it. */
  close(m: OpenModal): void {
    const key = `${m.userId}:${m.applicationId}`;
    if (this.open.get(key) === m) this.open.delete(key);
  }
}
