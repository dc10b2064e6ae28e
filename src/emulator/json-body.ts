/**
 * JSON request bodies as the emulator accepts them. Beyond syntax, a body
 * must be something the world can hold and write back: no nesting deeper than
 * any interface body needs (JSON.stringify recurses, so a deep value stored
 * once would make every later write of the data file throw), and no number
 * that JSON.parse turned into ±Infinity (written back as `null`). Both are
 * answered like malformed JSON (400 50109).
 */

/** Deeper than any body of the interface (a command with a group, subcommand, option, choice and localization is ~10). */
export const MAX_JSON_DEPTH = 64;

/** JSON bodies larger than this are refused with 413 40005 (files in multipart bodies have their own, larger limit). */
export const MAX_JSON_BYTES = 8 * 1024 * 1024;

export type JsonParse = { ok: true; value: unknown } | { ok: false };

/**
 * Nesting within the limit and every number finite. Recursive, but never
 * deeper than `maxDepth` (it gives up there), so it cannot overflow the stack.
 */
export function isStorableJson(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  return storable(value, maxDepth);
}

function storable(v: unknown, depthLeft: number): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (v === null || typeof v !== 'object') return true;
  if (depthLeft === 0) return false;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (!storable(v[i], depthLeft - 1)) return false;
    return true;
  }
  for (const key in v) if (!storable((v as Record<string, unknown>)[key], depthLeft - 1)) return false;
  return true;
}

/**
 * Parses a JSON body, refusing what the world could not write back. The
 * nesting is checked on the text first (brackets outside strings), so a
 * pathological body is refused before JSON.parse builds it.
 */
export function parseJsonBody(text: string, maxDepth = MAX_JSON_DEPTH): JsonParse {
  if (nestingOf(text) > maxDepth) return { ok: false };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false };
  }
  return isStorableJson(value, maxDepth) ? { ok: true, value } : { ok: false };
}

/** The deepest bracket nesting of a JSON text, ignoring brackets inside strings. */
function nestingOf(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}
