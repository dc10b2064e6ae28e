/**
 * Telling the world a message appeared, changed, went, or was reacted to:
 * one gateway dispatch per application whose bot is in the guild (facts
 * §7.4; who may see the content is the gateway's per-session concern), and
 * the note the web view's channel view and log use. Every sender's messages
 * pass here, so no path forgets either.
 */
import { ChannelType, MessageFlag } from '../../wire/enums.js';
import { Intent } from '../../wire/gateway.js';
import { SCOPE_BOT } from '../../wire/installation.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { messageNote, type EmulatorEvent, type EventBus, type MessageNote } from '../gateway/events.js';
import { memberFields, memberObject } from '../gateway/members.js';
import type { MultipartFile } from '../http/multipart.js';
import { findChannel, type Guild, type StoredMessage, type World } from '../state/world.js';
import { findDm } from '../state/dm-channels.js';
import { uploadedFiles } from './note-files.js';
import { messageView, referencedOf, senderOf } from './message.js';
import type { Obj } from '../../wire/rules/values.js';

/** The application's bot is a member of the guild: installed with `bot` (older data files kept no scopes: their installs were bots). */
export function botInGuild(guild: Guild, applicationId: Snowflake): boolean {
  const install = Object.hasOwn(guild.apps, applicationId) ? guild.apps[applicationId] : undefined;
  return install !== undefined && (install.scopes === undefined || install.scopes.includes(SCOPE_BOT));
}

/**
 * A dispatch whose data is built when it is first read: most messages are
 * sent with no gateway session listening, and a copy per application for
 * each would be wasted. `data` is an own enumerable accessor from one shared
 * descriptor (as events.ts's lazy message note), so a subscriber that spreads
 * or serialises the event still sees it.
 */
class LazyDispatch {
  #data: unknown;
  #build: (() => unknown) | undefined;
  declare readonly data: unknown;
  guildId?: Snowflake;
  intent: number;
  static readonly #dataDescriptor: PropertyDescriptor = {
    enumerable: true,
    get(this: LazyDispatch) {
      if (this.#build) {
        this.#data = this.#build();
        this.#build = undefined;
      }
      return this.#data;
    },
  };

  constructor(
    readonly applicationId: Snowflake,
    readonly name: string,
    build: () => unknown,
    guildId: Snowflake | undefined,
    intent: number,
  ) {
    this.#build = build;
    if (guildId !== undefined) this.guildId = guildId;
    this.intent = intent;
    Object.defineProperty(this, 'data', LazyDispatch.#dataDescriptor);
  }
}

/** Who hears of a message: every bot in its guild, or (DMs, ephemeral answers) the one application it concerns. */
export interface Audience {
  guild: Guild | undefined;
  appIds: Snowflake[];
  intent: { guild: number; dm: number };
}

/** Who hears of what happens in a channel: every bot in its guild, or the one bot of a DM. Undefined for a channel the world does not hold. */
export function channelAudience(world: World, channelId: Snowflake, intents: Audience['intent']): Audience | undefined {
  const guild = findChannel(world, channelId)?.guild;
  if (!guild) {
    const dm = findDm(world, channelId);
    return dm ? { guild: undefined, appIds: [dm.app.id], intent: intents } : undefined;
  }
  return { guild, appIds: Object.keys(guild.apps).filter((id) => botInGuild(guild, id)), intent: intents };
}

export function audienceOf(world: World, stored: StoredMessage, intents: Audience['intent']): Audience {
  const ephemeral = ((stored.message.flags as number) & MessageFlag.EPHEMERAL) !== 0;
  const inChannel = ephemeral ? undefined : channelAudience(world, stored.channel_id, intents);
  if (inChannel) return inChannel;
  const own = stored.interaction?.applicationId ?? stored.applicationId;
  return { guild: undefined, appIds: own ? [own] : [], intent: intents };
}

/** MESSAGE_CREATE/UPDATE's `member`: the author's guild membership without `user` (none for webhooks). */
function authorMember(guild: Guild | undefined, stored: StoredMessage): Obj | undefined {
  if (!guild || senderOf(stored) === 'webhook') return undefined;
  const author = stored.message.author as { id?: string } | undefined;
  return memberFields(guild, guild.members.find((x) => x.id === author?.id) ?? {});
}

/** On gateway copies each mentioned user carries their partial `member` (facts §7.4). */
function mentionsWithMembers(guild: Guild, mentions: unknown): unknown {
  if (!Array.isArray(mentions)) return mentions;
  return mentions.map((u: Obj) => {
    const m = guild.members.find((x) => x.id === u.id);
    return m ? { ...u, member: memberFields(guild, m) } : u;
  });
}

export function emitAll(
  events: EventBus,
  audience: Audience,
  name: string,
  build: (appId: Snowflake) => () => unknown,
): void {
  const intent = audience.guild ? audience.intent.guild : audience.intent.dm;
  for (const appId of audience.appIds)
    events.emit(new LazyDispatch(appId, name, build(appId), audience.guild?.id, intent) as EmulatorEvent);
}

export interface AnnounceOptions {
  files?: readonly MultipartFile[];
}

/** Dispatches MESSAGE_CREATE/UPDATE/DELETE for `stored` and notes it for observers. */
export function announceMessage(
  events: EventBus,
  world: World,
  stored: StoredMessage,
  action: MessageNote['action'],
  opts: AnnounceOptions = {},
): void {
  const audience = audienceOf(world, stored, { guild: Intent.GUILD_MESSAGES, dm: Intent.DIRECT_MESSAGES });
  const guildId = audience.guild?.id;
  if (action === 'delete') {
    const data = { id: stored.id, channel_id: stored.channel_id, ...(guildId ? { guild_id: guildId } : {}) };
    emitAll(events, audience, 'MESSAGE_DELETE', () => () => data);
  } else {
    const referenced = referencedOf(world, stored);
    // discord.js builds a DM channel it has not cached from `channel_type` and the author (facts §7.4).
    const inDm = !audience.guild && findDm(world, stored.channel_id) !== undefined;
    const member = authorMember(audience.guild, stored);
    emitAll(events, audience, action === 'create' ? 'MESSAGE_CREATE' : 'MESSAGE_UPDATE', (appId) => {
      // Read now, not when (if ever) a session reads the dispatch: the bot user as the message was sent.
      const botUserId = world.applications[appId]?.botUserId;
      return () => {
        const out = messageView(stored, botUserId, referenced);
        if (action === 'update') out.tts = false;
        if (guildId) out.guild_id = guildId;
        else if (inDm) out.channel_type = ChannelType.DM;
        if (member) out.member = member;
        if (audience.guild) out.mentions = mentionsWithMembers(audience.guild, out.mentions);
        return out;
      };
    });
  }
  noteMessage(events, stored, action, opts.files ?? []);
}

/** The note observers (the web view's channel view, the log) take of a message shown, changed or removed. */
export function noteMessage(
  events: EventBus,
  stored: StoredMessage,
  action: MessageNote['action'],
  files: readonly MultipartFile[] = [],
): void {
  const uploaded = uploadedFiles(stored.message, files);
  const source = senderOf(stored);
  events.note(
    messageNote(
      {
        kind: 'message',
        action,
        channelId: stored.channel_id,
        messageId: stored.id,
        source,
        interaction: stored.interaction,
        files: uploaded,
      },
      stored.message,
    ),
  );
}

/** MESSAGE_REACTION_ADD / _REMOVE for the user's own reaction (facts §7.4). */
export function announceReaction(
  events: EventBus,
  world: World,
  stored: StoredMessage,
  userId: Snowflake,
  emoji: string,
  added: boolean,
): void {
  const audience = audienceOf(world, stored, {
    guild: Intent.GUILD_MESSAGE_REACTIONS,
    dm: Intent.DIRECT_MESSAGE_REACTIONS,
  });
  const [name, id] = emoji.split(':');
  const data: Obj = {
    user_id: userId,
    channel_id: stored.channel_id,
    message_id: stored.id,
    guild_id: audience.guild?.id,
    emoji: { id: id ?? null, name },
    burst: false,
    type: 0,
  };
  if (added) {
    // In a guild the reacting member comes with their member object and user (facts §7.4): a client that has
    // never seen the member (discord.js without the User partial) learns who reacted from it alone.
    const member = audience.guild?.members.find((m) => m.id === userId);
    if (member) data.member = memberObject(audience.guild!, member);
    const author = (stored.message.author as { id?: string } | undefined)?.id;
    if (author) data.message_author_id = author;
    data.burst_colors = [];
  }
  emitAll(events, audience, added ? 'MESSAGE_REACTION_ADD' : 'MESSAGE_REACTION_REMOVE', () => () => data);
}
