import type { Path, PathSegment } from '../spec/problem.js';

/** Keys whose values are snowflakes: an unquoted 18-digit id must keep every digit. */
const SNOWFLAKE_KEYS = new Set(['id', 'application_id', 'guild_id', 'channel_id', 'role', 'user', 'channel']);

export interface UnsafeNumber {
  path: Path;
  text: string;
}

export interface MissingVariable {
  path: Path;
  name: string;
}

export interface PlainValueReport {
  unsafe: UnsafeNumber[];
  missing: MissingVariable[];
}

const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Turns a parser's output into the plain JSON value the rest of cmdsync
 * reads, in one walk:
 * - integers arrive as BigInt where they are outside the safe range:
 *   snowflake-valued keys become decimal strings, any other integer outside
 *   ±2^53 is reported (never silently rounded) and kept as its digits;
 * - `${VAR}` and `${VAR:-default}` in strings are replaced from `env`
 *   (`$${` writes a literal `${`); an unset variable is reported and its
 *   reference left as written.
 * The path is a shared stack, copied only when something is reported.
 * `reuse` converts the containers in place (saving a copy of the whole
 * document at start-up); only for trees whose nodes are never shared, as
 * YAML aliases share them.
 */
export function toPlainValue(value: unknown, env: Readonly<Record<string, string | undefined>>, report: PlainValueReport, opts: { reuse?: boolean } = {}): unknown {
  const reuse = opts.reuse === true;
  const path: PathSegment[] = [];
  const walk = (v: unknown, key: PathSegment | undefined, parentKey: PathSegment | undefined): unknown => {
    if (typeof v === 'string') return v.includes('${') ? interpolate(v) : v;
    if (typeof v === 'bigint' || typeof v === 'number') {
      const owner = typeof key === 'number' ? parentKey : key;
      if (typeof owner === 'string' && SNOWFLAKE_KEYS.has(owner) && (typeof v === 'bigint' || Number.isInteger(v))) return v.toString();
      if (typeof v === 'number') return v;
      if (v >= BigInt(Number.MIN_SAFE_INTEGER) && v <= BigInt(Number.MAX_SAFE_INTEGER)) return Number(v);
      report.unsafe.push({ path: [...path], text: v.toString() });
      return v.toString();
    }
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      const out = reuse ? v : new Array(v.length);
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        out[i] = walk(v[i], i, key);
        path.pop();
      }
      return out;
    }
    const entries = v instanceof Map ? [...v.entries()] : Object.entries(v);
    const out: Record<string, unknown> = reuse && !(v instanceof Map) ? (v as Record<string, unknown>) : {};
    for (const [k, child] of entries) {
      const name = String(k);
      path.push(name);
      out[name] = walk(child, name, key);
      path.pop();
    }
    return out;
  };
  const interpolate = (text: string): string =>
    text.replace(REFERENCE, (whole, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      const v = env[name];
      if (v !== undefined && v !== '') return v;
      if (fallback !== undefined) return fallback;
      report.missing.push({ path: [...path], name });
      return whole;
    });
  return walk(value, undefined, undefined);
}

export function hasUnresolvedReference(value: unknown): boolean {
  return typeof value === 'string' && /\$\{[A-Za-z_]/.test(value);
}
