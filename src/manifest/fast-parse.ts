import { readBlockYaml } from './block-yaml.js';
import { readJson } from './json-fast.js';

/**
 * A values-only read of a manifest, several times faster than building the
 * position-tracking document (it matters for pre-commit start-up). JSON is
 * read by JSON.parse (json-fast.ts), YAML by the line-based block-yaml.ts;
 * each is exact or declines, and a file declined is read by the exact parser
 * alone, which reports any problem with its position. Integers outside the
 * safe range come back as BigInt, like the exact parser's `intAsBigInt`, so
 * no snowflake loses digits.
 */
export interface ParsedValue {
  value: unknown;
  /** No node appears twice in the tree (no alias or merge key was read), so it may be converted in place. */
  unshared: boolean;
  /** Strings may hold `${…}` references (see toPlainValue). */
  references: boolean;
}

/** Escapes that can write `$` or `{` (`\x24`, `\u007b`): with any of them a string may hold a reference the text does not show. */
const CODE_ESCAPE = /\\[xuU]/;

/** The file's value, or undefined when the readers decline it. `json`: the file is named .json, so only JSON is read. */
export function fastParse(text: string, json = false): ParsedValue | undefined {
  const references = text.includes('${') || CODE_ESCAPE.test(text);
  if (json || startsAsJson(text)) {
    const value = readJson(text);
    if (value !== undefined || json) return value === undefined ? undefined : { value, unshared: true, references };
  }
  const read = readBlockYaml(text);
  if (read === undefined) return undefined;
  return { value: read.value, unshared: !read.shared, references };
}

/** The first character that is not white space opens a JSON object or array. */
function startsAsJson(text: string): boolean {
  const at = text.search(/\S/);
  const c = at === -1 ? 0 : text.charCodeAt(at);
  return c === 123 || c === 91;
}
