import { PermissionEntryType, describeEnum } from '../enums.js';
import type { Limits } from '../limits.js';
import { ApiErrors, problem, valueText, type Problem } from '../problem.js';
import { isSnowflake } from '../snowflake.js';
import type { PermissionEntry } from '../state.js';
import { checkArray, describeValue, isObject } from './values.js';

const ENTRY_TYPES = Object.values(PermissionEntryType) as number[];

/**
 * An entry of the `{ id, type, permission }` shape (its id still to be
 * judged). What reads entries as rows (the access rules) takes only these:
 * the rest are reported by validatePermissionEntries, and a row read from
 * `null` would throw.
 */
export function isPermissionEntry(entry: unknown): entry is PermissionEntry {
  return (
    isObject(entry) &&
    typeof entry.id === 'string' &&
    typeof entry.type === 'number' &&
    ENTRY_TYPES.includes(entry.type) &&
    typeof entry.permission === 'boolean'
  );
}

/**
 * The body of a command-permissions PUT: `permissions`, a list of at most 100
 * `{ id, type, permission }` entries. Paths start at the list.
 */
export function validatePermissionEntries(entries: unknown, limits: Limits): Problem[] {
  const out: Problem[] = [];
  if (entries === undefined || entries === null) {
    out.push(problem('permission-entry', [], 'permissions is required.', ApiErrors.required()));
    return out;
  }
  const list = checkArray(out, entries, [], 'permission-entry', 'permissions');
  if (!list) return out;
  if (list.length > limits.permission_overwrites) {
    out.push(
      problem(
        'permissions-max',
        [],
        `A command may have at most ${limits.permission_overwrites} permission overwrites in a guild (found ${list.length}).`,
        ApiErrors.maxLength(limits.permission_overwrites),
      ),
    );
  }
  const seen = new Map<string, number>();
  list.forEach((entry, i) => {
    if (!isObject(entry)) {
      out.push(
        problem(
          'permission-entry',
          [i],
          `A permission entry must be a mapping, not ${describeValue(entry)}.`,
          ApiErrors.object(),
        ),
      );
      return;
    }
    if (!isSnowflake(entry.id))
      out.push(
        problem(
          'permission-entry',
          [i, 'id'],
          `Permission target id ${describeValue(entry.id)} is not a snowflake.`,
          ApiErrors.snowflake(entry.id),
        ),
      );
    if (typeof entry.type !== 'number' || !ENTRY_TYPES.includes(entry.type)) {
      out.push(
        problem(
          'permission-entry',
          [i, 'type'],
          `Permission entry type ${describeValue(entry.type)} is not one of ${describeEnum(PermissionEntryType)}.`,
          ApiErrors.choices(ENTRY_TYPES),
        ),
      );
    }
    if (typeof entry.permission !== 'boolean') {
      out.push(
        problem(
          'permission-entry',
          [i, 'permission'],
          `permission must be true or false, not ${describeValue(entry.permission)}.`,
          entry.permission === undefined ? ApiErrors.required() : ApiErrors.boolean(entry.permission),
        ),
      );
    }
    const key = `${valueText(entry.type)}:${valueText(entry.id)}`;
    const first = seen.get(key);
    if (first !== undefined) {
      const earlier = list[first] as { permission?: unknown };
      const conflict =
        earlier.permission !== entry.permission &&
        typeof entry.permission === 'boolean' &&
        typeof earlier.permission === 'boolean'
          ? `, with the opposite value (${entry.permission ? 'allow' : 'deny'} here, ${earlier.permission ? 'allow' : 'deny'} there): decide which one you mean`
          : '';
      out.push(
        problem(
          'permission-duplicate',
          [i],
          `This target already has an entry (entry ${first + 1})${conflict}; the service keeps only one.`,
          ApiErrors.invalid('Duplicate permission overwrite', 'APPLICATION_COMMAND_PERMISSIONS_DUPLICATE'),
        ),
      );
    } else seen.set(key, i);
  });
  return out;
}
