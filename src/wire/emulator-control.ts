/**
 * The one thing cmdsync's client and its emulator agree on beyond the
 * service's interface: how `plan` learns that the remote is an emulator, and
 * the read-only control answer it then reads (the emulator's own limits and
 * today's create counts), so a plan refuses what that emulator would refuse.
 * The real service never sends the header, so against it nothing changes.
 */
import type { Limits } from './limits.js';
import type { Snowflake } from './snowflake.js';

/** Sent by the emulator on GET /applications/@me: the path of its control endpoint on the same origin. */
export const EMULATOR_MARKER_HEADER = 'x-cmdsync-emulator';
/** Read-only and token-free (nothing in it is secret), under the control prefix. */
export const EMULATOR_LIMITS_PATH = '/limits';

export interface EmulatorLimitsAnswer {
  /** The UTC day the counts are for (`YYYY-MM-DD`). */
  day: string;
  limits: Limits;
  /** Today's command creates per application and scope (`global`, `guild:<id>`). */
  creates: Array<{ application_id: Snowflake; scope: string; used: number }>;
}
