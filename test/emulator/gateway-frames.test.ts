/** Reading what a gateway client sends (src/emulator/gateway/frames.ts). */
import { describe, expect, test } from 'vitest';
import { decodeFrame, readIdentify } from '../../src/emulator/gateway/frames.js';

describe('decodeFrame reads frames with the one JSON reader (src/wire/json.ts; its table: json-reading.test.ts)', () => {
  test('integers beyond a double become strings; small numbers and every string stay as they are', () => {
    const d = (text: string) => (decodeFrame(`{"op":1,"d":${text}}`) as { d: unknown }).d;
    expect(d('{"a":123456789012345678901,"b":[42,9007199254740993],"c":"x 12345678901234567890"}')).toEqual(
      JSON.parse('{"a":"123456789012345678901","b":[42,"9007199254740993"],"c":"x 12345678901234567890"}'),
    );
    expect(d('{"s":"a\\"1234567890123456789","n":1.5e300}')).toEqual(
      JSON.parse('{"s":"a\\"1234567890123456789","n":1.5e300}'),
    );
    expect(decodeFrame('{"op":8,"d":{"guild_id":1234567890123456789}}')).toEqual({
      op: 8,
      d: { guild_id: '1234567890123456789' },
    });
  });
});

describe('readIdentify', () => {
  test('large_threshold within 50-250, 50 when left out', () => {
    const base = { token: 't', intents: 1 };
    expect(readIdentify(base)).toMatchObject({ largeThreshold: 50 });
    expect(readIdentify({ ...base, large_threshold: 250 })).toMatchObject({ largeThreshold: 250 });
    expect(readIdentify({ ...base, large_threshold: 1000 })).toMatchObject({ largeThreshold: 250 });
  });
});
