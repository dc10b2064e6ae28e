import { parseBlockYaml } from './block-yaml.js';

/**
 * A values-only read of a manifest, several times faster than building the
 * position-tracking document (it matters for pre-commit start-up). It is the
 * line-based block-yaml.ts, which covers the block and one-line flow styles
 * manifests are written in (the README's among them) and is exact or
 * declines; a file it declines (JSON, anchors, block scalars, …) is read by
 * the exact parser alone, which reports any problem with its position.
 * Integers outside the safe range come back as BigInt, like the exact
 * parser's `intAsBigInt`, so no snowflake loses digits.
 */
export interface ParsedValue {
  value: unknown;
  /** No node appears twice in the tree (the reader takes no aliases), so it may be converted in place. */
  unshared: boolean;
  /** Strings may hold `${…}` references (see toPlainValue). */
  references: boolean;
}

/** The file's value, or undefined when the reader declines it. */
export function fastParse(text: string): ParsedValue | undefined {
  const value = parseBlockYaml(text);
  if (value === undefined) return undefined;
  // The block reader decodes only JSON's escapes, none of which writes `$` or `{`: its strings hold `${` only where the file does.
  return { value, unshared: true, references: text.includes('${') };
}
