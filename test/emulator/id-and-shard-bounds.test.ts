/**
 * Bounds two hand mutations once survived (issue 36 item 10): a snowflake is
 * at most 2^64 − 1 (src/wire/snowflake.ts), and a shard id must be below the
 * shard count, so `[1, 1]` is refused with 4010 (src/emulator/gateway/frames.ts).
 * Each is checked at the rule and where a client meets it.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readIdentify } from '../../src/emulator/gateway/frames.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { isSnowflake } from '../../src/wire/snowflake.js';
import { identify, RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';

const MAX = '18446744073709551615'; // 2^64 − 1
const PAST_MAX = '18446744073709551616'; // 2^64

let em: RunningEmulator;
beforeAll(async () => {
  em = await start();
});
afterAll(() => em.close());

describe('a snowflake is at most 2^64 − 1', () => {
  test('the rule: 2^64 − 1 is one, 2^64 and the largest 20 digits are not', () => {
    expect(isSnowflake(MAX)).toBe(true);
    expect(isSnowflake(PAST_MAX)).toBe(false);
    expect(isSnowflake('99999999999999999999')).toBe(false);
  });

  test('an id in the path: 2^64 − 1 is looked up (404 Unknown Guild), 2^64 is no id (50035 at guild_id)', async () => {
    const known = await call(em, 'GET', `/guilds/${MAX}`, { auth: bot(em) });
    expect([known.status, known.body.code]).toEqual([404, 10004]);
    const past = await call(em, 'GET', `/guilds/${PAST_MAX}`, { auth: bot(em) });
    expect(past.status).toBe(400);
    expect(past.body).toMatchObject({
      code: 50035,
      errors: { guild_id: { _errors: [{ code: 'NUMBER_TYPE_COERCE' }] } },
    });
  });
});

describe('a shard id is below the shard count', () => {
  const base = { token: 't', intents: 1 };
  test('the rule: [0, 1] and [1, 2] are shards, [1, 1] and [2, 2] are not (4010)', () => {
    expect(readIdentify({ ...base, shard: [0, 1] })).toMatchObject({ shard: [0, 1] });
    expect(readIdentify({ ...base, shard: [1, 2] })).toMatchObject({ shard: [1, 2] });
    expect(readIdentify({ ...base, shard: [1, 1] })).toEqual({ close: 4010, reason: 'Invalid shard.' });
    expect(readIdentify({ ...base, shard: [2, 2] })).toEqual({ close: 4010, reason: 'Invalid shard.' });
  });

  test('over the gateway: Identify with shard [1, 1] is closed with 4010', async () => {
    const c = new RawGateway(`${em.gatewayUrl}?v=10&encoding=json`);
    try {
      await c.opened;
      await c.waitFor((f) => f.op === 10);
      c.send(identify(em.credentials.botToken, 1, { shard: [1, 1] }));
      expect(await c.closed).toEqual({ code: 4010, reason: 'Invalid shard.' });
    } finally {
      c.ws.terminate();
    }
  });
});
