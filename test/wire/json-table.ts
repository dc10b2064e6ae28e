/**
 * What src/wire/json.ts reads each JSON text as, and why, in one table: run through the reader itself
 * (test/wire/json.test.ts) and through both places the emulator reads JSON (test/emulator/json-reading.test.ts).
 */
import { MAX_JSON_DEPTH } from '../../src/wire/json.js';

export const REFUSED = Symbol('refused');
export type Row = [why: string, text: string, read: unknown];

export const TABLE: Row[] = [
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
