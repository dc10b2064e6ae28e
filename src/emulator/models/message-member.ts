/**
 * A member says something in a channel (issue 27 "say"): the library
 * function behind the control route and, later, the CLI and the view's
 * composer. Checked as the service checks a user's message: the member is in
 * the channel's guild and may view it and send there; the body follows the
 * channel message rules. The caller commits the change.
 */
import { privateThreadView } from '../../wire/thread-fields.js';
import { isThreadType } from '../../wire/channels.js';
import { isTimedOut } from '../../wire/guild/moderation.js';
import { ChannelType } from '../../wire/enums.js';
import { memberChannelPermissions } from '../../wire/interactions/payload.js';
import {
  acceptsMessages,
  ChannelErrors,
  createRefusal,
  mayMentionEveryone,
  validateChannelMessageBody,
  type ChannelError,
} from '../../wire/messages/index.js';
import type { Limits } from '../../wire/limits.js';
import type { Problem } from '../../wire/problem.js';
import { isObject } from '../../wire/rules/values.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { EventBus } from '../gateway/events.js';
import { channelFacts, guildFacts } from '../interactions/place.js';
import { findChannel, type StoredMessage, type World } from '../state/world.js';
import { afterSay, sayGate } from './channel-say.js';
import { buildMemberMessage } from './message.js';
import { isThreadMember } from './threads.js';
import { announceMessage } from './message-events.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

export interface MemberPostEnv {
  nextId(): Snowflake;
  now(): number;
  limits: Limits;
  /** Where MESSAGE_CREATE and the view's note go; none: the message is only stored. */
  events?: EventBus;
}

export type MemberPostResult =
  | { ok: true; stored: StoredMessage }
  | { ok: false; error: ChannelError; problems?: Problem[] };

/** A member's message body the service refuses: empty (50006) or invalid (50035, with the problems). */
export function memberBodyRefusal(body: unknown, limits: Limits): Extract<MemberPostResult, { ok: false }> | undefined {
  const problems = validateChannelMessageBody(body, { limits, hasFiles: false }).filter(
    (p) => p.api && p.severity === 'error',
  );
  if (problems.length === 0) return undefined;
  const empty = problems.find((p) => p.jsonCode === ChannelErrors.empty.code);
  return { ok: false, error: empty ? ChannelErrors.empty : ErrorAnswers.invalidFormBody, problems };
}

/** Posts `body` (a create body: content, embeds, …) as `userId` in `channelId`, into `world`. */
export function postAsMember(
  world: World,
  channelId: Snowflake,
  userId: Snowflake,
  body: unknown,
  env: MemberPostEnv,
): MemberPostResult {
  const found = findChannel(world, channelId);
  if (!found) return { ok: false, error: ChannelErrors.unknownChannel };
  const member = found.guild.members.find((m) => m.id === userId);
  if (!member) return { ok: false, error: ChannelErrors.unknownMember };
  if (!acceptsMessages(found.channel.type)) return { ok: false, error: ChannelErrors.notText };
  const facts = channelFacts(found.guild, channelId)!;
  const inChannel = memberChannelPermissions(
    guildFacts(found.guild),
    { id: member.id, roleIds: member.roles ?? [], timedOut: isTimedOut(member.communicationDisabledUntil, env.now()) },
    facts,
  );
  // A private thread is seen by its members and by MANAGE_THREADS.
  const perms =
    found.channel.type === ChannelType.PRIVATE_THREAD
      ? privateThreadView(inChannel, isThreadMember(found.channel, userId))
      : inChannel;
  const b = isObject(body) ? body : {};
  const denied = createRefusal(perms, {
    thread: isThreadType(found.channel.type),
    embeds: Array.isArray(b.embeds) && b.embeds.length > 0,
    files: false,
    tts: b.tts === true,
    reply: false,
  });
  if (denied) return { ok: false, error: denied };
  const gate = sayGate(world, found.channel, { userId, perms, bot: false }, env.now());
  if (!gate.ok) return { ok: false, error: gate.error };
  const invalid = memberBodyRefusal(body, env.limits);
  if (invalid) return invalid;
  const { message_reference: _reply, ...rest } = b;
  const stored = buildMemberMessage(
    {
      world,
      guild: found.guild,
      channelId,
      body: rest,
      files: [],
      nowMs: env.now(),
      nextId: () => env.nextId(),
      mayMentionEveryone: mayMentionEveryone(perms),
    },
    member,
  );
  world.messages[stored.id] = stored;
  afterSay(env.events, world, found.guild, found.channel, gate, env.now());
  if (env.events) announceMessage(env.events, world, stored, 'create');
  return { ok: true, stored };
}
