/**
 * Bounds the messages the emulator keeps: at most `max` per channel (a thread
 * counts as its own channel), the oldest dropped first. A long test run then
 * holds the last N messages of each channel, not every one it ever sent. A
 * dropped message is deleted from the world, so it answers 10008 like one
 * deleted through the API.
 */
import type { Change } from './change-tracker.js';
import { compareSnowflakes, type Snowflake } from '../../wire/snowflake.js';
import type { StoredMessage, World } from './world.js';

export const DEFAULT_MAX_MESSAGES_PER_CHANNEL = 1000;

/** `maxMessagesPerChannel` that is not a whole number ≥ 0. */
export class MessageCapError extends Error {
  readonly code = 'EMULATOR_BAD_MESSAGE_CAP';
  constructor(value: unknown) {
    super(`maxMessagesPerChannel must be a whole number ≥ 0 (0 = no cap), not ${String(value)}`);
    this.name = 'MessageCapError';
  }
}

const channelOf = (m: unknown) => (m as StoredMessage | undefined)?.channel_id;

export class MessageCap {
  /** Message ids per channel, oldest first (ids are snowflakes; new ones are always the newest). */
  private readonly channels = new Map<Snowflake, Set<Snowflake>>();

  /** `max` 0 = no cap; the index is then not kept at all. */
  constructor(readonly max: number) {
    if (!Number.isSafeInteger(max) || max < 0) throw new MessageCapError(max);
  }

  /** Indexes the messages of a loaded world and drops what is over the cap. Returns the ids dropped. */
  load(world: World): Snowflake[] {
    if (this.max === 0) return [];
    const lists = new Map<Snowflake, Snowflake[]>();
    for (const [id, m] of Object.entries(world.messages)) {
      const list = lists.get(m.channel_id);
      if (list) list.push(id);
      else lists.set(m.channel_id, [id]);
    }
    const dropped: Snowflake[] = [];
    for (const [channel, ids] of lists) {
      ids.sort(compareSnowflakes);
      const over = Math.max(0, ids.length - this.max);
      for (const id of ids.slice(0, over)) {
        delete world.messages[id];
        dropped.push(id);
      }
      this.channels.set(channel, new Set(ids.slice(over)));
    }
    return dropped;
  }

  /**
   * Follows one request's changes to the messages, then drops the oldest of
   * any channel now over the cap. Returns the drops as changes to journal with it.
   */
  apply(world: World, changes: readonly Change[]): Change[] {
    if (this.max === 0) return [];
    const grown = new Set<Snowflake>();
    for (const c of changes) {
      if (c.collection !== 'messages') continue;
      if (c.key === null) {
        // A handler replaced every message: index again from scratch.
        this.channels.clear();
        return this.load(world).map((key) => ({ collection: 'messages', key, old: undefined, value: undefined, json: undefined }));
      }
      const before = channelOf(c.old);
      const after = channelOf(c.value);
      if (before === after) continue;
      if (before !== undefined) {
        const set = this.channels.get(before);
        set?.delete(c.key);
        if (set?.size === 0) this.channels.delete(before);
      }
      if (after !== undefined) {
        let set = this.channels.get(after);
        if (!set) this.channels.set(after, (set = new Set()));
        set.add(c.key);
        grown.add(after);
      }
    }
    const drops: Change[] = [];
    for (const channel of grown) {
      const set = this.channels.get(channel)!;
      for (const id of set) {
        if (set.size <= this.max) break;
        set.delete(id);
        const old = world.messages[id];
        delete world.messages[id];
        drops.push({ collection: 'messages', key: id, old, value: undefined, json: undefined });
      }
    }
    return drops;
  }
}
