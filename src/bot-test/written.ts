/** How a test file's values are placed and matched: plain data, shared by model.ts and world-facts.ts. */

/** Where a piece of the test file was written (1-based), for `file:line` in the report and the Action's annotations. */
export interface SourceAt {
  file: string;
  line: number;
  column: number;
}

/**
 * A string a value must match: exactly, or (written `/…/flags`) as a regular
 * expression. Kept as source text so results stay plain data.
 */
export type TextMatcher = { exact: string } | { pattern: string; flags: string };
