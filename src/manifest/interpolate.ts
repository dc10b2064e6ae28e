import type { Path } from '../spec/problem.js';

export interface MissingVariable {
  path: Path;
  name: string;
}

const REFERENCE = /\$\$\{|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${VAR}` and `${VAR:-default}` in every string of a plain value;
 * `$${` writes a literal `${`. A variable that is unset (and has no default)
 * is reported and its reference left as written.
 */
export function interpolate(value: unknown, env: Readonly<Record<string, string | undefined>>, missing: MissingVariable[], path: Path = []): unknown {
  if (typeof value === 'string') {
    if (!value.includes('${')) return value;
    return value.replace(REFERENCE, (whole, name: string | undefined, fallback: string | undefined) => {
      if (name === undefined) return '${';
      const v = env[name];
      if (v !== undefined && v !== '') return v;
      if (fallback !== undefined) return fallback;
      missing.push({ path, name });
      return whole;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => interpolate(v, env, missing, [...path, i]));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = interpolate(v, env, missing, [...path, k]);
    return out;
  }
  return value;
}

export function hasUnresolvedReference(value: unknown): boolean {
  return typeof value === 'string' && /\$\{[A-Za-z_]/.test(value);
}
