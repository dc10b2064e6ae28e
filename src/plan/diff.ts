import type { FieldChange } from './model.js';
import type { Obj } from '../wire/rules/values.js';

/**
 * Field-level differences between two normalized values, as dotted paths
 * (`options[0].choices[1].value`). Objects are compared key by key (absent ≡
 * undefined), arrays position by position: option and choice order is
 * meaningful to users. Scalars compare strictly, so "1" ≠ 1 (peers §3.3 #20).
 */
export function diffValues(before: unknown, after: unknown, path = ''): FieldChange[] {
  if (deepEqual(before, after)) return [];
  if (isPlainObject(before) && isPlainObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys.flatMap((k) => diffValues(before[k], after[k], path ? `${path}.${k}` : k));
  }
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    before.length > 0 &&
    after.length > 0 &&
    before.some(isPlainObject)
  ) {
    const n = Math.max(before.length, after.length);
    const out: FieldChange[] = [];
    for (let i = 0; i < n; i++) out.push(...diffValues(before[i], after[i], `${path}[${i}]`));
    return out;
  }
  const change: FieldChange = { path };
  if (before !== undefined) change.before = before;
  if (after !== undefined) change.after = after;
  return [change];
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((v, i) => deepEqual(v, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

function isPlainObject(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
