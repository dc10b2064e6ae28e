/**
 * A bot's messages in a channel (components-messages-gateway facts §5.2,
 * §5.3): POST/GET/PATCH/DELETE /channels/{id}/messages[/{id}], with the
 * permission checks the service makes and its error codes. Messages are the
 * one stored model every sender shares (models/message.ts), and every change
 * is dispatched and noted (models/message-events.ts).
 */
import { isThreadType } from '../../wire/channels.js';
import { ErrorAnswers } from '../../wire/error-answers.js';
import { MessageFlag } from '../../wire/enums.js';
import {
  acceptsMessages,
  ChannelErrors,
  createRefusal,
  deleteRefusal,
  editedFlags,
  editsOnlyFlags,
  historyVisible,
  mayMentionEveryone,
  parseMessagePageQuery,
  P,
  readOneRefusal,
  selectPage,
  validateChannelEditBody,
  validateChannelMessageBody,
  viewRefusal,
} from '../../wire/messages/index.js';
import { ApiErrors, problem, type Problem } from '../../wire/problem.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import type { EmulatorRequest, EmulatorResponse, HandlerContext, Route } from '../http/http-types.js';
import type { MultipartFile } from '../http/multipart.js';
import { authorIdOf, editedFrom, buildBotMessage, restMessage } from '../models/message.js';
import { afterSay, sayGate, type SayGate } from '../models/channel-say.js';
import { announceMessage } from '../models/message-events.js';
import { applyEdit } from '../models/webhook-message.js';
import { own } from '../state/own.js';
import { limitsOf, problemsResponse } from '../state/webhook-access.js';
import type { StoredMessage } from '../state/world.js';
import { channelError, channelIdOf, messageChannelAccess, type MessageChannelAccess } from './channel-access.js';
import { dmSendRefusal } from '../models/dm.js';
import { ChannelType } from '../../wire/enums.js';

const isEphemeral = (m: StoredMessage) => (((m.message.flags as number) ?? 0) & MessageFlag.EPHEMERAL) !== 0;

/** A message of this channel that the channel shows (ephemeral answers are only their invoker's). */
export function channelMessage(
  ctx: HandlerContext,
  channelId: string,
  messageId: string | undefined,
): StoredMessage | undefined {
  const stored = own(ctx.world.messages, messageId);
  return stored && stored.channel_id === channelId && !isEphemeral(stored) ? stored : undefined;
}

/** Files: how many and how many bytes, as for webhook messages (413 past the upload size). */
function fileRefusal(files: readonly MultipartFile[], ctx: HandlerContext): EmulatorResponse | undefined {
  const limits = limitsOf(ctx);
  if (files.reduce((n, f) => n + f.data.length, 0) > limits.upload_bytes_max)
    return channelError(ErrorAnswers.tooLarge);
  if (files.length <= limits.files_per_message) return undefined;
  return problemsResponse([
    problem(
      'message-files-count',
      ['files'],
      `A message holds at most ${limits.files_per_message} files.`,
      ApiErrors.maxLength(limits.files_per_message),
    ),
  ]);
}

/** The message a reply names, or the 50035 when it is gone and the reply must not go out without it. */
function replyTarget(ctx: HandlerContext, channelId: string, b: Obj): StoredMessage | undefined | EmulatorResponse {
  const ref = b.message_reference;
  if (!isObject(ref)) return undefined;
  const target = channelMessage(ctx, channelId, String(ref.message_id));
  if (target || ref.fail_if_not_exists === false) return target;
  const p: Problem = problem(
    'message-reference-unknown',
    ['message_reference'],
    'The replied-to message does not exist.',
    ApiErrors.replyUnknownMessage(),
  );
  return problemsResponse([p]);
}

/** How long `enforce_nonce` remembers a nonce ("a few minutes", facts §5.2 [UNC]). */
const NONCE_WINDOW_MS = 5 * 60_000;

/** With `enforce_nonce`, the bot's message in this channel with the same nonce, sent within the window: the service returns it instead of a new one. */
function enforcedNonce(ctx: HandlerContext, at: MessageChannelAccess, b: Obj): StoredMessage | undefined {
  if (b.enforce_nonce !== true || (typeof b.nonce !== 'string' && typeof b.nonce !== 'number')) return undefined;
  const since = ctx.now() - NONCE_WINDOW_MS;
  return Object.values(ctx.world.messages).find(
    (m) =>
      m.channel_id === channelIdOf(at) &&
      m.authorId === at.app.botUserId &&
      m.message.nonce === b.nonce &&
      Date.parse(String(m.message.timestamp)) >= since,
  );
}

/** Whether a message may go out here now: a guild channel's slowmode and thread state, or a DM's recipient. */
function gateOf(ctx: HandlerContext, at: MessageChannelAccess): SayGate {
  if (!('dm' in at))
    return sayGate(ctx.world, at.channel, { userId: at.app.botUserId, perms: at.perms, bot: true }, ctx.now());
  const refused = dmSendRefusal(ctx.world, at.app, at.dm);
  return refused ? { ok: false, error: refused } : { ok: true, unarchive: false };
}

function create(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = messageChannelAccess(req, ctx);
  if ('status' in at) return at;
  const seen = viewRefusal(at.perms);
  if (seen) return channelError(seen);
  const type = 'dm' in at ? ChannelType.DM : at.channel.type;
  if (!acceptsMessages(type)) return channelError(ChannelErrors.notText);
  const b: Obj = isObject(req.body) ? req.body : {};
  const denied = createRefusal(at.perms, {
    thread: isThreadType(type),
    embeds: Array.isArray(b.embeds) && b.embeds.length > 0,
    files: req.files.length > 0,
    tts: b.tts === true,
    reply: isObject(b.message_reference),
  });
  if (denied) return channelError(denied);
  const gate = gateOf(ctx, at);
  if (!gate.ok) return channelError(gate.error);
  const refused =
    fileRefusal(req.files, ctx) ??
    problemsResponse(validateChannelMessageBody(req.body, { limits: limitsOf(ctx), hasFiles: req.files.length > 0 }));
  if (refused) return refused;
  // The world holds no stickers: any sticker named is unknown.
  if (Array.isArray(b.sticker_ids) && b.sticker_ids.length > 0) return channelError(ChannelErrors.unknownSticker);
  const again = enforcedNonce(ctx, at, b);
  if (again) return { status: 200, body: restMessage(ctx.world, again, at.app.botUserId) };
  const replyTo = replyTarget(ctx, channelIdOf(at), b);
  if (replyTo && 'status' in replyTo) return replyTo;
  const stored = buildBotMessage(
    {
      world: ctx.world,
      guild: at.guild,
      channelId: channelIdOf(at),
      body: b,
      files: req.files,
      nowMs: ctx.now(),
      nextId: () => ctx.nextId(),
      mayMentionEveryone: mayMentionEveryone(at.perms),
      replyTo,
    },
    at.app,
  );
  ctx.world.messages[stored.id] = stored;
  ctx.changed();
  if (!('dm' in at)) afterSay(ctx.events, ctx.world, at.guild, at.channel, gate, ctx.now());
  announceMessage(ctx.events, ctx.world, stored, 'create', { files: req.files });
  return { status: 200, body: restMessage(ctx.world, stored, at.app.botUserId) };
}

function list(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const at = messageChannelAccess(req, ctx);
  if ('status' in at) return at;
  const seen = viewRefusal(at.perms);
  if (seen) return channelError(seen);
  const q = parseMessagePageQuery((name) => req.query.get(name));
  if (Array.isArray(q)) return problemsResponse(q)!;
  // Without READ_MESSAGE_HISTORY the service answers an empty list, not an error.
  if (!historyVisible(at.perms)) return { status: 200, body: [] };
  const inChannel = Object.values(ctx.world.messages).filter(
    (m) => m.channel_id === channelIdOf(at) && !isEphemeral(m),
  );
  const byId = new Map(inChannel.map((m) => [m.id, m]));
  const page = selectPage([...byId.keys()], q).map((id) => restMessage(ctx.world, byId.get(id)!, at.app.botUserId));
  return { status: 200, body: page };
}

/** The channel and the message in the path, as the bot may see them. */
function target(
  req: EmulatorRequest,
  ctx: HandlerContext,
): { at: MessageChannelAccess; stored: StoredMessage } | EmulatorResponse {
  const at = messageChannelAccess(req, ctx);
  if ('status' in at) return at;
  const seen = viewRefusal(at.perms);
  if (seen) return channelError(seen);
  const stored = channelMessage(ctx, channelIdOf(at), req.params.messageId);
  return stored ? { at, stored } : channelError(ChannelErrors.unknownMessage);
}

function getOne(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = target(req, ctx);
  if ('status' in found) return found;
  const denied = readOneRefusal(found.at.perms);
  if (denied) return channelError(denied);
  return { status: 200, body: restMessage(ctx.world, found.stored, found.at.app.botUserId) };
}

/** Another user's message: only its flags, with MANAGE_MESSAGES (facts §5.2). */
function editOthers(
  req: EmulatorRequest,
  ctx: HandlerContext,
  at: MessageChannelAccess,
  stored: StoredMessage,
): EmulatorResponse {
  if (!editsOnlyFlags(req.body) || req.files.length > 0) return channelError(ChannelErrors.otherAuthor);
  if ((at.perms & P.MANAGE_MESSAGES) !== P.MANAGE_MESSAGES) return channelError(ChannelErrors.missingPermissions);
  const flags = isObject(req.body) ? req.body.flags : undefined;
  stored.message.flags = editedFlags(stored.message.flags as number, flags);
  ctx.changed();
  announceMessage(ctx.events, ctx.world, stored, 'update');
  return { status: 200, body: restMessage(ctx.world, stored, at.app.botUserId) };
}

function edit(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = target(req, ctx);
  if ('status' in found) return found;
  const { at, stored } = found;
  if (authorIdOf(stored) !== at.app.botUserId) return editOthers(req, ctx, at, stored);
  const previous = editedFrom(stored);
  const refused =
    fileRefusal(req.files, ctx) ??
    problemsResponse(
      validateChannelEditBody(req.body, { limits: limitsOf(ctx), hasFiles: req.files.length > 0, previous }),
    );
  if (refused) return refused;
  applyEdit({
    stored,
    body: isObject(req.body) ? req.body : {},
    files: req.files,
    guild: at.guild,
    componentsRespected: true,
    nowMs: ctx.now(),
    nextId: () => ctx.nextId(),
  });
  ctx.changed();
  announceMessage(ctx.events, ctx.world, stored, 'update', { files: req.files });
  return { status: 200, body: restMessage(ctx.world, stored, at.app.botUserId) };
}

function remove(req: EmulatorRequest, ctx: HandlerContext): EmulatorResponse {
  const found = target(req, ctx);
  if ('status' in found) return found;
  const { at, stored } = found;
  const mine = authorIdOf(stored) === at.app.botUserId;
  // Nobody deletes the other user's messages in a DM: the service's answer is the DM one, not 50013.
  if ('dm' in at && !mine) return channelError(ChannelErrors.dmAction);
  const denied = deleteRefusal(at.perms, mine);
  if (denied) return channelError(denied);
  delete ctx.world.messages[stored.id];
  ctx.changed();
  announceMessage(ctx.events, ctx.world, stored, 'delete');
  return { status: 204 };
}

const MESSAGES = '/channels/:channelId/messages';

export const channelMessageRoutes: Route[] = [
  { method: 'POST', pattern: MESSAGES, auth: 'optional', bucket: 'default', handler: create },
  { method: 'GET', pattern: MESSAGES, auth: 'optional', bucket: 'default', handler: list },
  { method: 'GET', pattern: `${MESSAGES}/:messageId`, auth: 'optional', bucket: 'default', handler: getOne },
  { method: 'PATCH', pattern: `${MESSAGES}/:messageId`, auth: 'optional', bucket: 'default', handler: edit },
  { method: 'DELETE', pattern: `${MESSAGES}/:messageId`, auth: 'optional', bucket: 'default', handler: remove },
];
