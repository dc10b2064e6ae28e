/**
 * Which callback types answer which interaction type (facts
 * components-messages-gateway §2.2), and the service's refusal of any other:
 * 400 / 50035 with BASE_TYPE_CHOICES at `type`, the allowed set in braces.
 */
import { callbackTypeChoices } from '../components/errors.js';
import { problem, type Problem } from '../problem.js';
import { CallbackType as T } from './callback.js';
import { InteractionType } from './payload.js';

/** §2.2, by interaction type. 6 and 7 after a modal submit hold only when the modal came from a component: the caller judges that. */
export const ALLOWED_CALLBACKS: Readonly<Record<number, readonly number[]>> = {
  [InteractionType.PING]: [T.PONG],
  [InteractionType.APPLICATION_COMMAND]: [T.CHANNEL_MESSAGE_WITH_SOURCE, T.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE, T.MODAL, T.PREMIUM_REQUIRED, T.LAUNCH_ACTIVITY],
  [InteractionType.MESSAGE_COMPONENT]: [
    T.CHANNEL_MESSAGE_WITH_SOURCE,
    T.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    T.DEFERRED_UPDATE_MESSAGE,
    T.UPDATE_MESSAGE,
    T.MODAL,
    T.PREMIUM_REQUIRED,
    T.LAUNCH_ACTIVITY,
  ],
  [InteractionType.APPLICATION_COMMAND_AUTOCOMPLETE]: [T.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT],
  // Observed word for word: "Value must be one of {4, 5, 6, 7, 10, 12}." (no 9: a modal cannot answer a modal).
  [InteractionType.MODAL_SUBMIT]: [
    T.CHANNEL_MESSAGE_WITH_SOURCE,
    T.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE,
    T.DEFERRED_UPDATE_MESSAGE,
    T.UPDATE_MESSAGE,
    T.PREMIUM_REQUIRED,
    T.LAUNCH_ACTIVITY,
  ],
};

/** The refusal of callback `callbackType` for an interaction of `interactionType`, or undefined when it fits. */
export function callbackTypeProblem(interactionType: number, callbackType: unknown): Problem | undefined {
  const allowed = ALLOWED_CALLBACKS[interactionType] ?? [];
  if (typeof callbackType === 'number' && allowed.includes(callbackType)) return undefined;
  return problem('callback-type', ['type'], `Callback type ${String(callbackType)} cannot answer this interaction; allowed: ${allowed.join(', ')}.`, callbackTypeChoices(allowed));
}
