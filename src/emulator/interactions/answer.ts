/**
 * Answering an interaction (facts §9.2): the callback, then the original
 * response and follow-ups through the application's webhook. Messages are
 * checked and built with the webhook message rules of part B, plus what only
 * interactions may do (EPHEMERAL; a poll on the deferred original).
 */
import { botUserObject } from '../../wire/bot-user.js';
import type { Limits } from '../../wire/limits.js';
import { callbackDataProblem, CallbackType, EPHEMERAL, InteractionErrors } from '../../wire/interactions/callback.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { callbackResponse, deprecatedInteraction } from './callback-shapes.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { checkModalData } from '../../wire/components/modal.js';
import { ApiErrors, prefixPath } from '../../wire/problem.js';
import { MessageErrors, validateEditMessageBody, validateExecuteBody } from '../../wire/webhook.js';
import { apiError, type EmulatorResponse } from '../http/http-types.js';
import type { MultipartFile } from '../http/multipart.js';
import { findChannel, problemsResponse } from '../state/webhook-access.js';
import { applyEdit, buildExecutedMessage } from '../models/webhook-message.js';
import type { StoredMessage, StoredWebhook, World } from '../state/world.js';
import type { InteractionRegistry, LiveInteraction } from './registry.js';
import type { EventBus, MessageNote } from '../gateway/events.js';
import { announceMessage } from '../models/message-events.js';
import { own } from '../state/own.js';
import { CommandType, MessageFlag, MessageType, WebhookType } from '../../wire/enums.js';
import { applyComponentCallback, callbackTypeRefusal, shapeComponentReply } from './component-answer.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

export interface AnswerEnv {
  world: World;
  nextId(): Snowflake;
  now(): number;
  limits: Limits;
  /** Where the answer's messages are noted for observers (the web view). */
  events?: EventBus;
}

/** Tells the bots in the guild and observers an answer's message appeared, changed or went: the channel shows it, and only the invoker an ephemeral one. */
function noteAnswer(
  env: { events?: EventBus | undefined; world: World },
  stored: StoredMessage,
  action: MessageNote['action'],
  files: readonly MultipartFile[] = [],
): void {
  if (env.events) announceMessage(env.events, env.world, stored, action, { files });
}

const badForm = (message: string) =>
  apiError(ErrorAnswers.invalidFormBody, { _errors: [ApiErrors.callbackInvalid(message)] });

/** The application's webhook: the author of interaction messages. */
function appWebhook(env: AnswerEnv, live: LiveInteraction): StoredWebhook {
  const app = env.world.applications[live.applicationId];
  return {
    id: live.applicationId,
    type: WebhookType.APPLICATION,
    guild_id: live.guildId ?? null,
    channel_id: live.channelId,
    name: app?.name ?? 'app',
    avatar: null,
    application_id: live.applicationId,
    creatorId: app?.botUserId ?? live.applicationId,
  };
}

function channelType(env: AnswerEnv, channelId: string): number {
  return findChannel(env.world, channelId)?.channel.type ?? 1;
}

/**
 * A new interaction message, or the refusal of its body. `original`: the
 * callback's message (type 20/23, interaction_metadata), whose body is the
 * callback's `data`: its errors are reported under `data.`.
 */
function newMessage(
  env: AnswerEnv,
  live: LiveInteraction,
  body: unknown,
  files: readonly MultipartFile[],
  original: boolean,
): StoredMessage | EmulatorResponse {
  const b: Obj = isObject(body) ? body : {};
  const problems = validateExecuteBody(b, {
    limits: env.limits,
    channelType: channelType(env, live.channelId),
    threadId: null,
    hasFiles: files.length > 0,
    withComponents: true,
    applicationOwned: true,
  });
  const refused = problemsResponse(original ? prefixPath(['data'], problems) : problems);
  if (refused) return refused;
  const webhook = appWebhook(env, live);
  const app = env.world.applications[live.applicationId];
  const stored = buildExecutedMessage({
    id: env.nextId(),
    body: b,
    files,
    webhook,
    guild: findChannel(env.world, live.channelId)?.guild,
    channelId: live.channelId,
    componentsRespected: true,
    nowMs: env.now(),
    nextId: () => env.nextId(),
  });
  const m = stored.message;
  // Interactions may answer ephemerally; the execute rules drop the bit, so it is put back here.
  if (typeof b.flags === 'number' && b.flags & EPHEMERAL) m.flags = (m.flags as number) | EPHEMERAL;
  m.author = botUserObject({ id: app?.botUserId ?? live.applicationId, username: app?.name ?? 'app' });
  m.interaction_metadata = {
    id: live.id,
    type: live.type,
    user: (live.payload.member as Obj | undefined)?.user ?? live.payload.user,
    authorizing_integration_owners: live.payload.authorizing_integration_owners,
    ...(original ? {} : { original_response_message_id: live.original?.id }),
  };
  if (original)
    m.type =
      live.commandType === CommandType.CHAT_INPUT ? MessageType.CHAT_INPUT_COMMAND : MessageType.CONTEXT_MENU_COMMAND;
  // The deprecated `interaction` object, still sent on replies to commands (facts §6.4): discord.py 2.2 finds a reply's view by it.
  if (!live.component) m.interaction = deprecatedInteraction(live);
  stored.sender = 'interaction';
  shapeComponentReply(live, m, original);
  // The client heads a command's answer, and a form's a command opened, "used /command"; a component's answer is a reply instead.
  const command = live.component ? live.component.openedBy : live.commandName;
  stored.interaction = {
    id: live.id,
    name: live.commandName,
    userId: live.userId,
    applicationId: live.applicationId,
    command,
  };
  return stored;
}

/** An answer is a message of its channel like any other: kept in the world, so it is persisted and a message command can target it. */
function keep(env: AnswerEnv, stored: StoredMessage): void {
  env.world.messages[stored.id] = stored;
}

/**
 * The world's copy of an answer about to change, read through the request's
 * view so the change is journalled; undefined when it is gone from the world
 * (dropped by the message cap).
 */
function held(world: World, stored: StoredMessage): StoredMessage | undefined {
  const inWorld = own(world.messages, stored.id);
  return inWorld === stored ? inWorld : undefined;
}

/**
 * The first (and only) callback. Refused with 40060 when already answered,
 * and 10062 when the 3 s for a first answer have passed.
 */
export function applyCallback(
  reg: InteractionRegistry,
  env: AnswerEnv,
  live: LiveInteraction,
  body: unknown,
  files: readonly MultipartFile[],
  withResponse: boolean,
): EmulatorResponse {
  if (live.answeredWith !== undefined) return apiError(InteractionErrors.acknowledged);
  if (reg.firstAnswerLate(live)) return apiError(InteractionErrors.unknown);
  const b = isObject(body) ? body : {};
  // A modal is judged by the component rules (wire/components/modal.ts), its errors under `data.`.
  const modal =
    b.type === CallbackType.MODAL ? problemsResponse(prefixPath(['data'], checkModalData(b.data))) : undefined;
  if (modal) return modal;
  const type = b.type;
  if (typeof type !== 'number' || !Object.values(CallbackType).includes(type as never) || type === CallbackType.PONG)
    return badForm(`type: ${JSON.stringify(type)} is not an interaction callback type for this interaction`);
  const typeRefused = callbackTypeRefusal(live, type);
  if (typeRefused) return typeRefused;
  const problem = callbackDataProblem(type, b.data);
  if (problem) return badForm(problem);
  if (type === CallbackType.CHANNEL_MESSAGE_WITH_SOURCE) {
    const msg = newMessage(env, live, b.data, files, true);
    if ('status' in msg) return msg;
    live.original = msg;
    keep(env, msg);
    noteAnswer(env, msg, 'create', files);
  } else if (type === CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE) {
    // "App is thinking…": an empty loading message the app edits later.
    const flags = isObject(b.data) && typeof b.data.flags === 'number' ? b.data.flags & EPHEMERAL : 0;
    const msg = newMessage(env, live, { content: '\u200b' }, [], true);
    if ('status' in msg) return msg;
    msg.message.content = '';
    msg.message.flags = MessageFlag.LOADING | flags;
    live.original = msg;
    keep(env, msg);
    noteAnswer(env, msg, 'create');
  } else {
    const refused = applyComponentCallback(reg, env, live, type, b.data, files, rewriteMessage);
    if (refused) return refused;
  }
  live.answeredWith = type;
  live.callbackData = b.data;
  reg.record(live, 'callback', b);
  return callbackResponse(live, withResponse);
}

const unknownMessage = () => apiError(ErrorAnswers.unknownMessage);

function needsAnswer(live: LiveInteraction): EmulatorResponse | undefined {
  // Follow-ups and @original need an acknowledged interaction (the service answers 10015 otherwise).
  return live.answeredWith === undefined ? apiError(ErrorAnswers.unknownWebhook) : undefined;
}

export function postFollowup(
  reg: InteractionRegistry,
  env: AnswerEnv,
  live: LiveInteraction,
  body: unknown,
  files: readonly MultipartFile[],
): EmulatorResponse {
  const early = needsAnswer(live);
  if (early) return early;
  const loading = live.original && held(env.world, live.original);
  if (loading && ((loading.message.flags as number) & MessageFlag.LOADING) !== 0) {
    // The first follow-up after a deferred message replaces the "thinking…" message (facts §9, [OBS]): it is
    // that message's edit, keeping the deferral's ephemeral flag whatever the follow-up asks.
    const b: Obj = isObject(body) ? { ...body } : {};
    if (typeof b.flags === 'number') b.flags &= ~EPHEMERAL;
    const edited = rewriteMessage(env, loading, b, files);
    if (edited.status === 200) reg.record(live, 'edit-original', body);
    return edited;
  }
  const msg = newMessage(env, live, body, files, false);
  if ('status' in msg) return msg;
  live.followups.push(msg);
  keep(env, msg);
  noteAnswer(env, msg, 'create', files);
  reg.record(live, 'followup', body);
  return { status: 200, body: msg.message };
}

function findMessage(live: LiveInteraction, messageId: string): StoredMessage | undefined {
  if (messageId === '@original') return live.original;
  return (
    live.followups.find((m) => m.id === messageId) ?? (live.original?.id === messageId ? live.original : undefined)
  );
}

export function getMessage(live: LiveInteraction, messageId: string): EmulatorResponse {
  const m = findMessage(live, messageId);
  return m ? { status: 200, body: m.message } : unknownMessage();
}

export function editMessage(
  reg: InteractionRegistry,
  env: AnswerEnv,
  live: LiveInteraction,
  messageId: string,
  body: unknown,
  files: readonly MultipartFile[],
): EmulatorResponse {
  const early = needsAnswer(live);
  if (early) return early;
  const found = findMessage(live, messageId);
  const stored = found && held(env.world, found);
  if (!stored) return unknownMessage();
  const edited = rewriteMessage(env, stored, body, files);
  if (edited.status === 200) reg.record(live, stored === live.original ? 'edit-original' : 'edit-followup', body);
  return edited;
}

/** Edits an interaction's message (an answer, or the message a component is on) with the webhook edit rules, and tells observers. */
export function rewriteMessage(
  env: AnswerEnv,
  stored: StoredMessage,
  body: unknown,
  files: readonly MultipartFile[],
): EmulatorResponse {
  const m = stored.message;
  const loading = ((m.flags as number) & MessageFlag.LOADING) !== 0;
  const b: Obj = isObject(body) ? body : {};
  const problems = validateEditMessageBody(b, {
    limits: env.limits,
    previous: {
      content: (m.content as string) ?? '',
      embeds: (m.embeds as unknown[]) ?? [],
      attachments: (m.attachments as unknown[]) ?? [],
      components: (m.components as unknown[]) ?? [],
      poll: m.poll ?? null,
      flags: (m.flags as number) & ~(EPHEMERAL | MessageFlag.LOADING),
    },
    hasFiles: files.length > 0,
    withComponents: true,
    applicationOwned: true,
  });
  // A poll may be added only by editing the deferred original (spec part B, note 4).
  const pollRefused =
    b.poll !== undefined && b.poll !== null && !loading
      ? apiError(ErrorAnswers.invalidFormBody, {
          poll: { _errors: [MessageErrors.pollEdit] },
        })
      : undefined;
  const refused = pollRefused ?? problemsResponse(problems.filter((p) => !(loading && p.path[0] === 'poll')));
  if (refused) return refused;
  const keep = (m.flags as number) & EPHEMERAL;
  applyEdit({
    stored,
    body: b,
    files,
    guild: findChannel(env.world, stored.channel_id)?.guild,
    componentsRespected: true,
    nowMs: env.now(),
    nextId: () => env.nextId(),
  });
  if (loading) {
    // The deferred message becomes the answer: no longer loading, not "edited".
    m.flags = ((m.flags as number) & ~MessageFlag.LOADING) | keep;
    m.edited_timestamp = null;
    if (isObject(b.poll)) m.poll = b.poll;
  } else m.flags = (m.flags as number) | keep;
  noteAnswer(env, stored, 'update', files);
  return { status: 200, body: m };
}

export function deleteMessage(
  reg: InteractionRegistry,
  live: LiveInteraction,
  messageId: string,
  events: EventBus | undefined,
  world: World,
): EmulatorResponse {
  const early = needsAnswer(live);
  if (early) return early;
  const found = findMessage(live, messageId);
  const stored = found && held(world, found);
  if (!stored) return unknownMessage();
  delete world.messages[stored.id];
  noteAnswer({ events, world }, stored, 'delete');
  if (stored === live.original) {
    live.original = undefined;
    live.deletedOriginal = stored;
    reg.record(live, 'delete-original', null);
  } else {
    live.followups = live.followups.filter((f) => f !== stored);
    reg.record(live, 'delete-followup', { id: stored.id });
  }
  return { status: 204 };
}
