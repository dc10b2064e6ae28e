/** A snowflake id, always a decimal string (JSON numbers lose precision above 2^53). */
export type Snowflake = string;

/** A snowflake's digits, for patterns that find one inside text (`<@id>`, `<#id>`): the one definition of its syntax. */
export const SNOWFLAKE_DIGITS = String.raw`\d{1,20}`;
export const SNOWFLAKE_PATTERN = new RegExp(`^${SNOWFLAKE_DIGITS}$`);

/** Mentions in message text (regular expression sources; the id is group 1): a user `<@id>` or `<@!id>`, a role `<@&id>`, a channel `<#id>`. */
export const MENTION_SOURCE = {
  user: `<@!?(${SNOWFLAKE_DIGITS})>`,
  role: `<@&(${SNOWFLAKE_DIGITS})>`,
  channel: `<#(${SNOWFLAKE_DIGITS})>`,
} as const;
const MAX_SNOWFLAKE = (1n << 64n) - 1n;

/** The service's epoch for snowflake timestamps (2015-01-01T00:00:00Z). */
export const SNOWFLAKE_EPOCH = 1420070400000n;

export function isSnowflake(value: unknown): value is Snowflake {
  return typeof value === 'string' && SNOWFLAKE_PATTERN.test(value) && BigInt(value) <= MAX_SNOWFLAKE;
}

/** Snowflakes compare as numbers (`"9"` before `"10"`): the order they were made in. */
export function compareSnowflakes(a: Snowflake, b: Snowflake): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function snowflakeTimestamp(id: Snowflake): Date {
  return new Date(Number((BigInt(id) >> 22n) + SNOWFLAKE_EPOCH));
}
