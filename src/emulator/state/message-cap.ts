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

/**
 * One channel's message ids, oldest first: a queue, so the oldest is found
 * without walking past the ones dropped before it (a Set iterated from its
 * start skips every deleted slot, about a thousand per message once a
 * channel is full). `live` maps each id to its place in `order`; an id
 * removed out of turn stays in `order` until the head passes it.
 */
class ChannelIds {
  private order: Snowflake[] = [];
  private head = 0;
  private readonly live = new Map<Snowflake, number>();

  get size(): number {
    return this.live.size;
  }

  /** An id already held keeps its place, as in a Set. */
  add(id: Snowflake): void {
    if (this.live.has(id)) return;
    this.live.set(id, this.order.length);
    this.order.push(id);
  }

  delete(id: Snowflake): void {
    this.live.delete(id);
    // Ids removed out of turn in a channel under the cap are never shifted past: drop them now and then.
    if (this.order.length - this.head > 2 * this.live.size + 1024) this.compact();
  }

  /** Removes and returns the oldest id (the channel is not empty). */
  shift(): Snowflake {
    for (;;) {
      const id = this.order[this.head]!;
      const place = this.head++;
      if (this.live.get(id) !== place) continue;
      this.live.delete(id);
      if (this.head > 1024 && this.head * 2 > this.order.length) this.compact();
      return id;
    }
  }

  /** `order` holds the live ids only (a Map iterates in insertion order, which is their order). */
  private compact(): void {
    this.order = [...this.live.keys()];
    this.head = 0;
    for (const [place, id] of this.order.entries()) this.live.set(id, place);
  }
}

export class MessageCap {
  /** Message ids per channel, oldest first (ids are snowflakes; new ones are always the newest). */
  private readonly channels = new Map<Snowflake, ChannelIds>();

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
      const kept = new ChannelIds();
      for (const id of ids.slice(over)) kept.add(id);
      this.channels.set(channel, kept);
    }
    return dropped;
  }

  /**
   * Follows one request's changes to the messages, then drops the oldest of
   * any channel now over the cap. Returns the drops as changes to journal with it.
   */
  apply(world: World, changes: readonly Change[]): Change[] {
    if (this.max === 0) return [];
    // An array, made on the first message: nearly every request adds one message or none.
    let grown: Snowflake[] | undefined;
    for (const c of changes) {
      if (c.collection !== 'messages') continue;
      if (c.key === null) {
        // A handler replaced every message: index again from scratch.
        this.channels.clear();
        return this.load(world).map((key) => ({
          collection: 'messages',
          key,
          old: undefined,
          value: undefined,
          json: undefined,
        }));
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
        if (!set) {
          set = new ChannelIds();
          this.channels.set(after, set);
        }
        set.add(c.key);
        if (!grown) grown = [after];
        else if (!grown.includes(after)) grown.push(after);
      }
    }
    const drops: Change[] = [];
    for (const channel of grown ?? []) {
      const set = this.channels.get(channel)!;
      while (set.size > this.max) {
        const id = set.shift();
        const old = world.messages[id];
        delete world.messages[id];
        drops.push({ collection: 'messages', key: id, old, value: undefined, json: undefined });
      }
    }
    return drops;
  }
}
