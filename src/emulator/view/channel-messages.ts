/**
 * A channel's messages as the web view's channel view shows them:
 *   GET /__emulator/view/channels/:channelId/messages?before=ID&limit=N
 *   GET /__emulator/view/attachments/:attachmentId
 *
 * Every message (webhook posts, answers, bot and member posts) lives in the world (persisted).
 * Answers are also kept here from the notes the emulator emits, in memory and
 * bounded, as they were noted; deleted messages of either source are gone
 * from the world and kept here as tombstones. A deleted message
 * stays as a tombstone with its last content, as the page marks it deleted
 * rather than letting it vanish from under the reader.
 */
import type { EmulatorNote, EventBus, MessageNote } from '../gateway/events.js';
import type { EmulatorResponse } from '../http/http-types.js';
import { MessageFlag } from '../../wire/enums.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import { compareSnowflakes, isSnowflake, type Snowflake } from '../../wire/snowflake.js';
import type { World } from '../state/world.js';
import { senderOf } from '../models/message.js';
import { AttachmentCache, inlineContentType } from './attachment-cache.js';
import type { ChannelMessagesPage, ViewMessage } from './channel-messages-types.js';
import type { Obj } from '../../wire/rules/values.js';

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 100;
/** Interaction answers kept per channel (oldest out) and channels with answers kept (least recently written out). */
export const ANSWERS_PER_CHANNEL = 1000;
export const TOMBSTONES_PER_CHANNEL = 200;
export const MAX_TRACKED_CHANNELS = 500;

export type { ChannelMessagesPage, ViewMessage } from './channel-messages-types.js';

/** The page of `limit` messages just before `before` (the latest when absent), oldest first. `all` need not be sorted. */
export function pageOf(
  all: readonly ViewMessage[],
  before: Snowflake | undefined,
  limit: number,
): { messages: ViewMessage[]; hasMore: boolean } {
  const older = (before === undefined ? [...all] : all.filter((m) => compareSnowflakes(m.id, before) < 0)).sort(
    (a, b) => compareSnowflakes(a.id, b.id),
  );
  return { messages: older.slice(Math.max(0, older.length - limit)), hasMore: older.length > limit };
}

/**
 * The command the client heads an answer with: kept with the answer, or, for one kept before answers kept it,
 * read off the message (a command's answer has interaction_metadata of type 2).
 */
function headingCommand(answer: NonNullable<MessageNote['interaction']>, message: Obj): string | undefined {
  if (answer.command !== undefined) return answer.command;
  const meta = message.interaction_metadata as { type?: unknown } | undefined;
  return meta?.type === InteractionType.APPLICATION_COMMAND ? answer.name : undefined;
}

/** A view message from a message object. */
export function viewMessage(
  message: Obj,
  source: MessageNote['source'],
  channelId: Snowflake,
  extra: { deleted?: boolean; interaction?: ViewMessage['interaction'] } = {},
): ViewMessage {
  const flags = typeof message.flags === 'number' ? message.flags : 0;
  return {
    id: String(message.id),
    channelId,
    source,
    message,
    ephemeral: (flags & MessageFlag.EPHEMERAL) !== 0,
    edited: typeof message.edited_timestamp === 'string' && message.edited_timestamp !== '',
    deleted: extra.deleted === true,
    interaction: extra.interaction,
  };
}

/**
 * One channel's entries, in the order they were first added, and whether
 * that is also id order (the usual case: each new answer has a newer id):
 * then the oldest is the first entry, and trimming costs no sort. It was a
 * sort of the whole shelf on every answer once a channel had filled it.
 */
class Shelf extends Map<Snowflake, ViewMessage> {
  ordered = true;
  /** The newest id added while ordered. */
  newest: Snowflake | undefined = undefined;

  add(m: ViewMessage): void {
    if (!this.has(m.id)) {
      if (this.newest !== undefined && compareSnowflakes(m.id, this.newest) < 0) this.ordered = false;
      else this.newest = m.id;
    }
    this.set(m.id, m);
  }

  /** Drops the oldest ids until `keep` are left. */
  trim(keep: number): void {
    if (!this.ordered) {
      const sorted = [...this].sort((a, b) => compareSnowflakes(a[0], b[0]));
      this.clear();
      for (const [id, m] of sorted) this.set(id, m);
      this.ordered = true;
      this.newest = sorted.at(-1)?.[0];
    }
    while (this.size > keep) this.delete(this.keys().next().value!);
  }
}

/** Per-channel maps, bounded twice: entries per channel (oldest id out) and channels (least recently written out). */
class ChannelShelves {
  private readonly channels = new Map<Snowflake, Shelf>();

  constructor(
    private readonly perChannel: number,
    private readonly maxChannels: number,
  ) {}

  set(m: ViewMessage): void {
    let shelf = this.channels.get(m.channelId);
    if (shelf) this.channels.delete(m.channelId);
    else shelf = new Shelf();
    // Re-inserted: the most recently written channel is last.
    this.channels.set(m.channelId, shelf);
    shelf.add(m);
    if (shelf.size > this.perChannel) shelf.trim(this.perChannel);
    while (this.channels.size > this.maxChannels) this.channels.delete(this.channels.keys().next().value!);
  }

  get(channelId: Snowflake, id: Snowflake): ViewMessage | undefined {
    return this.channels.get(channelId)?.get(id);
  }

  delete(channelId: Snowflake, id: Snowflake): void {
    this.channels.get(channelId)?.delete(id);
  }

  list(channelId: Snowflake): ViewMessage[] {
    return [...(this.channels.get(channelId)?.values() ?? [])];
  }

  count(channelId: Snowflake): number {
    return this.channels.get(channelId)?.size ?? 0;
  }
}

export interface ChannelMessagesOptions {
  answersPerChannel?: number;
  tombstonesPerChannel?: number;
  maxChannels?: number;
  attachmentBytes?: number;
}

export class ChannelMessages {
  private readonly answers: ChannelShelves;
  private readonly tombstones: ChannelShelves;
  readonly files: AttachmentCache;
  private readonly stop: () => void;

  constructor(
    events: EventBus,
    private readonly world: () => World,
    options: ChannelMessagesOptions = {},
  ) {
    this.answers = new ChannelShelves(
      options.answersPerChannel ?? ANSWERS_PER_CHANNEL,
      options.maxChannels ?? MAX_TRACKED_CHANNELS,
    );
    this.tombstones = new ChannelShelves(
      options.tombstonesPerChannel ?? TOMBSTONES_PER_CHANNEL,
      options.maxChannels ?? MAX_TRACKED_CHANNELS,
    );
    this.files = new AttachmentCache(options.attachmentBytes);
    this.stop = events.observe((n) => this.onNote(n));
  }

  private onNote(n: EmulatorNote): void {
    if (n.kind !== 'message') return;
    for (const f of n.files ?? [])
      this.files.put(f.id, {
        filename: f.filename,
        contentType: f.contentType,
        data: Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      });
    // A webhook message the world holds is read from there: only answers and deletions are kept (and copied) here.
    if (n.source !== 'interaction' && n.action !== 'delete') return;
    const interaction = n.interaction && this.answerOf(n.interaction, n.message);
    const m = viewMessage(n.message, n.source, n.channelId, {
      deleted: n.action === 'delete',
      interaction,
    });
    if (n.action === 'delete') {
      this.answers.delete(n.channelId, n.messageId);
      this.tombstones.set(m);
    } else if (n.source === 'interaction') this.answers.set(m);
  }

  private answerOf(
    answer: NonNullable<MessageNote['interaction']>,
    message: Obj,
  ): NonNullable<ViewMessage['interaction']> {
    const command = headingCommand(answer, message);
    const { name, userId, applicationId } = answer;
    return {
      name,
      userId,
      username: this.username(message, userId),
      applicationId,
      command,
    };
  }

  /** Who invoked: the interaction's user as the answer names it, else the guild member, else the id. */
  private username(message: Obj, userId: Snowflake): string {
    const meta = message.interaction_metadata as { user?: { id?: unknown; username?: unknown } } | undefined;
    if (typeof meta?.user?.username === 'string') return meta.user.username;
    for (const g of Object.values(this.world().guilds)) {
      const member = g.members.find((m) => m.id === userId);
      if (member) return member.username;
    }
    return userId;
  }

  /** Every message the channel shows: webhook messages, answers and tombstones; a tombstone wins over a stale copy. */
  private all(channelId: Snowflake): ViewMessage[] {
    const byId = new Map<Snowflake, ViewMessage>();
    for (const stored of Object.values(this.world().messages)) {
      if (stored.channel_id !== channelId) continue;
      const interaction = stored.interaction && this.answerOf(stored.interaction, stored.message);
      byId.set(stored.id, viewMessage(stored.message, senderOf(stored), channelId, interaction ? { interaction } : {}));
    }
    for (const m of this.answers.list(channelId)) byId.set(m.id, m);
    for (const m of this.tombstones.list(channelId)) byId.set(m.id, m);
    return [...byId.values()];
  }

  page(channelId: Snowflake, before: Snowflake | undefined, limit = DEFAULT_PAGE): ChannelMessagesPage {
    return { channelId, ...pageOf(this.all(channelId), before, limit) };
  }

  /** How many answers and tombstones a channel holds here (for tests of the bounds). */
  held(channelId: Snowflake): { answers: number; tombstones: number } {
    return { answers: this.answers.count(channelId), tombstones: this.tombstones.count(channelId) };
  }

  close(): void {
    this.stop();
  }
}

const notFound = (message: string): EmulatorResponse => ({ status: 404, body: { message } });
const badQuery = (message: string): EmulatorResponse => ({ status: 400, body: { message } });

/** `GET /view/channels/:channelId/messages`: `parts` is the path after `/view/`. */
export function channelMessagesAnswer(
  store: ChannelMessages,
  parts: readonly string[],
  query: URLSearchParams,
): EmulatorResponse {
  const [, channelId, what] = parts;
  if (parts.length !== 3 || what !== 'messages' || !isSnowflake(channelId)) return notFound('Unknown view endpoint');
  const before = query.get('before') ?? undefined;
  if (before !== undefined && !isSnowflake(before)) return badQuery('before must be a message id');
  const rawLimit = query.get('limit');
  const limit = rawLimit === null ? DEFAULT_PAGE : Number(rawLimit);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
    return badQuery(`limit must be a whole number from 1 to ${MAX_PAGE}`);
  return { status: 200, body: store.page(channelId, before, limit) };
}

/**
 * `GET /view/attachments/:attachmentId`: the bytes, inline only for media the
 * page shows; anything else as a download, so no uploaded HTML or SVG is ever
 * rendered as a document of this origin.
 */
export function attachmentAnswer(store: ChannelMessages, parts: readonly string[]): EmulatorResponse {
  const id = parts[1];
  if (parts.length !== 2 || !isSnowflake(id)) return notFound('Unknown view endpoint');
  const file = store.files.get(id);
  if (!file) return notFound('Unknown attachment (its bytes are not kept)');
  const inline = inlineContentType(file.contentType);
  const name = file.filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return {
    status: 200,
    bytes: file.data,
    headers: {
      'Content-Type': inline ? file.contentType!.split(';')[0]!.trim() : 'application/octet-stream',
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  };
}
