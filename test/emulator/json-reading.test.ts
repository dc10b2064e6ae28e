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
import { MAX_JSON_DEPTH, readJson } from '../../src/wire/json.js';
import { CH, messageSeed } from './channel-messages-setup.js';
import { RawGateway } from './gateway-client.js';
import { bot, call, start } from './helpers.js';

const REFUSED = Symbol('refused');
type Row = [why: string, text: string, read: unknown];

const TABLE: Row[] = [
  ['a snowflake as a number keeps every digit', '1058900000000000107', '1058900000000000107'],
  ['beyond 2^64 too', '123456789012345678901', '123456789012345678901'],
  ['2^64 − 1, the largest snowflake', '18446744073709551615', '18446744073709551615'],
  ['2^53 + 1 is beyond a double: its digits', '9007199254740993', '9007199254740993'],
  ['2^53 is exact in a double (a NUMBER bound): a number', '9007199254740992', 2 ** 53],
  ['−2^53 likewise', '-9007199254740992', -(2 ** 53)],
  ['2^53 − 1 is a number', '9007199254740991', 9007199254740991],
  [
    'a large negative integer is valid JSON: its digits with the sign',
    '-12345678901234567890',
    '-12345678901234567890',
  ],
  ['−(2^53 + 1): its digits with the sign', '-9007199254740993', '-9007199254740993'],
  ['a leading zero is not JSON: refused, not made a string', '01058900000000000107', REFUSED],
  ['nor after a minus', '-01058900000000000107', REFUSED],
  ['a short leading zero likewise', '0123', REFUSED],
  ['a fraction is a float', '1234567890123456789.5', Number('1234567890123456789.5')],
  ['an exponent is a float', '12345678901234567890e2', Number('12345678901234567890e2')],
  [
    'small fractions and exponents',
    '[0.12345678901234567890,1e-7,1E+300,1.5e300]',
    [Number('0.12345678901234567890'), 1e-7, 1e300, 1.5e300],
  ],
  ['a number that would be Infinity cannot be written back: refused', '1e400', REFUSED],
  ['digits inside strings stay as they are', '{"c":"x 12345678901234567890"}', { c: 'x 12345678901234567890' }],
  [
    'escaped quotes do not end a string',
    '{"s":"a\\"1234567890123456789","t":"\\"1058900000000000107"}',
    { s: 'a"1234567890123456789', t: '"1058900000000000107' },
  ],
  [
    'an escaped backslash does not escape the quote after it',
    '{"s":"a\\\\","n":1058900000000000107}',
    { s: 'a\\', n: '1058900000000000107' },
  ],
  [
    'strings with and without escapes in turn, then a large integer',
    '{"a":"x\\\\y","b":"plain 1","c":"q\\"r\\u0041","d":"","n":12345678901234567890}',
    { a: 'x\\y', b: 'plain 1', c: 'q"rA', d: '', n: '12345678901234567890' },
  ],
  ['brackets inside strings are no nesting', `["${'['.repeat(MAX_JSON_DEPTH + 1)}"]`, ['['.repeat(MAX_JSON_DEPTH + 1)]],
  ['a string cut off after a backslash', '["abc\\', REFUSED],
  [
    'several in one text',
    '{"a":1058900000000000107,"b":[42,-9007199254740993,18446744073709551615]}',
    { a: '1058900000000000107', b: [42, '-9007199254740993', '18446744073709551615'] },
  ],
  ['unterminated text', '[1058900000000000107', REFUSED],
  ['not JSON', '{nope', REFUSED],
  [
    `nesting past ${MAX_JSON_DEPTH} is refused`,
    `${'['.repeat(MAX_JSON_DEPTH + 1)}1${']'.repeat(MAX_JSON_DEPTH + 1)}`,
    REFUSED,
  ],
];

const read = (text: string) => {
  const r = readJson(text);
  return r.ok ? r.value : REFUSED;
};

describe('readJson: the table', () => {
  test.each(TABLE)('%s: %s', (_why, text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  test('nesting up to the limit is read, with a large integer at the bottom', () => {
    const depth = MAX_JSON_DEPTH - 1;
    const text = `${'['.repeat(depth)}10589000000000001070${']'.repeat(depth)}`;
    let value = read(text);
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
    expect(value).toBe('10589000000000001070');
    expect(read(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toBe(REFUSED);
  });
});

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
