/**
 * Issue 40 item 6b: who may manage webhooks is MANAGE_WEBHOOKS as the service
 * computes it, in the channel (roles, @everyone, the channel's overwrites),
 * and a channel the bot cannot see is 50001 before anything else, as on every
 * other channel route. Before, only the install's bits counted: a channel
 * hidden from the bot took a webhook (or refused it with 50035 for a bad
 * body), an overwrite that denied MANAGE_WEBHOOKS was ignored, and one that
 * granted it was refused with 50013.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningEmulator, startEmulator } from '../../src/emulator/index.js';
import { Client } from './webhooks-setup.js';

const APP = '1000000000000000001';
const GUILD = '2000000000000000001';
const OPEN = '3000000000000000001';
const HIDDEN = '3000000000000000002';
const DENIED = '3000000000000000003';
const GRANTED = '3000000000000000004';
const VIEW = 1n << 10n;
const MANAGE_WEBHOOKS = 1n << 29n;
const s = (b: bigint) => String(b);

/** The bot holds MANAGE_WEBHOOKS through its install in the first guild, and through nothing but one channel's overwrite in the second. */
const seed = {
  applications: [{ id: APP, name: 'App' }],
  guilds: [
    {
      id: GUILD,
      name: 'G',
      channels: [
        { id: OPEN, type: 0, name: 'open' },
        // @everyone cannot see it: neither can the bot, whatever its MANAGE_WEBHOOKS.
        {
          id: HIDDEN,
          type: 0,
          name: 'hidden',
          permission_overwrites: [{ id: GUILD, type: 0, allow: '0', deny: s(VIEW) }],
        },
        // The bot sees it, and an overwrite for the bot takes MANAGE_WEBHOOKS away.
        {
          id: DENIED,
          type: 0,
          name: 'denied',
          permission_overwrites: [{ id: APP, type: 1, allow: '0', deny: s(MANAGE_WEBHOOKS) }],
        },
      ],
      apps: { [APP]: { permissions: s(MANAGE_WEBHOOKS) } },
    },
    {
      id: '2000000000000000002',
      name: 'H',
      channels: [
        { id: '3000000000000000010', type: 0, name: 'plain' },
        {
          id: GRANTED,
          type: 0,
          name: 'granted',
          permission_overwrites: [{ id: APP, type: 1, allow: s(MANAGE_WEBHOOKS), deny: '0' }],
        },
      ],
      apps: { [APP]: { permissions: '0' } },
    },
  ],
};

let emu: RunningEmulator;
let client: Client;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, rateLimits: false, seed: seed as never });
  client = new Client(emu);
});
afterAll(() => emu.close());

const code = (a: { status: number; body: { code?: number } }) => [a.status, a.body?.code];

describe('webhook management is MANAGE_WEBHOOKS in the channel (issue 40 item 6b)', () => {
  test('a channel the bot cannot see: 50001 for create (even with a bad body) and list; nothing is made', async () => {
    const before = Object.keys(emu.world.webhooks).length;
    expect(code(await client.call('POST', `/channels/${HIDDEN}/webhooks`, { body: { name: 'x' } }))).toEqual([
      403, 50001,
    ]);
    expect(code(await client.call('POST', `/channels/${HIDDEN}/webhooks`, { body: {} }))).toEqual([403, 50001]);
    expect(code(await client.call('GET', `/channels/${HIDDEN}/webhooks`))).toEqual([403, 50001]);
    expect(Object.keys(emu.world.webhooks).length).toBe(before);
  });

  test('an overwrite that denies the bot MANAGE_WEBHOOKS: 50013 there, while the open channel takes one', async () => {
    expect(code(await client.call('POST', `/channels/${DENIED}/webhooks`, { body: { name: 'x' } }))).toEqual([
      403, 50013,
    ]);
    expect(code(await client.call('GET', `/channels/${DENIED}/webhooks`))).toEqual([403, 50013]);
    expect((await client.call('POST', `/channels/${OPEN}/webhooks`, { body: { name: 'x' } })).status).toBe(200);
  });

  test('an overwrite that grants it: allowed in that channel only', async () => {
    expect((await client.call('POST', `/channels/${GRANTED}/webhooks`, { body: { name: 'y' } })).status).toBe(200);
    const plain = await client.call('POST', '/channels/3000000000000000010/webhooks', { body: { name: 'y' } });
    expect(code(plain)).toEqual([403, 50013]);
  });

  test('a webhook cannot be moved into a channel the bot cannot see or manage; it stays where it was', async () => {
    const hook = await client.create(OPEN);
    for (const [to, expected] of [
      [HIDDEN, [403, 50001]],
      [DENIED, [403, 50013]],
    ] as const) {
      expect(code(await client.call('PATCH', `/webhooks/${hook.id}`, { body: { channel_id: to } }))).toEqual(expected);
    }
    expect(emu.world.webhooks[hook.id]?.channel_id).toBe(OPEN);
  });
});
