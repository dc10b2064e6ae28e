/**
 * The callbacks only components and modals take (facts §2.2, §2.3, §3.1):
 * 6 (the component's message is the one `@original` edits), 7 (the message
 * updated in place) and 9 (the member now has the modal open); the refusal
 * of a type the interaction does not take; and how a reply to a component
 * points at the message it came from. answer.ts calls these.
 */
import { allowedCallbacks, CallbackType, callbackTypeChoicesError } from '../../wire/interactions/callback.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import { MessageReferenceType, MessageType } from '../../wire/enums.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { apiError, type EmulatorResponse } from '../http/http-types.js';
import type { MultipartFile } from '../http/multipart.js';
import { own } from '../state/own.js';
import type { StoredMessage, World } from '../state/world.js';
import type { InteractionRegistry, LiveInteraction } from './registry.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

/** What these callbacks read of answer.ts's environment (the request's world view, the clock). */
export interface CallbackEnv {
  world: World;
  now(): number;
}

/** How answer.ts edits an interaction's message (passed in: answer.ts calls this module). */
export type Rewrite<E extends CallbackEnv> = (
  env: E,
  stored: StoredMessage,
  body: unknown,
  files: readonly MultipartFile[],
) => EmulatorResponse;

/** The service's refusal of a callback type this interaction does not take (a modal to a modal submit, 6/7 to a command). */
export function callbackTypeRefusal(live: LiveInteraction, type: number): EmulatorResponse | undefined {
  const allowed = allowedCallbacks(live.type, live.component?.messageId !== undefined);
  if (allowed.includes(type)) return undefined;
  const e = callbackTypeChoicesError(allowed);
  return apiError(e, e.errors);
}

/** The world's copy of the message the component is on (read through the request's view, so a change is journalled). */
function componentMessage(env: CallbackEnv, live: LiveInteraction): StoredMessage | undefined {
  const id = live.component?.messageId;
  return id === undefined ? undefined : own(env.world.messages, id);
}

/**
 * What 6, 7 and 9 do, once the callback is accepted; a refusal (7's body
 * breaking the edit rules, the message gone) or undefined. Other types are
 * answer.ts's.
 */
export function applyComponentCallback<E extends CallbackEnv>(
  reg: InteractionRegistry,
  env: E,
  live: LiveInteraction,
  type: number,
  data: unknown,
  files: readonly MultipartFile[],
  rewrite: Rewrite<E>,
): EmulatorResponse | undefined {
  if (type === CallbackType.MODAL) {
    const messageId = live.type === InteractionType.MESSAGE_COMPONENT ? live.component?.messageId : undefined;
    reg.modals.remember({
      applicationId: live.applicationId,
      userId: live.userId,
      modal: structuredClone(data as Obj),
      opener: live.payload,
      ...(messageId ? { messageId } : {}),
      openedAt: env.now(),
    });
    return undefined;
  }
  if (type !== CallbackType.DEFERRED_UPDATE_MESSAGE && type !== CallbackType.UPDATE_MESSAGE) return undefined;
  const stored = componentMessage(env, live);
  if (!stored) return apiError(ErrorAnswers.unknownMessage);
  // The component's message is the interaction's original response: a later PATCH @original edits it.
  live.original = stored;
  if (type === CallbackType.UPDATE_MESSAGE && isObject(data)) {
    const edited = rewrite(env, stored, data, files);
    if (edited.status !== 200) {
      live.original = undefined;
      return edited;
    }
  }
  return undefined;
}

/**
 * A message answering a component or a modal submit: its
 * interaction_metadata of the component or modal form (facts §6.4); the
 * first answer is a reply to the component's message (message_reference,
 * facts §2.3).
 */
export function shapeComponentReply(live: LiveInteraction, m: Obj, original: boolean): void {
  if (!live.component) return;
  const { messageId, metadata } = live.component;
  m.interaction_metadata = { ...(m.interaction_metadata as Obj), ...metadata };
  if (!original) return;
  if (messageId === undefined) {
    m.type = MessageType.DEFAULT;
    return;
  }
  m.type = MessageType.REPLY;
  m.message_reference = {
    type: MessageReferenceType.DEFAULT,
    message_id: messageId,
    channel_id: live.channelId,
    ...(live.guildId ? { guild_id: live.guildId } : {}),
  };
}
