import { MessageFlag } from '../enums.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { describeValue } from './values.js';

/** Flags an execute may set (facts §4.5). */
export const EXECUTE_FLAGS =
  MessageFlag.SUPPRESS_EMBEDS | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.IS_COMPONENTS_V2;
/** Flags an edit may set; IS_COMPONENTS_V2 can be set but never removed. */
export const EDIT_FLAGS = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.IS_COMPONENTS_V2;

/** Flags as an integer; bits outside `allowed` are dropped (with a warning), as the service is believed to do. */
export function effectiveFlags(flags: unknown, allowed: number): number {
  return typeof flags === 'number' && Number.isInteger(flags) && flags >= 0 ? flags & allowed : 0;
}

/** Flags of a request body: a non-negative integer; bits outside `allowed` get a warning. */
export function checkFlags(out: Problem[], flags: unknown, allowed: number, what: string): void {
  if (flags === undefined || flags === null) return;
  if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0) {
    out.push(
      problem(
        'message-flags-type',
        ['flags'],
        `Flags must be a non-negative integer, not ${describeValue(flags)}.`,
        ApiErrors.integer(flags),
      ),
    );
    return;
  }
  const dropped = flags & ~allowed;
  if (dropped !== 0) {
    out.push({
      rule: 'message-flags-dropped',
      severity: 'warning',
      path: ['flags'],
      message: `Flag bits ${dropped} cannot be set on ${what} (only ${allowed} may be); the service drops them.`,
    });
  }
}

/** The flags a message carries after an edit: only SUPPRESS_EMBEDS toggles, IS_COMPONENTS_V2 only turns on. */
export function editedFlags(previous: number, requested: unknown): number {
  if (requested === undefined || requested === null) return previous;
  const wanted = effectiveFlags(requested, EDIT_FLAGS);
  return (previous & ~MessageFlag.SUPPRESS_EMBEDS) | wanted | (previous & MessageFlag.IS_COMPONENTS_V2);
}
