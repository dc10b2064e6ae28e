/**
 * Bodies of a bot's channel messages (facts §5.2, §5.3): create
 * (POST /channels/{id}/messages) and edit (PATCH …/messages/{id}). Field rules
 * are the webhook message rules (wire/rules/message-*.ts); what differs is
 * the set of fields (no username or thread fields; replies, nonce, stickers)
 * and who may edit what. Pure and safe on arbitrary JSON.
 */
import { isForumLike } from '../channels.js';
import { ChannelType, MessageFlag } from '../enums.js';
import type { Limits } from '../limits.js';
import { ApiErrors, prefixPath, problem, type Problem } from '../problem.js';
import { checkAllowedMentions } from '../rules/allowed-mentions.js';
import { validateEmbeds } from '../rules/embed.js';
import { checkComponents } from '../rules/message-components.js';
import { JsonCodes, MessageErrors } from '../rules/message-errors.js';
import { checkAttachments, checkContent, checkPoll } from '../rules/message-fields.js';
import { checkFlags, EDIT_FLAGS, editedFlags, effectiveFlags } from '../rules/message-flags.js';
import { checkBoolean, describeValue, has, isObject, type Obj } from '../rules/values.js';
import { isSnowflake } from '../snowflake.js';

/** Flags a bot may set on create (facts §5.2). */
export const CHANNEL_MESSAGE_FLAGS =
  MessageFlag.SUPPRESS_EMBEDS |
  MessageFlag.SUPPRESS_NOTIFICATIONS |
  MessageFlag.IS_VOICE_MESSAGE |
  MessageFlag.IS_COMPONENTS_V2;
export { EDIT_FLAGS, editedFlags };

/** `nonce`: an integer or a string of at most this many characters. */
export const NONCE_MAX = 25;
export const STICKERS_MAX = 3;

/**
 * The one place a channel message's components are judged (wire/components/).
 * A bot's messages may hold interactive components (it answers them). On an
 * edit, `previousFlags` keeps a components-v2 message judged as one.
 */
function checkBotComponents(out: Problem[], body: Obj, previousFlags?: number): unknown[] {
  return checkComponents(out, body, {
    sender: 'application',
    previousFlags,
  });
}

function messageBody(out: Problem[], body: unknown): Obj | undefined {
  if (body === undefined || body === null) return {};
  if (isObject(body)) return body;
  out.push(
    problem('message-body-type', [], `The body must be a mapping, not ${describeValue(body)}.`, ApiErrors.object()),
  );
  return undefined;
}

const nonEmptyText = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const nonEmptyList = (v: unknown) => Array.isArray(v) && v.length > 0;

function emptyProblem(): Problem {
  return {
    ...problem(
      'message-empty',
      [],
      'A message needs content, embeds, components, stickers, files or a poll.',
      MessageErrors.empty,
    ),
    jsonCode: JsonCodes.empty,
  };
}

function checkReference(out: Problem[], ref: unknown): void {
  if (ref === undefined || ref === null) return;
  if (!isObject(ref)) {
    out.push(
      problem(
        'message-reference-type',
        ['message_reference'],
        `message_reference must be a mapping, not ${describeValue(ref)}.`,
        ApiErrors.object(),
      ),
    );
    return;
  }
  if (!isSnowflake(ref.message_id))
    out.push(
      problem(
        'message-reference-id',
        ['message_reference', 'message_id'],
        'A reply names the message it answers by id.',
        ApiErrors.snowflake(ref.message_id),
      ),
    );
  checkBoolean(
    out,
    ref.fail_if_not_exists,
    ['message_reference', 'fail_if_not_exists'],
    'message-reference-type',
    'fail_if_not_exists',
  );
}

function checkNonce(out: Problem[], nonce: unknown): void {
  if (nonce === undefined || nonce === null) return;
  if (typeof nonce === 'number' && Number.isInteger(nonce)) return;
  if (typeof nonce === 'string' && nonce.length <= NONCE_MAX) return;
  out.push(
    problem(
      'message-nonce',
      ['nonce'],
      `nonce is an integer or a string of at most ${NONCE_MAX} characters.`,
      ApiErrors.maxLength(NONCE_MAX),
    ),
  );
}

function checkStickers(out: Problem[], ids: unknown): void {
  if (ids === undefined || ids === null) return;
  if (!Array.isArray(ids))
    out.push(
      problem('message-stickers-type', ['sticker_ids'], 'sticker_ids must be a list of ids.', ApiErrors.array()),
    );
  else if (ids.length > STICKERS_MAX)
    out.push(
      problem(
        'message-stickers-count',
        ['sticker_ids'],
        `A message holds at most ${STICKERS_MAX} stickers.`,
        ApiErrors.maxLength(STICKERS_MAX),
      ),
    );
}

/** Every rule of a create body. */
export function validateChannelMessageBody(body: unknown, ctx: { limits: Limits; hasFiles: boolean }): Problem[] {
  const out: Problem[] = [];
  const b = messageBody(out, body);
  if (!b) return out;
  checkContent(out, b.content, ctx.limits);
  checkBoolean(out, b.tts, ['tts'], 'message-tts', 'tts');
  out.push(...prefixPath(['embeds'], validateEmbeds(b.embeds, ctx.limits)));
  checkAllowedMentions(out, b.allowed_mentions);
  const components = checkBotComponents(out, b);
  checkAttachments(out, b.attachments);
  checkPoll(out, b.poll);
  checkFlags(out, b.flags, CHANNEL_MESSAGE_FLAGS, 'a channel message');
  checkReference(out, b.message_reference);
  checkNonce(out, b.nonce);
  checkStickers(out, b.sticker_ids);
  const filled =
    nonEmptyText(b.content) ||
    nonEmptyList(b.embeds) ||
    components.length > 0 ||
    nonEmptyList(b.sticker_ids) ||
    ctx.hasFiles ||
    isObject(b.poll);
  if (!filled) out.push(emptyProblem());
  return out;
}

/** What an edit may change when the editor wrote the message (facts §5.3). */
export const AUTHOR_EDIT_FIELDS: readonly string[] = [
  'content',
  'embeds',
  'flags',
  'components',
  'attachments',
  'allowed_mentions',
];

/** Another user's message: only `flags` may be sent (50005 otherwise), and that needs MANAGE_MESSAGES. */
export function editsOnlyFlags(body: unknown): boolean {
  if (!isObject(body)) return true;
  return Object.keys(body).every((k) => k === 'flags' || body[k] === undefined);
}

/** What the message holds before an edit. */
export interface EditedMessage {
  content: string;
  embeds: readonly unknown[];
  attachments: readonly unknown[];
  components: readonly unknown[];
  stickers: boolean;
  poll: boolean;
  /** The message's flags: IS_COMPONENTS_V2 stays once set. */
  flags: number;
}

/** Every rule of an author's edit body, judged against the message it changes. */
export function validateChannelEditBody(
  body: unknown,
  ctx: { limits: Limits; hasFiles: boolean; previous: EditedMessage },
): Problem[] {
  const out: Problem[] = [];
  const b = messageBody(out, body);
  if (!b) return out;
  const { previous } = ctx;
  checkContent(out, b.content, ctx.limits);
  out.push(...prefixPath(['embeds'], validateEmbeds(b.embeds, ctx.limits)));
  checkAllowedMentions(out, b.allowed_mentions);
  const components = checkBotComponents(out, b, previous.flags);
  const kept = checkAttachments(out, b.attachments);
  checkFlags(out, b.flags, EDIT_FLAGS, 'an edit');
  const pick = (key: string, before: unknown): unknown => (has(b, key) && b[key] !== undefined ? b[key] : before);
  const filled =
    nonEmptyText(pick('content', previous.content)) ||
    nonEmptyList(pick('embeds', previous.embeds)) ||
    (has(b, 'components') ? components.length > 0 : previous.components.length > 0) ||
    ctx.hasFiles ||
    (has(b, 'attachments') ? kept.length > 0 : previous.attachments.length > 0) ||
    previous.stickers ||
    previous.poll;
  if (!filled) out.push(emptyProblem());
  return out;
}

/** The flags a created message carries. */
export function createdFlags(flags: unknown): number {
  return effectiveFlags(flags, CHANNEL_MESSAGE_FLAGS);
}

/** Channels that hold messages of their own (50008 otherwise): not categories, directories, or forum and media channels (their posts are threads). */
export function acceptsMessages(channelType: number): boolean {
  return (
    channelType !== ChannelType.GUILD_CATEGORY &&
    channelType !== ChannelType.GUILD_DIRECTORY &&
    !isForumLike(channelType)
  );
}
