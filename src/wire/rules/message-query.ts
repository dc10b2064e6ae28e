import { ApiErrors, problem, type Problem } from '../problem.js';
import { isSnowflake } from '../snowflake.js';

/** Query parameters of the webhook message routes. */

const TRUE_WORDS = ['true', '1'];
const FALSE_WORDS = ['false', '0'];

/**
 * A boolean query parameter (`wait`, `with_components`): absent → fallback;
 * `true`/`false`/`1`/`0` in any case; anything else is BOOLEAN_TYPE_COERCE at [name].
 */
export function parseQueryBoolean(
  raw: string | null | undefined,
  name: string,
  fallback: boolean,
): { value: boolean; problems: Problem[] } {
  if (raw === null || raw === undefined) return { value: fallback, problems: [] };
  const lower = raw.toLowerCase();
  if (TRUE_WORDS.includes(lower)) return { value: true, problems: [] };
  if (FALSE_WORDS.includes(lower)) return { value: false, problems: [] };
  return {
    value: fallback,
    problems: [
      problem(
        'query-boolean',
        [name],
        `Query parameter ${name} must be true or false, not ${JSON.stringify(raw)}.`,
        ApiErrors.boolean(raw),
      ),
    ],
  };
}

/** A snowflake query parameter (`thread_id`): absent is fine. */
export function validateSnowflakeQuery(raw: string | null | undefined, name: string): Problem[] {
  if (raw === null || raw === undefined || isSnowflake(raw)) return [];
  return [
    problem(
      'query-snowflake',
      [name],
      `Query parameter ${name} must be an id (digits), not ${JSON.stringify(raw)}.`,
      ApiErrors.snowflake(raw),
    ),
  ];
}
