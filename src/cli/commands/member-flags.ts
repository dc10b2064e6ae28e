/**
 * The flags every member action reads the same way (`invoke`, `click`,
 * `select`, `submit-modal`, `say`): a place or a person by id or name, the
 * member's client language and how long to collect follow-ups.
 */
import { UsageError } from '../../errors.js';
import { isWaitSeconds, WAIT_SECONDS_RANGE } from '../../wire/interactions/callback.js';
import { LOCALES } from '../../wire/locales.js';

/** `--locale`: one of the service's locales. */
export function localeFlag(locale: string | undefined): string | undefined {
  if (locale !== undefined && !(LOCALES as readonly string[]).includes(locale))
    throw new UsageError(
      `--locale must be one of the service's locales (e.g. fr, en-US, pt-BR), not ${JSON.stringify(locale)}`,
    );
  return locale;
}

/** `--wait SECONDS`: a decimal number of seconds in the range the emulator collects for. */
export function waitFlag(wait: string | undefined): number | undefined {
  if (wait === undefined) return undefined;
  const seconds = Number(wait);
  if (!/^\d+(\.\d+)?$/.test(wait) || !isWaitSeconds(seconds))
    throw new UsageError(`--wait takes seconds ${WAIT_SECONDS_RANGE}, not ${JSON.stringify(wait)}`);
  return seconds;
}

/**
 * A flag that takes an id or a name (`--channel general`, `--user @bob`): the
 * running emulator resolves names against its world (wire/names.ts), so here
 * only a value that can be neither is refused.
 */
export function refFlag(value: string | undefined, flag: string): string | undefined {
  if (value !== undefined && (value.trim() === '' || /[\r\n]/.test(value)))
    throw new UsageError(`${flag} takes an id or a name, not ${JSON.stringify(value)}`);
  return value;
}
