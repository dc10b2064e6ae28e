/**
 * The message cap's per-channel order (state/message-cap.ts) against a plain
 * list doing the same by hand: sends, deletions out of turn, drops of the
 * oldest, long enough for the queue to compact many times.
 */
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/emulator/state/change-tracker.js';
import { MessageCap } from '../../src/emulator/state/message-cap.js';
import type { StoredMessage, World } from '../../src/emulator/state/world.js';

const stored = (id: string, channel: string) =>
  ({ id, webhookId: '9', channel_id: channel, message: { id }, files: {} }) as StoredMessage;

/** A deterministic stream of choices (no Math.random: a failure must replay). */
function choices(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

describe('the message cap keeps each channel in sending order', () => {
  it('drops exactly what a plain list would, across out-of-turn deletions and thousands of drops', () => {
    const max = 5;
    const cap = new MessageCap(max);
    const world = { messages: Object.create(null) } as World;
    const lists = new Map<string, string[]>([
      ['A', []],
      ['B', []],
    ]);
    const next = choices(7);
    let id = 1000;
    for (let step = 0; step < 6000; step++) {
      const channel = next() < 0.7 ? 'A' : 'B';
      const list = lists.get(channel)!;
      const changes: Change[] = [];
      if (next() < 0.2 && list.length > 0) {
        // A deletion through the API: any message of the channel, not only the oldest.
        const victim = list.splice(Math.floor(next() * list.length), 1)[0]!;
        const old = world.messages[victim];
        delete world.messages[victim];
        changes.push({ collection: 'messages', key: victim, old, value: undefined, json: undefined });
      } else {
        const key = String(id++);
        world.messages[key] = stored(key, channel);
        list.push(key);
        changes.push({ collection: 'messages', key, old: undefined, value: world.messages[key], json: undefined });
      }
      const dropped = cap.apply(world, changes).map((c) => c.key);
      const expected = list.splice(0, Math.max(0, list.length - max));
      expect(dropped).toEqual(expected);
    }
    expect(Object.keys(world.messages).sort()).toEqual([...lists.get('A')!, ...lists.get('B')!].sort());
  });

  it('keeps an id sent again in its first place, as before (a Set)', () => {
    const cap = new MessageCap(2);
    const world = { messages: Object.create(null) } as World;
    const send = (key: string, channel: string, old?: StoredMessage) => {
      world.messages[key] = stored(key, channel);
      return cap
        .apply(world, [{ collection: 'messages', key, old, value: world.messages[key], json: undefined }])
        .map((c) => c.key);
    };
    expect(send('1', 'A')).toEqual([]);
    expect(send('2', 'A')).toEqual([]);
    // The same id noted again for A (moved from B): still the oldest of A.
    expect(send('1', 'A', stored('1', 'B'))).toEqual([]);
    expect(send('3', 'A')).toEqual(['1']);
  });
});
