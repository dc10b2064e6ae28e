/**
 * One reader of JSON text (src/wire/json.ts) and one table of what it reads,
 * run through the reader itself and through both places the emulator reads
 * JSON: an HTTP body (a bot's channel message, whose `nonce` is echoed back as
 * stored) and a gateway frame (decodeFrame's `d`, and a real WebSocket that is
 * answered or closed with 4002). The HTTP and gateway readers used to disagree
 * on three of these rows (issue 36 item 2).
 *
 * Why each answer: JSON's grammar (RFC 8259) decides what is text at all; the
 * service reads integers exactly (snowflakes arrive as JSON numbers from
 * discord.py), so an integer a double cannot hold is kept as the string of its
 * digits, sign included, for the field's own rule to judge; 2^53 is exact in a
 * double and a NUMBER option bound may be ±2^53 (spec), so it stays a number.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { decodeFrame } from '../../src/emulator/gateway/frames.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { REFUSED, TABLE } from '../wire/json-table.js';
import { CH, messageSeed } from './channel-messages-setup.js';
import { RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';

describe('the gateway reads frames with it', () => {
  test.each(TABLE)('%s: %s', (_why, text, expected) => {
    const frame = decodeFrame(`{"op":1,"d":${text}}`);
    expect(frame).toEqual(
      expected === REFUSED ? { close: 4002, reason: 'Error while decoding payload.' } : { op: 1, d: expected },
    );
  });
});

describe('over the wire', () => {
  let em: RunningEmulator;
  beforeAll(async () => {
    em = await start({ seed: messageSeed });
  });
  afterAll(() => em.close());

  /** A nonce is an integer or a short string, echoed as stored: the rows the reader accepts as one. */
  const asNonce = TABLE.filter(
    ([, , v]) => v === REFUSED || Number.isInteger(v) || (typeof v === 'string' && v.length <= 25),
  );

  test.each(asNonce)('HTTP body %s: %s', async (_why, text, expected) => {
    const r = await call(em, 'POST', `/channels/${CH.general}/messages`, {
      auth: bot(em),
      raw: `{"content":"n","nonce":${text}}`,
      contentType: 'application/json',
    });
    if (expected === REFUSED)
      expect([r.status, r.body]).toEqual([400, { code: 50109, message: 'The request body contains invalid JSON.' }]);
    else expect([r.status, r.body.nonce]).toEqual([200, expected]);
  });

  test.each(TABLE)('gateway frame %s: %s', async (_why, text, expected) => {
    const c = new RawGateway(`${em.gatewayUrl}?v=10&encoding=json`);
    try {
      await c.opened;
      await c.waitFor((f) => f.op === 10);
      c.send(`{"op":1,"d":${text}}`);
      // Answered (a heartbeat ACK) or closed, whichever comes: each row expects one of them.
      const outcome = await Promise.race([
        c.closed.then((x) => x.code),
        c.waitFor((f) => f.op === 11).then(() => 'heartbeat ACK'),
      ]);
      expect(outcome).toBe(expected === REFUSED ? 4002 : 'heartbeat ACK');
    } finally {
      c.ws.terminate();
    }
  });
});
