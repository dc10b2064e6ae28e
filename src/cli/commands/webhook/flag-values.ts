/**
 * Flag values turned into body fields: message flags by name, allowed
 * mentions, embed colours. Pure; bad values are usage errors naming the flag.
 */
import { UsageError } from '../../../errors.js';
import { MessageFlag } from '../../../wire/enums.js';
import { isSnowflake } from '../../../wire/snowflake.js';

/** `--flag NAME` spellings and their bits (the only ones a webhook may set, facts §4.5). */
export const MESSAGE_FLAG_NAMES = {
  'suppress-embeds': MessageFlag.SUPPRESS_EMBEDS,
  'suppress-notifications': MessageFlag.SUPPRESS_NOTIFICATIONS,
  'components-v2': MessageFlag.IS_COMPONENTS_V2,
} as const;

export type MessageFlagName = keyof typeof MESSAGE_FLAG_NAMES;

/**
 * The `flags` integer from repeated `--flag` values; `none` (edit only) sends
 * 0, which clears SUPPRESS_EMBEDS. `allowed` lists the names this call takes.
 */
export function flagsFrom(names: readonly string[], allowed: readonly string[]): number | undefined {
  if (names.length === 0) return undefined;
  let bits = 0;
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (!allowed.includes(name)) throw new UsageError(`--flag takes ${allowed.join(', ')}; not "${raw}".`);
    if (name === 'none') continue;
    bits |= MESSAGE_FLAG_NAMES[name as MessageFlagName];
  }
  return bits;
}

const MENTION_KINDS = ['users', 'roles', 'everyone'] as const;

/**
 * `--allow-mentions users,roles,everyone` (or `none`). The default is none,
 * `{ parse: [] }`: a message built from CI text must not ping anyone by
 * accident (a commit message saying "@everyone").
 */
export function allowedMentionsFrom(value: string | undefined): { parse: string[] } {
  if (value === undefined) return { parse: [] };
  const parts = value
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter((s) => s !== '');
  if (parts.length === 1 && parts[0] === 'none') return { parse: [] };
  for (const p of parts) {
    if (!(MENTION_KINDS as readonly string[]).includes(p))
      throw new UsageError(
        `--allow-mentions takes a comma-separated list of ${MENTION_KINDS.join(', ')} (or none); not "${p}".`,
      );
  }
  return { parse: [...new Set(parts)] };
}

/** `--embed-color`: `#5865F2`, `0x5865F2`, or a decimal number. Range is left to the embed rules. */
export function colorFrom(value: string): number {
  const v = value.trim();
  const hex = /^(?:#|0x)([0-9a-f]{1,6})$/i.exec(v);
  if (hex) return parseInt(hex[1], 16);
  if (/^\d+$/.test(v)) return Number(v);
  throw new UsageError(`--embed-color takes #RRGGBB, 0xRRGGBB or a number; not "${value}".`);
}

/** A snowflake flag value (`--thread`, `--tag`, message ids). */
export function idFrom(value: string, flag: string): string {
  if (!isSnowflake(value)) throw new UsageError(`${flag} takes a numeric id, not "${value}".`);
  return value;
}
