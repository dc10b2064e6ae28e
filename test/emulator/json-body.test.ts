import { describe, expect, it } from 'vitest';
import { parseJsonBody } from '../../src/emulator/http/json-body.js';

const parse = (text: string) => {
  const r = parseJsonBody(text);
  return r.ok ? r.value : 'refused';
};

describe('parseJsonBody and integers beyond 2^53', () => {
  it('keeps every digit of large integers, as the decimal string', () => {
    expect(parse('{"a":1058900000000000107,"b":[-9007199254740993, 18446744073709551615]}')).toEqual({
      a: '1058900000000000107',
      b: ['-9007199254740993', '18446744073709551615'],
    });
  });

  it('leaves safe integers, fractions and exponents as numbers', () => {
    expect(parse('[9007199254740992,-9007199254740992]')).toEqual([2 ** 53, -(2 ** 53)]);
    expect(parse('[9007199254740991,-9007199254740991,0.12345678901234567890,1234567890123456789.5,12345678901234567890e2,1e-7,1E+300]')).toEqual([
      9007199254740991,
      -9007199254740991,
      Number('0.12345678901234567890'),
      Number('1234567890123456789.5'),
      Number('12345678901234567890e2'),
      1e-7,
      1e300,
    ]);
  });

  it('does not touch digits inside strings, escaped quotes included', () => {
    expect(parse('{"s":"1058900000000000107","t":"\\"1058900000000000107"}')).toEqual({ s: '1058900000000000107', t: '"1058900000000000107' });
  });

  it('still refuses malformed numbers (a leading zero is not made into a valid string)', () => {
    expect(parse('[01058900000000000107]')).toBe('refused');
    expect(parse('[-01058900000000000107]')).toBe('refused');
    expect(parse('[1058900000000000107')).toBe('refused');
  });

  it('nesting is still limited', () => {
    expect(parse('['.repeat(65) + ']'.repeat(65))).toBe('refused');
    expect(parse(`${'['.repeat(64)}10589000000000001070${']'.repeat(64)}`)).not.toBe('refused');
  });
});
