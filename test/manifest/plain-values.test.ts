import { describe, expect, it } from 'vitest';
import { toPlainValue, type PlainValueReport } from '../../src/manifest/plain-values.js';
import type { PathSegment } from '../../src/wire/problem.js';
import { seededRandom } from '../helpers/random.js';

const SNOWFLAKE_KEYS = new Set(['id', 'application_id', 'guild_id', 'channel_id', 'role', 'user', 'channel']);
const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** The walk written the plain way (a copy, a path kept for every node), as the meaning the fast one must keep. */
function reference(value: unknown, env: Record<string, string>, report: PlainValueReport): unknown {
  const path: PathSegment[] = [];
  const walk = (v: unknown, key: PathSegment | undefined, parentKey: PathSegment | undefined): unknown => {
    if (typeof v === 'string') {
      return v.replace(REFERENCE, (whole, name: string | undefined, fallback: string | undefined) => {
        if (name === undefined) return '${';
        if (env[name]) return env[name];
        if (fallback !== undefined) return fallback;
        report.missing.push({ path: [...path], name });
        return whole;
      });
    }
    if (typeof v === 'bigint' || typeof v === 'number') {
      const owner = typeof key === 'number' ? parentKey : key;
      if (typeof owner === 'string' && SNOWFLAKE_KEYS.has(owner) && (typeof v === 'bigint' || Number.isInteger(v)))
        return v.toString();
      if (typeof v === 'number') return v;
      if (v >= -(2n ** 53n) && v <= 2n ** 53n) return Number(v);
      report.unsafe.push({ path: [...path], text: v.toString() });
      return v.toString();
    }
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      return v.map((child, i) => {
        path.push(i);
        const out = walk(child, i, key);
        path.pop();
        return out;
      });
    }
    const out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(v)) {
      path.push(k);
      out[k] = walk(child, k, key);
      path.pop();
    }
    return out;
  };
  return walk(value, undefined, undefined);
}

const newReport = (): PlainValueReport => ({ unsafe: [], missing: [], secret: [] });
const env = { SET: 'value', EMPTY: '' };

describe('toPlainValue', () => {
  it('reports unsafe numbers and unset variables at their exact paths, in lists and mappings', () => {
    const report = newReport();
    const out = toPlainValue({ a: [{ b: 2n ** 60n }, 'x ${UNSET} y'], c: { d: [[-(2n ** 55n)]] } }, env, report, {
      reuse: true,
    });
    expect(out).toEqual({ a: [{ b: '1152921504606846976' }, 'x ${UNSET} y'], c: { d: [['-36028797018963968']] } });
    expect(report.unsafe).toEqual([
      { path: ['a', 0, 'b'], text: '1152921504606846976' },
      { path: ['c', 'd', 0, 0], text: '-36028797018963968' },
    ]);
    expect(report.missing).toEqual([{ path: ['a', 1], name: 'UNSET' }]);
  });

  it('reads ±2^53 (the NUMBER option bounds) as numbers, and reports one past them', () => {
    const report = newReport();
    expect(toPlainValue({ a: 2n ** 53n, b: -(2n ** 53n), c: 2n ** 53n + 1n }, {}, report)).toEqual({
      a: 2 ** 53,
      b: -(2 ** 53),
      c: '9007199254740993',
    });
    expect(report.unsafe).toEqual([{ path: ['c'], text: '9007199254740993' }]);
  });

  it('writes snowflake-valued keys as strings, and the direct items of a list under one', () => {
    const out = toPlainValue(
      { id: 5, role: [1, 2n ** 60n], guilds: [{ id: 112233445566778899n }], other: 7, nested: { role: [[3]] } },
      {},
      newReport(),
    );
    expect(out).toEqual({
      id: '5',
      role: ['1', '1152921504606846976'],
      guilds: [{ id: '112233445566778899' }],
      other: 7,
      nested: { role: [[3]] },
    });
  });

  it('leaves strings alone when told they hold no references', () => {
    const report = newReport();
    expect(toPlainValue({ a: '${UNSET}', b: ['${SET}'] }, env, report, { reuse: true, references: false })).toEqual({
      a: '${UNSET}',
      b: ['${SET}'],
    });
    expect(report.missing).toEqual([]);
  });

  it('reads Map nodes as mappings with string keys', () => {
    expect(
      toPlainValue(
        new Map<unknown, unknown>([
          [1, 'one'],
          ['id', 9],
        ]),
        {},
        newReport(),
      ),
    ).toEqual({ 1: 'one', id: '9' });
  });

  it('converts a scalar document', () => {
    expect(toPlainValue('${SET}', env, newReport())).toBe('value');
    expect(toPlainValue(null, env, newReport())).toBeNull();
  });

  it('gives what the plain walk gives on random trees, in place or copied, and copying leaves the input as it was', () => {
    const random = seededRandom(0x1234567);
    const keys = ['id', 'role', 'name', 'options', 'user', 'value', 'x', 'channel'];
    const scalars = (): unknown =>
      [
        () => 'text',
        () => '${SET}',
        () => '${UNSET:-fallback}',
        () => '$${SET}',
        () => '${EMPTY}',
        () => '${NOPE}',
        () => random(100),
        () => -random(50) / 4,
        () => 2n ** 70n,
        () => BigInt(random(1000)),
        () => true,
        () => null,
      ][random(12)]();
    const tree = (depth: number): unknown => {
      if (depth === 0 || random(3) === 0) return scalars();
      if (random(2) === 0) return Array.from({ length: random(4) }, () => tree(depth - 1));
      const obj: Record<string, unknown> = {};
      for (let i = random(5); i > 0; i--) obj[keys[random(keys.length)]] = tree(depth - 1);
      return obj;
    };
    for (let i = 0; i < 2000; i++) {
      const input = tree(5);
      const expectedReport = newReport();
      const expected = reference(structuredClone(input), env, expectedReport);

      const copied = newReport();
      const before = structuredClone(input);
      expect(toPlainValue(input, env, copied)).toEqual(expected);
      expect(input).toEqual(before);
      expect(copied).toEqual(expectedReport);

      const inPlace = newReport();
      expect(toPlainValue(structuredClone(input), env, inPlace, { reuse: true })).toEqual(expected);
      expect(inPlace).toEqual(expectedReport);
    }
  });
});
