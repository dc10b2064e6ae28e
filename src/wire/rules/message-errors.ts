import { ComponentErrors } from '../components/errors.js';
import type { ApiError } from '../problem.js';

/** The service's literal messages for answers that are not 50035 trees (facts §13). */
export const MessageErrors = {
  empty: { code: 'MESSAGE_EMPTY', message: 'Cannot send an empty message' },
  forumNeedsThread: {
    code: 'FORUM_THREAD_REQUIRED',
    message: 'Webhooks posted to forum channels must have a thread_name or thread_id',
  },
  forumBothThread: {
    code: 'FORUM_THREAD_BOTH',
    message: 'Webhooks posted to forum channels cannot have both a thread_name and thread_id',
  },
  threadsOnlyInForum: {
    code: 'THREAD_NAME_OUTSIDE_FORUM',
    message: 'Webhooks can only create threads in forum channels',
  },
  legacyWithV2: (field: string): ApiError => ({
    code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    message: `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
  }),
  // The three below are not in the facts; wording and codes are ours (docs/emulator-webhooks.md).
  removeV2: {
    code: 'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
    message: 'The IS_COMPONENTS_V2 flag cannot be removed once set',
  },
  interactiveComponents: ComponentErrors.interactiveNotAllowed,
  pollEdit: {
    code: 'POLL_EDIT_NOT_ALLOWED',
    message: 'Polls can only be added when editing a deferred interaction response',
  },
  mentionsExclusive: (kind: 'users' | 'roles'): ApiError => ({
    code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
    message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
  }),
} as const;

export const JsonCodes = {
  empty: 50006,
  forumNeedsThread: 220001,
  forumBothThread: 220002,
  threadsOnlyInForum: 220003,
} as const;
