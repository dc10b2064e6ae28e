import type { Path } from '../spec/problem.js';

/** Keys whose values are snowflakes: an unquoted 18-digit id must keep every digit. */
const SNOWFLAKE_KEYS = new Set(['id', 'application_id', 'guild_id', 'channel_id', 'role', 'user', 'channel']);

export interface UnsafeNumber {
  path: Path;
  text: string;
}

/**
 * Turns the parser's output (integers as BigInt) into plain JSON values:
 * snowflake-valued keys become decimal strings, other integers become numbers
 * when that is exact. An integer outside the safe range anywhere else is
 * reported rather than silently rounded, and left as its decimal string.
 */
export function toPlainValue(value: unknown, unsafe: UnsafeNumber[], path: Path = []): unknown {
  if (typeof value === 'bigint') {
    const key = path.at(-1);
    const parentKey = typeof key === 'number' ? path.at(-2) : key;
    if (typeof parentKey === 'string' && SNOWFLAKE_KEYS.has(parentKey)) return value.toString();
    if (value >= BigInt(Number.MIN_SAFE_INTEGER) && value <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(value);
    unsafe.push({ path, text: value.toString() });
    return value.toString();
  }
  if (typeof value === 'number') {
    const key = path.at(-1);
    if (typeof key === 'string' && SNOWFLAKE_KEYS.has(key) && Number.isInteger(value)) return String(value);
    return value;
  }
  if (Array.isArray(value)) return value.map((v, i) => toPlainValue(v, unsafe, [...path, i]));
  if (value instanceof Map) {
    const obj: Record<string, unknown> = {};
    for (const [k, v] of value) obj[String(k)] = toPlainValue(v, unsafe, [...path, String(k)]);
    return obj;
  }
  if (value !== null && typeof value === 'object') {
    const obj: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) obj[k] = toPlainValue(v, unsafe, [...path, k]);
    return obj;
  }
  return value;
}
