import type { Path, PathSegment } from '../wire/problem.js';
import { isSecretVariable } from '../config/secrets.js';
import type { Obj } from '../wire/rules/values.js';

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
  /** References to credentials and secret-looking names: never substituted. */
  secret: MissingVariable[];
}

const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** Nodes a document may gain through aliases: far beyond any real manifest's reuse of anchors, far below what would exhaust memory. */
export const MAX_ALIAS_EXPANSION = 500_000;

/** Aliases expand past MAX_ALIAS_EXPANSION nodes; `path`: where the cap was reached. */
export class AliasExpansionError extends Error {
  constructor(readonly path: Path) {
    super(
      `YAML aliases expand this document past ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} nodes; write the repeated parts out, or reuse them less.`,
    );
  }
}

/** The largest magnitude an integer may have and still read exactly as a JavaScript number: 2^53. */
const EXACT_LIMIT = 2n ** 53n;

/** Mappings and lists inside each other, at most. */
export const MAX_NESTING = 64;

export class NestingError extends Error {
  constructor(readonly path: Path) {
    super(`The document nests mappings and lists more than ${MAX_NESTING} levels deep; no manifest needs that many.`);
  }
}

export interface PlainValueOptions {
  /** Convert the containers in place; only for trees whose nodes are never shared, as YAML aliases share them. */
  reuse?: boolean;
  /**
   * Strings may hold `${…}` references. A caller that knows none can (the
   * file has no `${`, and its parser decodes no escape into one) passes
   * false, and strings are left as they are without a look inside each.
   */
  references?: boolean;
}

/**
 * Turns a parser's output into the plain JSON value the rest of cmdsync
 * reads, in one walk:
 * - integers arrive as BigInt where they are outside the safe range:
 *   snowflake-valued keys become decimal strings, any other integer outside
 *   ±2^53 is reported (never silently rounded) and kept as its digits;
 * - `${VAR}` and `${VAR:-default}` in strings are replaced from `env`
 *   (`$${` writes a literal `${`); an unset variable is reported and its
 *   reference left as written, and so is a secret one (never read).
 * It runs on every manifest a pre-commit hook lints, so leaves that need
 * nothing (booleans, null, strings without references) are passed over
 * without a call, and a path is built only for a report.
 */
export function toPlainValue(
  value: unknown,
  env: Readonly<Record<string, string | undefined>>,
  report: PlainValueReport,
  opts: PlainValueOptions = {},
): unknown {
  const reuse = opts.reuse === true;
  const references = opts.references !== false;
  // A tree that may share nodes (YAML aliases) is copied out in full, so a
  // few lines of nested aliases ("billion laughs") would expand without end:
  // nodes reached again through an alias are counted, and capped.
  const seen = reuse ? undefined : new WeakSet<object>();
  let insideAlias = 0;
  let expanded = 0;
  let depth = 0;
  // The keys from the root to the container being walked, pushed and popped in turn: a path array is built only for a report.
  const keys: PathSegment[] = [];
  const pathOf = (last?: PathSegment): Path => (last === undefined ? keys.slice() : [...keys, last]);

  /** Whether `v` may come out different, or holds something that may. */
  const needsWalk = (v: unknown): boolean => {
    const t = typeof v;
    return t === 'object' ? v !== null : t === 'number' || t === 'bigint' || (references && t === 'string');
  };

  /** `key`: where the value sits in its container (none for the root); `owner`: the key it sits under (for a list item, the list's key). */
  const walk = (v: unknown, key: PathSegment | undefined, owner: PathSegment | undefined): unknown => {
    if (typeof v === 'string') return v.includes('${') ? interpolate(v, key) : v;
    if (typeof v === 'bigint' || typeof v === 'number') {
      if (typeof owner === 'string' && SNOWFLAKE_KEYS.has(owner) && (typeof v === 'bigint' || Number.isInteger(v)))
        return v.toString();
      if (typeof v === 'number') return v;
      // ±2^53 itself is exact as a double (the interface's NUMBER bounds), one past the safe integers.
      if (v >= -EXACT_LIMIT && v <= EXACT_LIMIT) return Number(v);
      report.unsafe.push({ path: pathOf(key), text: v.toString() });
      return v.toString();
    }
    if (v === null || typeof v !== 'object') return v;
    if (key === undefined) return container(v, key);
    // Not popped when a NestingError or AliasExpansionError ends the walk: it has taken its path by then.
    keys.push(key);
    const out = container(v, key);
    keys.pop();
    return out;
  };

  /** `ownKey`: where the container sits; a list's items count it as the key they sit under. In place, only a child that changed is stored. */
  const container = (v: object, ownKey: PathSegment | undefined): unknown => {
    // The deepest real manifest is about a dozen levels; thousands would exhaust the stack.
    if (++depth > MAX_NESTING) throw new NestingError(pathOf());
    try {
      return aliasChecked(v, ownKey);
    } finally {
      depth--;
    }
  };

  const aliasChecked = (v: object, ownKey: PathSegment | undefined): unknown => {
    if (seen === undefined) return convert(v, ownKey);
    const again = seen.has(v);
    if (again) insideAlias++;
    else seen.add(v);
    if (insideAlias > 0) {
      expanded += 1 + (Array.isArray(v) ? v.length : v instanceof Map ? v.size : Object.keys(v).length);
      if (expanded > MAX_ALIAS_EXPANSION) throw new AliasExpansionError(pathOf());
    }
    const out = convert(v, ownKey);
    if (again) insideAlias--;
    return out;
  };

  const convert = (v: object, ownKey: PathSegment | undefined): unknown => {
    if (Array.isArray(v)) {
      const out = reuse ? v : new Array(v.length);
      for (let i = 0; i < v.length; i++) {
        const child: unknown = v[i];
        const converted = needsWalk(child) ? walk(child, i, ownKey) : child;
        if (!reuse || converted !== child) out[i] = converted;
      }
      return out;
    }
    if (v instanceof Map) {
      const out: Obj = {};
      for (const [k, child] of v) {
        const name = String(k);
        out[name] = needsWalk(child) ? walk(child, name, name) : child;
      }
      return out;
    }
    const obj = v as Obj;
    const out: Obj = reuse ? obj : {};
    // for-in, not a loop over Object.keys: no array of keys, nor an iterator and a result object per key in the interpreter.
    for (const name in obj) {
      const child = obj[name];
      const converted = needsWalk(child) ? walk(child, name, name) : child;
      if (!reuse || converted !== child) out[name] = converted;
    }
    return out;
  };

  const interpolate = (text: string, key: PathSegment | undefined): string =>
    text.replace(REFERENCE, (whole, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      if (isSecretVariable(name)) {
        report.secret.push({ path: pathOf(key), name });
        return whole;
      }
      const v = env[name];
      if (v !== undefined && v !== '') return v;
      if (fallback !== undefined) return fallback;
      report.missing.push({ path: pathOf(key), name });
      return whole;
    });

  return needsWalk(value) ? walk(value, undefined, undefined) : value;
}

export function hasUnresolvedReference(value: unknown): boolean {
  return typeof value === 'string' && /\$\{[A-Za-z_]/.test(value);
}
