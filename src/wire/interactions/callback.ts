import { MessageFlag } from '../enums.js';
import { InteractionType } from './payload.js';

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

/** Types a command invocation or an autocomplete may be answered with; others are refused as the service refuses them. */
export function callbackFits(interactionType: number, callbackType: number): boolean {
  if (interactionType === InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE) return callbackType === CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT;
  if (interactionType === InteractionType.APPLICATION_COMMAND) {
    return (
      [
        CallbackType.CHANNEL_MESSAGE_WITH_SOURCE,
        CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
        CallbackType.MODAL,
        CallbackType.PREMIUM_REQUIRED,
        CallbackType.LAUNCH_ACTIVITY,
      ] as number[]
    ).includes(callbackType);
  }
  if (interactionType === InteractionType.MESSAGE_COMPONENT || interactionType === InteractionType.MODAL_SUBMIT) {
    return (
      [CallbackType.CHANNEL_MESSAGE_WITH_SOURCE, CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, CallbackType.DEFERRED_UPDATE_MESSAGE, CallbackType.UPDATE_MESSAGE] as number[]
    ).includes(callbackType);
  }
  return false;
}

/** A problem with a callback's `data` other than the message rules (checked with the webhook message rules). */
export function callbackDataProblem(callbackType: number, data: unknown): string | undefined {
  const d = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  if (callbackType === CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT) {
    const choices = d?.choices;
    if (!Array.isArray(choices)) return 'data.choices: a list of choices is required';
    if (choices.length > MAX_AUTOCOMPLETE_CHOICES) return `data.choices: at most ${MAX_AUTOCOMPLETE_CHOICES} choices`;
    const bad = choices.findIndex((c) => typeof c !== 'object' || c === null || typeof (c as { name?: unknown }).name !== 'string' || !('value' in c));
    if (bad >= 0) return `data.choices[${bad}]: a choice needs a name and a value`;
  }
  if (callbackType === CallbackType.MODAL) {
    if (typeof d?.custom_id !== 'string' || typeof d.title !== 'string' || !Array.isArray(d.components)) return 'data: a modal needs custom_id, title and components';
  }
  return undefined;
}
