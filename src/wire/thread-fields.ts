/**
 * The rules of thread bodies (start, edit), written once: the auto-archive
 * durations, the thread types a create names, a forum post's tags, what a
 * message does in an archived thread, and who sees a private thread. Pure;
 * the emulator's thread routes use them. Field limits shared with channels
 * are in ./channel-fields.ts.
 */
import {
  booleanProblem,
  ChannelBits,
  CHANNEL_FIELD_LIMITS,
  holdsAll,
  intProblem,
  stringProblem,
} from './channel-fields.js';
import { ChannelType } from './enums.js';
import { ApiErrors, problem, type Problem } from './problem.js';
import { isObject } from './rules/values.js';

/** The minutes after which a thread without activity is archived: the only values the service takes. */
export const AUTO_ARCHIVE_MINUTES = [60, 1440, 4320, 10080] as const;
export const DEFAULT_AUTO_ARCHIVE_MINUTES = 1440;

/** A channel's `default_auto_archive_duration` (what a new thread that names none gets): one of the same minutes. */
export function defaultAutoArchiveProblems(body: unknown): Problem[] {
  if (!isObject(body)) return [];
  const minutes = body.default_auto_archive_duration;
  if (minutes === undefined || minutes === null || (AUTO_ARCHIVE_MINUTES as readonly unknown[]).includes(minutes))
    return [];
  return [
    problem(
      'channel-default-auto-archive',
      ['default_auto_archive_duration'],
      `default_auto_archive_duration is one of ${AUTO_ARCHIVE_MINUTES.join(', ')} minutes.`,
      ApiErrors.choices(AUTO_ARCHIVE_MINUTES),
    ),
  ];
}

/** When a thread last active at `lastActiveMs` is archived for inactivity (its duration in minutes after). */
export const idleArchiveAtMs = (lastActiveMs: number, minutes: number): number => lastActiveMs + minutes * 60_000;

/** The thread types a create may name. */
const THREAD_TYPES = [ChannelType.ANNOUNCEMENT_THREAD, ChannelType.PUBLIC_THREAD, ChannelType.PRIVATE_THREAD];

/** The fields of a thread's edit (PATCH /channels/{thread}) or create, checked. */
export function validateThreadBody(body: unknown, opts: { create: boolean }): Problem[] {
  if (!isObject(body)) return [problem('thread-body', [], 'The body is a JSON object.', ApiErrors.object())];
  const L = CHANNEL_FIELD_LIMITS;
  const out = [
    ...stringProblem(body, 'name', L.nameMin, L.nameMax, opts.create),
    ...intProblem(body, 'rate_limit_per_user', 0, L.slowmodeMaxSeconds),
    ...booleanProblem(body, 'archived'),
    ...booleanProblem(body, 'locked'),
    ...booleanProblem(body, 'invitable'),
  ];
  if (opts.create && body.type !== undefined && body.type !== null && !THREAD_TYPES.includes(body.type as never))
    out.push(problem('thread-type', ['type'], 'A thread is of type 10, 11 or 12.', ApiErrors.choices(THREAD_TYPES)));
  const minutes = body.auto_archive_duration;
  if (minutes !== undefined && minutes !== null && !(AUTO_ARCHIVE_MINUTES as readonly unknown[]).includes(minutes))
    out.push(
      problem(
        'thread-auto-archive',
        ['auto_archive_duration'],
        `auto_archive_duration is one of ${AUTO_ARCHIVE_MINUTES.join(', ')} minutes.`,
        ApiErrors.choices(AUTO_ARCHIVE_MINUTES),
      ),
    );
  return out;
}

/**
 * `applied_tags` of a forum post: ids of the channel's tags, at most `max` (the limits' `applied_tags_max`,
 * the same cap a webhook's new post is held to: a thread carries fewer tags than its channel offers); the
 * problems, or the ids.
 */
export type AppliedTags = { ok: true; ids: string[] } | { ok: false; problems: Problem[] };

export function parseAppliedTags(value: unknown, available: readonly string[], max: number): AppliedTags {
  const refused = (problems: Problem[]): AppliedTags => ({ ok: false, problems });
  if (value === undefined || value === null) return { ok: true, ids: [] };
  if (!Array.isArray(value))
    return refused([
      problem('thread-applied-tags', ['applied_tags'], 'applied_tags is a list of tag ids.', ApiErrors.array()),
    ]);
  if (value.length > max)
    return refused([
      problem('thread-applied-tags', ['applied_tags'], `At most ${max} tags.`, ApiErrors.maxLength(max)),
    ]);
  const out: Problem[] = [];
  value.forEach((id, i) => {
    if (typeof id !== 'string' || !available.includes(id))
      out.push(
        problem(
          'thread-applied-tags',
          ['applied_tags', i],
          `Tag ${String(id)} is not one of the channel's tags.`,
          ApiErrors.invalid('Tag does not exist in this channel.', 'APPLIED_TAG_UNKNOWN'),
        ),
      );
  });
  return out.length > 0 ? refused(out) : { ok: true, ids: [...new Set(value as string[])] };
}

/** What a message sent in a thread does: goes in, unarchives it first (anyone who may send there), or is refused (locked and archived: MANAGE_THREADS only; 50083). */
export type ThreadSend = 'send' | 'unarchive' | 'refuse';

export function threadSendOutcome(perms: bigint, thread: { archived: boolean; locked: boolean }): ThreadSend {
  if (!thread.archived) return 'send';
  if (thread.locked && !holdsAll(perms, ChannelBits.MANAGE_THREADS)) return 'refuse';
  return 'unarchive';
}

/** Private threads are seen by their members and by holders of MANAGE_THREADS: the bits without VIEW_CHANNEL for anyone else. */
export function privateThreadView(perms: bigint, isMember: boolean): bigint {
  return isMember || holdsAll(perms, ChannelBits.MANAGE_THREADS) ? perms : perms & ~ChannelBits.VIEW_CHANNEL;
}
