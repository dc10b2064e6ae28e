/**
 * readJson (src/wire/json.ts) over the table of test/wire/json-table.ts: JSON's grammar, integers
 * beyond 2^53 kept as their digits, the nesting limit. The emulator's HTTP and gateway readers run the
 * same table in test/emulator/json-reading.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { MAX_JSON_DEPTH, readJson } from '../../src/wire/json.js';
import { REFUSED, TABLE } from './json-table.js';

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

describe('readJson: depth and what can be stored', () => {
  test('the depth given is the limit; brackets inside strings do not count', () => {
    expect(readJson('{"a":[1]}', 2)).toEqual({ ok: true, value: { a: [1] } });
    expect(readJson('{"a":[1]}', 1)).toEqual({ ok: false });
    expect(readJson('[]', 0)).toEqual({ ok: false });
    expect(readJson('7', 0)).toEqual({ ok: true, value: 7 });
    expect(readJson('{"a":"[[{{"}', 1)).toEqual({ ok: true, value: { a: '[[{{' } });
    expect(readJson('["\\\\",[1]]', 2)).toEqual({ ok: true, value: ['\\', [1]] });
    expect(readJson('[[],[],[]]', 2)).toEqual({ ok: true, value: [[], [], []] });
    expect(readJson('[{},{},{}]', 2)).toEqual({ ok: true, value: [{}, {}, {}] });
  });

  test('a number that overflows to Infinity is refused wherever it stands', () => {
    expect(readJson('{"a":{"b":1e999}}')).toEqual({ ok: false });
    expect(readJson('[1,[2,-1e999]]')).toEqual({ ok: false });
    expect(readJson('{"a":null,"b":true,"c":"x","d":[1.5]}')).toEqual({
      ok: true,
      value: { a: null, b: true, c: 'x', d: [1.5] },
    });
  });

  test('integers of 16 digits: beyond 2^53 by value, not by length; 17 digits always', () => {
    expect(readJson('[9007199254740992,9007199254740993,1000000000000000]')).toEqual({
      ok: true,
      value: [2 ** 53, '9007199254740993', 1e15],
    });
    expect(readJson('10000000000000000')).toEqual({ ok: true, value: '10000000000000000' });
    // An exponent in either case makes a float, not digits to keep.
    expect(readJson('12345678901234567890E2')).toEqual({ ok: true, value: Number('12345678901234567890e2') });
    expect(readJson('-10000000000000000 ')).toEqual({ ok: true, value: '-10000000000000000' });
  });
});
