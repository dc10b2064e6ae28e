/**
 * Turning a validated execute or edit body into the stored message object
 * (facts §5.4): mentions resolved against the guild under the allowed
 * mentions, embeds sanitised, files turned into attachments.
 */
import { ComponentType, MessageFlag, PollLayoutType } from '../../wire/enums.js';
import { numberComponents } from '../../wire/components/normalize.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { valueText } from '../../wire/problem.js';
import { MENTION_SOURCE, type Snowflake } from '../../wire/snowflake.js';
import {
  EDIT_FLAGS,
  EXECUTE_FLAGS,
  editedFlags,
  effectiveFlags,
  normalizeWebhookName,
  sanitizeEmbed,
} from '../../wire/webhook.js';
import { cleanFilename, fileContentType, resolveAttachmentReferences } from './attachment-file.js';
import { fileIndex, type MultipartFile } from '../http/multipart.js';
import { imageHash, serviceTimestamp, webhookAuthor } from './webhook-shape.js';
import type { Guild, StoredMessage, StoredWebhook } from '../state/world.js';

/** Where attachments claim to live; the emulator does not serve file contents. */
const CDN = 'https://cdn.discordapp.com/attachments';

export interface Mentions {
  mention_everyone: boolean;
  mentions: Obj[];
  mention_roles: Snowflake[];
}

/** Text a message shows: its content, or with IS_COMPONENTS_V2 the text display components. */
function mentionText(content: string, components: readonly unknown[], v2: boolean): string {
  if (!v2) return content;
  const texts: string[] = [];
  const walk = (list: readonly unknown[]) => {
    for (const c of list) {
      if (!isObject(c)) continue;
      if (c.type === ComponentType.TEXT_DISPLAY && typeof c.content === 'string') texts.push(c.content);
      if (Array.isArray(c.components)) walk(c.components);
    }
  };
  walk(components);
  return texts.join('\n');
}

/**
 * Mentions in `text`, as allowed: without allowed_mentions every kind is
 * parsed (the default allowance). Only members and roles the guild knows are
 * listed; the @everyone role is not a role mention.
 */
export function resolveMentions(text: string, allowed: unknown, guild: Guild | undefined): Mentions {
  // Every mention, of whatever kind, holds an `@`: most messages hold none and need no pattern run.
  if (!text.includes('@')) return { mention_everyone: false, mentions: [], mention_roles: [] };
  const am = isObject(allowed) ? allowed : undefined;
  const parse = am && Array.isArray(am.parse) ? (am.parse as unknown[]) : am ? [] : ['users', 'roles', 'everyone'];
  const listed = (kind: 'users' | 'roles') => (am && Array.isArray(am[kind]) ? (am[kind] as unknown[]) : []);
  const userOk = (id: string) => parse.includes('users') || listed('users').includes(id);
  const roleOk = (id: string) => parse.includes('roles') || listed('roles').includes(id);

  const userIds = [...new Set([...text.matchAll(new RegExp(MENTION_SOURCE.user, 'g'))].map((m) => m[1]!))];
  const roleIds = [...new Set([...text.matchAll(new RegExp(MENTION_SOURCE.role, 'g'))].map((m) => m[1]!))];
  const mentions = userIds
    .filter(userOk)
    .map((id) => guild?.members.find((m) => m.id === id))
    .filter((m) => m !== undefined)
    .map((m) => ({
      id: m.id,
      username: m.username,
      avatar: null,
      discriminator: '0',
      public_flags: 0,
      flags: 0,
      global_name: null,
    }));
  const mention_roles = roleIds.filter((id) => roleOk(id) && id !== guild?.id && guild?.roles.some((r) => r.id === id));
  const mention_everyone = parse.includes('everyone') && /@(everyone|here)\b/.test(text);
  return { mention_everyone, mentions, mention_roles };
}

function attachmentObject(id: Snowflake, channelId: Snowflake, file: MultipartFile, meta: Obj | undefined): Obj {
  const filename = cleanFilename(
    typeof meta?.filename === 'string' && meta.filename !== '' ? meta.filename : file.filename,
  );
  const url = `${CDN}/${channelId}/${id}/${encodeURIComponent(filename)}`;
  const out: Obj = {
    id,
    filename,
    size: file.data.length,
    url,
    proxy_url: url.replace('cdn.discordapp.com', 'media.discordapp.net'),
  };
  if (typeof meta?.description === 'string') out.description = meta.description;
  const contentType = fileContentType(file.data, filename, file.contentType);
  if (contentType) out.content_type = contentType;
  return out;
}

/** Partial attachment entries that describe the new file `files[n]` (their id is n). */
function metaFor(entries: unknown, file: MultipartFile, position: number): Obj | undefined {
  if (!Array.isArray(entries)) return undefined;
  const n = fileIndex(file.field) ?? position;
  return entries.find((e): e is Obj => isObject(e) && valueText(e.id) === String(n));
}

function newAttachments(
  files: readonly MultipartFile[],
  entries: unknown,
  channelId: Snowflake,
  nextId: () => Snowflake,
  stored: NonNullable<StoredMessage['files']>,
): Obj[] {
  return files.map((file, i) => {
    const id = nextId();
    const a = attachmentObject(id, channelId, file, metaFor(entries, file, i));
    stored[id] = {
      filename: a.filename as string,
      size: file.data.length,
      ...(typeof a.content_type === 'string' ? { contentType: a.content_type } : {}),
    };
    return a;
  });
}

/** A poll media object as stored: its text and emoji, nothing else the request carried. */
function pollMedia(media: unknown): Obj {
  const m = isObject(media) ? media : {};
  const out: Obj = {};
  if (typeof m.text === 'string') out.text = m.text;
  if (isObject(m.emoji)) {
    const emoji: Obj = {};
    if (typeof m.emoji.id === 'string') emoji.id = m.emoji.id;
    if (typeof m.emoji.name === 'string') emoji.name = m.emoji.name;
    out.emoji = emoji;
  }
  return out;
}

function pollObject(poll: unknown, nowMs: number): Obj | undefined {
  if (!isObject(poll)) return undefined;
  const hours = typeof poll.duration === 'number' ? poll.duration : 24;
  const answers = Array.isArray(poll.answers) ? poll.answers : [];
  return {
    question: pollMedia(poll.question),
    answers: answers.map((a, i) => ({
      answer_id: i + 1,
      poll_media: pollMedia(isObject(a) ? a.poll_media : undefined),
    })),
    expiry: serviceTimestamp(nowMs + hours * 3600_000),
    allow_multiselect: poll.allow_multiselect === true,
    layout_type: typeof poll.layout_type === 'number' ? poll.layout_type : PollLayoutType.DEFAULT,
    results: { is_finalized: false, answer_counts: [] },
  };
}

export interface ExecuteInput {
  id: Snowflake;
  body: Obj;
  files: readonly MultipartFile[];
  webhook: StoredWebhook;
  guild: Guild | undefined;
  /** Where the message lands: the webhook's channel, a thread, or the new forum post. */
  channelId: Snowflake;
  componentsRespected: boolean;
  nowMs: number;
  nextId: () => Snowflake;
}

/** What every sender's new message is built from: the validated body, where it lands, and who wrote it. */
export interface MessageInput {
  id: Snowflake;
  body: Obj;
  files: readonly MultipartFile[];
  guild: Guild | undefined;
  channelId: Snowflake;
  componentsRespected: boolean;
  nowMs: number;
  nextId: () => Snowflake;
  /** The flag bits this sender may set. */
  allowedFlags: number;
  /** `webhook_id` (when sent through one) and `author`, in the service's key order after `flags`. */
  identity: { webhook_id?: Snowflake; author: Obj };
  /** `@everyone`/`@here` may ping (bots need MENTION_EVERYONE; webhooks always may). */
  mayMentionEveryone?: boolean;
}

/** The message object and its files, for any sender (facts §6.1): the one builder webhook posts, answers, bot and member posts share. */
export function buildMessageObject(input: MessageInput): { message: Obj; files: NonNullable<StoredMessage['files']> } {
  const { body: b, nowMs } = input;
  const files: NonNullable<StoredMessage['files']> = {};
  const flags = effectiveFlags(b.flags, input.allowedFlags);
  const content = typeof b.content === 'string' ? b.content : '';
  const components =
    input.componentsRespected && Array.isArray(b.components) && b.components.length > 0
      ? numberComponents(b.components)
      : [];
  const v2 = (flags & MessageFlag.IS_COMPONENTS_V2) !== 0;
  // Named one by one rather than spread in: a spread followed by more keys is V8's slow path on Node 20.
  const mentions = resolveMentions(mentionText(content, components, v2), b.allowed_mentions, input.guild);
  const message: Obj = {
    id: input.id,
    type: 0,
    channel_id: input.channelId,
    content,
    tts: b.tts === true,
    timestamp: serviceTimestamp(nowMs),
    edited_timestamp: null,
    mention_everyone: mentions.mention_everyone && input.mayMentionEveryone !== false,
    mentions: mentions.mentions,
    mention_roles: mentions.mention_roles,
    attachments: newAttachments(input.files, b.attachments, input.channelId, input.nextId, files),
    embeds: Array.isArray(b.embeds) ? b.embeds.filter(isObject).map(sanitizeEmbed) : [],
    components,
    pinned: false,
    flags,
  };
  if (input.identity.webhook_id !== undefined) message.webhook_id = input.identity.webhook_id;
  message.author = input.identity.author;
  message.embeds = resolveAttachmentReferences(message.embeds as Obj[], message.attachments as Obj[]);
  const poll = pollObject(b.poll, nowMs);
  if (poll) message.poll = poll;
  return { message, files };
}

/** The stored message of an execute whose body passed the rules. */
export function buildExecutedMessage(input: ExecuteInput): StoredMessage {
  const { body: b, webhook } = input;
  const username = typeof b.username === 'string' ? normalizeWebhookName(b.username) : undefined;
  const avatar = typeof b.avatar_url === 'string' ? imageHash(b.avatar_url) : webhook.avatar;
  // Fields named, not `{ ...input, more }`: a spread followed by keys is V8's slow path on Node 20 (~5 % of an execute in process).
  const { message, files } = buildMessageObject({
    id: input.id,
    body: b,
    files: input.files,
    guild: input.guild,
    channelId: input.channelId,
    componentsRespected: input.componentsRespected,
    nowMs: input.nowMs,
    nextId: input.nextId,
    allowedFlags: EXECUTE_FLAGS,
    identity: { webhook_id: webhook.id, author: webhookAuthor(webhook, username, avatar) },
  });
  if (webhook.application_id) message.application_id = webhook.application_id;
  return { id: input.id, sender: 'webhook', webhookId: webhook.id, channel_id: input.channelId, message, files };
}

export interface EditInput {
  stored: StoredMessage;
  body: Obj;
  files: readonly MultipartFile[];
  guild: Guild | undefined;
  componentsRespected: boolean;
  nowMs: number;
  nextId: () => Snowflake;
}

/**
 * Applies an edit that passed the rules (spec "Edit rules"): new files are
 * appended; `attachments` lists the old ones to keep; a content change
 * rebuilds mentions with the edit's allowed_mentions or the default.
 */
export function applyEdit(input: EditInput): void {
  const { stored, body: b } = input;
  const m = stored.message;
  const has = (k: string) => Object.hasOwn(b, k) && b[k] !== undefined;
  if (has('content')) m.content = typeof b.content === 'string' ? b.content : '';
  if (has('embeds')) m.embeds = Array.isArray(b.embeds) ? b.embeds.filter(isObject).map(sanitizeEmbed) : [];
  if (has('components') && input.componentsRespected)
    m.components = Array.isArray(b.components) ? numberComponents(b.components) : [];
  if (has('flags'))
    m.flags = editedFlags(m.flags as number, b.flags) & (EDIT_FLAGS | MessageFlag.SUPPRESS_NOTIFICATIONS);
  // Edit parameters are nullable: `poll: null` removes the poll (adding one is the caller's rule).
  if (b.poll === null) delete m.poll;

  const files = (stored.files ??= {});
  let attachments = (m.attachments as Obj[]) ?? [];
  if (has('attachments')) {
    const keep = new Set(
      (Array.isArray(b.attachments) ? b.attachments : []).filter(isObject).map((e) => valueText(e.id)),
    );
    attachments = attachments.filter((a) => keep.has(String(a.id)));
    for (const id of Object.keys(files)) if (!keep.has(id)) delete files[id];
  }
  m.attachments = [
    ...attachments,
    ...newAttachments(input.files, b.attachments, stored.channel_id, input.nextId, files),
  ];
  if (has('embeds')) m.embeds = resolveAttachmentReferences(m.embeds as Obj[], m.attachments as Obj[]);

  const v2 = ((m.flags as number) & MessageFlag.IS_COMPONENTS_V2) !== 0;
  if (has('content') || (v2 && has('components')) || has('allowed_mentions')) {
    Object.assign(
      m,
      resolveMentions(mentionText(m.content as string, m.components as unknown[], v2), b.allowed_mentions, input.guild),
    );
  }
  m.edited_timestamp = serviceTimestamp(input.nowMs);
}
