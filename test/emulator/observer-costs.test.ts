/**
 * What the web view's observers cost a request when nobody watches: a
 * webhook message is copied only when an observer keeps or sends it (a
 * connected view, a deletion's tombstone), the event log keeps its bound
 * without moving entries, and a channel is found by id without reading every
 * guild. Throughput itself is measured in bench/emulator.mjs.
 */
import { describe, expect, it } from 'vitest';
import { EventBus, messageNote } from '../../src/emulator/gateway/events.js';
import { ActivityLog } from '../../src/emulator/view/activity.js';
import { ChannelMessages } from '../../src/emulator/view/channel-messages.js';
import { findChannel, type Guild, type World } from '../../src/emulator/state/world.js';

/** A stored message whose every property read is counted (a deep copy reads them all). */
function countedMessage(id: string): { id: string; message: Record<string, unknown>; reads: () => number } {
  let reads = 0;
  const message: Record<string, unknown> = {};
  for (const [k, v] of Object.entries({ id, channel_id: '30', content: 'hello', embeds: [], flags: 0 })) {
    Object.defineProperty(message, k, {
      enumerable: true,
      get: () => {
        reads++;
        return v;
      },
    });
  }
  return { id, message, reads: () => reads };
}

function observed() {
  const bus = new EventBus();
  const world = { guilds: {}, messages: {} } as unknown as World;
  const log = new ActivityLog(bus);
  const channels = new ChannelMessages(bus, () => world);
  return { bus, log, channels };
}

const note = (action: 'create' | 'update' | 'delete', m: { id: string; message: Record<string, unknown> }) =>
  messageNote({ kind: 'message', action, channelId: '30', messageId: m.id, source: 'webhook' }, m.message);

describe('a webhook message noted for the view', () => {
  it('is not copied when no view is connected (the event log and the channel view read only its ids)', () => {
    const { bus, log } = observed();
    const m = countedMessage('40');
    bus.hold();
    bus.note(note('create', m));
    bus.note(note('update', m));
    bus.flush();
    expect(m.reads()).toBe(0);
    expect(
      log.since().map((e) => [e.kind, (e as { action?: string }).action, (e as { messageId?: string }).messageId]),
    ).toEqual([
      ['message', 'create', '40'],
      ['message', 'update', '40'],
    ]);
  });

  it('is copied once, as the request left it, for a connected view, and kept as a tombstone when deleted', () => {
    const { bus, log, channels } = observed();
    const sent: unknown[] = [];
    log.listen((_entry, n) => sent.push(n?.kind === 'message' ? n.message : undefined));
    const m = countedMessage('41');
    bus.note(note('create', m));
    expect(sent).toEqual([{ id: '41', channel_id: '30', content: 'hello', embeds: [], flags: 0 }]);
    const afterFirst = m.reads();
    expect(afterFirst).toBeGreaterThan(0);
    bus.note(note('delete', m));
    expect(channels.page('30', undefined).messages.map((v) => [v.id, v.deleted, v.message.content])).toEqual([
      ['41', true, 'hello'],
    ]);
  });
});

describe('a message note', () => {
  it('holds its message as an own property, copied on first read: a spread or JSON of the note has it, as the request left it', () => {
    const m = countedMessage('42');
    const n = note('create', m);
    expect(m.reads()).toBe(0);
    expect(Object.keys(n)).toEqual(['kind', 'action', 'channelId', 'messageId', 'source', 'message']);
    expect({ ...n }).toEqual({
      kind: 'message',
      action: 'create',
      channelId: '30',
      messageId: '42',
      source: 'webhook',
      message: { id: '42', channel_id: '30', content: 'hello', embeds: [], flags: 0 },
    });
    const reads = m.reads();
    expect(JSON.parse(JSON.stringify(n)).message.content).toBe('hello');
    expect(n.message).toBe(n.message);
    expect(m.reads()).toBe(reads);
  });
});

describe('the event log', () => {
  it('gives listeners and readers the same flat entries: what happened, its number and its time', () => {
    const bus = new EventBus();
    const log = new ActivityLog(bus, () => 1234);
    const heard: unknown[] = [];
    log.listen((entry) => heard.push(entry));
    bus.note({ kind: 'request', method: 'POST', route: '/webhooks/:webhookId/:webhookToken', status: 204 });
    bus.note(note('create', countedMessage('43')));
    const expected = [
      { kind: 'request', method: 'POST', route: '/webhooks/:webhookId/:webhookToken', status: 204, seq: 1, at: 1234 },
      { kind: 'message', action: 'create', channelId: '30', messageId: '43', source: 'webhook', seq: 2, at: 1234 },
    ];
    expect(heard).toEqual(expected);
    expect(log.since()).toEqual(expected);
    expect(Object.keys(log.since()[0]!)).toEqual(['kind', 'method', 'route', 'status', 'seq', 'at']);
  });

  it('keeps the newest entries up to its bound, oldest first, across many wraps', () => {
    const bus = new EventBus();
    let clock = 1000;
    const log = new ActivityLog(bus, () => (clock += 10), 7);
    for (let i = 1; i <= 25; i++) bus.note({ kind: 'request', method: 'GET', route: `/r${i}`, status: 200 });
    expect(log.since().map((e) => e.seq)).toEqual([19, 20, 21, 22, 23, 24, 25]);
    // Each entry keeps its own time (the i-th note was stamped 1000 + 10 i).
    expect(log.since().map((e) => e.at)).toEqual([19, 20, 21, 22, 23, 24, 25].map((i) => 1000 + 10 * i));
    expect(log.since(22).map((e) => (e as { route: string }).route)).toEqual(['/r23', '/r24', '/r25']);
    expect(log.since(22.5).map((e) => e.seq)).toEqual([23, 24, 25]);
    expect(log.since(3).map((e) => e.seq)).toEqual([19, 20, 21, 22, 23, 24, 25]);
  });
});

describe('findChannel', () => {
  /** A world of `n` guilds of 3 channels each, whose guild reads are counted. */
  function world(n: number) {
    const guilds: Record<string, Guild> = Object.create(null);
    for (let g = 0; g < n; g++)
      guilds[`${g + 1}`] = {
        id: `${g + 1}`,
        name: `g${g}`,
        channels: [0, 1, 2].map((c) => ({ id: `${g + 1}00${c}`, guildId: `${g + 1}`, type: 0, name: `c${c}` })),
      } as unknown as Guild;
    let reads = 0;
    const counted = new Proxy(guilds, {
      get: (t, k) => {
        if (typeof k === 'string' && k in t) reads++;
        return Reflect.get(t, k);
      },
      ownKeys: (t) => Reflect.ownKeys(t),
    });
    return { w: { guilds: counted } as unknown as World, guilds, reads: () => reads };
  }

  it('finds a channel by id reading its guild only, once the index is built', () => {
    const { w, reads } = world(200);
    expect(findChannel(w, '150002')?.guild.id).toBe('150');
    const before = reads();
    for (const id of ['1001', '77000', '200002']) expect(findChannel(w, id)?.channel.id).toBe(id);
    expect(reads() - before).toBe(3);
  });

  it('sees channels added, removed and moved after the index was built, and answers undefined for unknown ids', () => {
    const { w, guilds } = world(3);
    expect(findChannel(w, '2001')?.guild.id).toBe('2');
    guilds['3']!.channels.push({ id: '9999', guildId: '3', type: 0, name: 'new' } as never);
    expect(findChannel(w, '9999')?.guild.id).toBe('3');
    const [moved] = guilds['2']!.channels.splice(1, 1);
    expect(findChannel(w, '2001')).toBeUndefined();
    expect(findChannel(w, '2002')?.channel.id).toBe('2002');
    guilds['1']!.channels.unshift(moved!);
    expect(findChannel(w, '2001')?.guild.id).toBe('1');
    expect(findChannel(w, '1000')?.channel.id).toBe('1000');
    expect(findChannel(w, '404')).toBeUndefined();
    expect(JSON.stringify(w.guilds)).not.toContain('index');
  });
});
