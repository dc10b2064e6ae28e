/**
 * POST /channels/{id}/messages/bulk-delete (API reference, Message resource
 * "Bulk Delete Messages"): 2 to 100 ids, none repeated, none older than two
 * weeks. Ids that name no message still count toward the bounds. Pure.
 */
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isObject } from '../rules/values.js';
import { isSnowflake, snowflakeTimestamp, type Snowflake } from '../snowflake.js';

export const BULK_DELETE = { min: 2, max: 100 } as const;
/** The oldest a bulk-deleted message may be. */
export const BULK_DELETE_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

/** The ids the body names, or what is wrong with it (the service's 50035). */
export type BulkDeleteBody = { ok: true; ids: Snowflake[] } | { ok: false; problems: Problem[] };

const refused = (p: Problem): BulkDeleteBody => ({ ok: false, problems: [p] });

export function parseBulkDeleteBody(body: unknown): BulkDeleteBody {
  const ids = isObject(body) ? body.messages : undefined;
  if (ids === undefined)
    return refused(problem('bulk-delete-messages', ['messages'], 'messages is required.', ApiErrors.required()));
  if (!Array.isArray(ids))
    return refused(problem('bulk-delete-messages', ['messages'], 'messages must be a list of ids.', ApiErrors.array()));
  if (ids.length < BULK_DELETE.min || ids.length > BULK_DELETE.max)
    return refused(
      problem(
        'bulk-delete-count',
        ['messages'],
        `Bulk delete takes ${BULK_DELETE.min} to ${BULK_DELETE.max} messages.`,
        ApiErrors.badLength(BULK_DELETE.min, BULK_DELETE.max),
      ),
    );
  const bad = ids.findIndex((id) => typeof id !== 'string' || !isSnowflake(id));
  if (bad >= 0)
    return refused(
      problem('bulk-delete-id', ['messages', bad], 'Each entry is a message id.', ApiErrors.snowflake(ids[bad])),
    );
  const again = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (again >= 0)
    return refused(
      problem(
        'bulk-delete-duplicate',
        ['messages', again],
        'A message is named twice.',
        ApiErrors.invalid('Duplicate message ids.'),
      ),
    );
  return { ok: true, ids: ids as Snowflake[] };
}

/** Whether an id was made more than two weeks before `nowMs` (50034: the service judges the ids, not the messages). */
export function tooOldToBulkDelete(id: Snowflake, nowMs: number): boolean {
  return nowMs - snowflakeTimestamp(id).getTime() > BULK_DELETE_MAX_AGE_MS;
}
