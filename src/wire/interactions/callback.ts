import { MessageFlag } from '../enums.js';
import { InteractionType } from './payload.js';
import type { Obj } from '../rules/values.js';

/**
 * Interaction callbacks (facts §9.2): which types exist, which fit which
 * interaction, and the errors of answering. Pure.
 */
export const CallbackType = {
  PONG: 1,
  CHANNEL_MESSAGE_WITH_SOURCE: 4,
  DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: 5,
  DEFERRED_UPDATE_MESSAGE: 6,
  UPDATE_MESSAGE: 7,
  APPLICATION_COMMAND_AUTOCOMPLETE_RESULT: 8,
  MODAL: 9,
  PREMIUM_REQUIRED: 10,
  LAUNCH_ACTIVITY: 12,
} as const;

/** The first answer must come within 3 s; the token then serves follow-ups for 15 min. */
export const FIRST_ANSWER_MS = 3_000;

/** An answer that is all the member gets unless the bot does more: a message, an update, choices, a modal (not a deferral, which promises an edit). */
export function isFinalAnswer(callbackType: number): boolean {
  return (
    callbackType === CallbackType.CHANNEL_MESSAGE_WITH_SOURCE ||
    callbackType === CallbackType.UPDATE_MESSAGE ||
    callbackType === CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT ||
    callbackType === CallbackType.MODAL
  );
}

export const TOKEN_LIFETIME_MS = 15 * 60_000;
export const MAX_AUTOCOMPLETE_CHOICES = 25;
/** How long invoke may collect follow-ups and edits after the first answer: no longer than the token lives. */
export const MAX_WAIT_SECONDS = TOKEN_LIFETIME_MS / 1000;
export const WAIT_SECONDS_RANGE = `from 0 to ${MAX_WAIT_SECONDS}`;

/** A wait invoke accepts: a number of seconds from 0 to `MAX_WAIT_SECONDS` (not NaN, not infinite). */
export function isWaitSeconds(value: unknown): value is number {
  return typeof value === 'number' && value >= 0 && value <= MAX_WAIT_SECONDS;
}
/** EPHEMERAL: allowed on interaction answers and follow-ups, not on plain webhook executes. */
export const EPHEMERAL = MessageFlag.EPHEMERAL;

export const InteractionErrors = {
  unknown: { status: 404, code: 10062, message: 'Unknown interaction' },
  acknowledged: { status: 400, code: 40060, message: 'Interaction has already been acknowledged' },
} as const;

/**
 * The callback types each interaction type may be answered with (facts
 * §2.2): 6 and 7 only for components, and for a modal submit only when the
 * modal was opened from a component; never a modal (9) to a modal submit.
 */
export function allowedCallbacks(interactionType: number, modalFromMessage = false): number[] {
  const {
    CHANNEL_MESSAGE_WITH_SOURCE: MSG,
    DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: DEFER,
    DEFERRED_UPDATE_MESSAGE,
    UPDATE_MESSAGE,
    MODAL,
    PREMIUM_REQUIRED,
    LAUNCH_ACTIVITY,
  } = CallbackType;
  switch (interactionType) {
    case InteractionType.PING:
      return [CallbackType.PONG];
    case InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE:
      return [CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT];
    case InteractionType.APPLICATION_COMMAND:
      return [MSG, DEFER, MODAL, PREMIUM_REQUIRED, LAUNCH_ACTIVITY];
    case InteractionType.MESSAGE_COMPONENT:
      return [MSG, DEFER, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, MODAL, PREMIUM_REQUIRED, LAUNCH_ACTIVITY];
    case InteractionType.MODAL_SUBMIT:
      return modalFromMessage
        ? [MSG, DEFER, DEFERRED_UPDATE_MESSAGE, UPDATE_MESSAGE, PREMIUM_REQUIRED, LAUNCH_ACTIVITY]
        : [MSG, DEFER, PREMIUM_REQUIRED, LAUNCH_ACTIVITY];
    default:
      return [];
  }
}

export function callbackFits(interactionType: number, callbackType: number, modalFromMessage = false): boolean {
  return allowedCallbacks(interactionType, modalFromMessage).includes(callbackType);
}

/** The service's refusal of a callback type this interaction does not take: 50035 with BASE_TYPE_CHOICES at `type`, the choices in braces (facts §2.2). */
export function callbackTypeChoicesError(allowed: readonly number[]) {
  return {
    status: 400,
    code: 50035,
    message: 'Invalid Form Body',
    errors: {
      type: { _errors: [{ code: 'BASE_TYPE_CHOICES', message: `Value must be one of {${allowed.join(', ')}}.` }] },
    },
  } as const;
}

/** A problem with a callback's `data` other than the message rules (checked with the webhook message rules). */
export function callbackDataProblem(callbackType: number, data: unknown): string | undefined {
  const d = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Obj) : undefined;
  if (callbackType === CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT) {
    const choices = d?.choices;
    if (!Array.isArray(choices)) return 'data.choices: a list of choices is required';
    if (choices.length > MAX_AUTOCOMPLETE_CHOICES) return `data.choices: at most ${MAX_AUTOCOMPLETE_CHOICES} choices`;
    const bad = choices.findIndex(
      (c) =>
        typeof c !== 'object' || c === null || typeof (c as { name?: unknown }).name !== 'string' || !('value' in c),
    );
    if (bad >= 0) return `data.choices[${bad}]: a choice needs a name and a value`;
  }
  if (callbackType === CallbackType.MODAL) {
    if (typeof d?.custom_id !== 'string' || typeof d.title !== 'string' || !Array.isArray(d.components))
      return 'data: a modal needs custom_id, title and components';
  }
  return undefined;
}
