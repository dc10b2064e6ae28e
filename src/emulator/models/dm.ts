/**
 * Direct messages between an application's bot and a user (issue 41 item 5):
 * a channel in no guild (ChannelType.DM), kept on the application
 * (`Application.dms`), one per user, the same one on every open. Who may be
 * written to: a known user (a member of any guild) who shares a guild with
 * the bot; anyone else known is refused at send time with 50007, as the
 * service refuses a DM the user does not accept. Pure changes to the world;
 * routes commit them.
 */
import { ChannelType } from '../../wire/enums.js';
import { ChannelErrors, mayMentionEveryone, type ChannelError } from '../../wire/messages/index.js';
import { isObject, type Obj } from '../../wire/rules/values.js';
import { compareSnowflakes, type Snowflake } from '../../wire/snowflake.js';
import { plainUser } from '../gateway/members.js';
import type { Application, DmChannel, World } from '../state/world.js';
import { announceMessage, botInGuild } from './message-events.js';
import { buildMemberMessage } from './message.js';
import { memberBodyRefusal, type MemberPostEnv, type MemberPostResult } from './message-member.js';
import { DM_PERMISSIONS } from '../../wire/messages/dm.js';

/** The bot's DM with `userId`, if it has one open. */
export function dmWith(app: Application, userId: Snowflake): DmChannel | undefined {
  return app.dms?.find((d) => d.userId === userId);
}

/** A user the world knows as a person: a member of some guild (its first membership names it). */
export function knownUser(world: World, userId: Snowflake): { id: Snowflake; username: string } | undefined {
  for (const guild of Object.values(world.guilds)) {
    const m = guild.members.find((x) => x.id === userId);
    if (m) return { id: m.id, username: m.username };
  }
  return undefined;
}

/** The user is a member of a guild the bot is in. */
export function sharesGuild(world: World, app: Application, userId: Snowflake): boolean {
  return Object.values(world.guilds).some((g) => botInGuild(g, app.id) && g.members.some((m) => m.id === userId));
}

export type DmOpen = { ok: true; dm: DmChannel; created: boolean } | { ok: false; error: ChannelError };

/**
 * Opens (or finds) the bot's DM with `userId`. 10013 for a user the world does
 * not know; 50007 for another application's bot user (bots do not DM bots).
 */
export function openDm(world: World, app: Application, userId: Snowflake, nextId: () => Snowflake): DmOpen {
  const open = dmWith(app, userId);
  if (open) return { ok: true, dm: open, created: false };
  if (Object.values(world.applications).some((a) => a.botUserId === userId))
    return { ok: false, error: ChannelErrors.cannotMessageUser };
  if (!knownUser(world, userId)) return { ok: false, error: ChannelErrors.unknownUser };
  const dm: DmChannel = { id: nextId(), userId };
  app.dms = [...(app.dms ?? []), dm];
  return { ok: true, dm, created: true };
}

/** Why a message may not go out in this DM now: the user shares no guild with the bot (50007). */
export function dmSendRefusal(world: World, app: Application, dm: DmChannel): ChannelError | undefined {
  return sharesGuild(world, app, dm.userId) ? undefined : ChannelErrors.cannotMessageUser;
}

/** The newest message in the channel, as `last_message_id` names it (null: none). */
function lastMessageId(world: World, channelId: Snowflake): Snowflake | null {
  let last: Snowflake | null = null;
  for (const m of Object.values(world.messages))
    if (m.channel_id === channelId && (last === null || compareSnowflakes(m.id, last) > 0)) last = m.id;
  return last;
}

/** The DM channel object as the service returns it: type 1, the other user as its one recipient. */
export function dmChannelObject(world: World, dm: DmChannel): Obj {
  const user = knownUser(world, dm.userId) ?? { id: dm.userId, username: 'unknown-user' };
  return {
    id: dm.id,
    type: ChannelType.DM,
    last_message_id: lastMessageId(world, dm.id),
    flags: 0,
    recipients: [plainUser(user)],
  };
}

/**
 * A member writes to the application's bot in their DM, opened on first use
 * (the control route's DM form). The user must share a guild with the bot
 * (50007 otherwise, as the service refuses a DM to a bot you share no server
 * with). The bot hears it under DIRECT_MESSAGES, with its content whatever
 * its intents (facts §7.3: DMs are exempt from MESSAGE_CONTENT blanking).
 */
export function postInDm(
  world: World,
  app: Application,
  userId: Snowflake,
  body: unknown,
  env: MemberPostEnv,
): MemberPostResult {
  const user = knownUser(world, userId);
  if (!user) return { ok: false, error: ChannelErrors.unknownUser };
  if (!sharesGuild(world, app, userId)) return { ok: false, error: ChannelErrors.cannotMessageUser };
  const invalid = memberBodyRefusal(body, env.limits);
  if (invalid) return invalid;
  const opened = openDm(world, app, userId, env.nextId);
  if (!opened.ok) return opened;
  const { message_reference: _reply, ...rest } = isObject(body) ? body : {};
  const stored = buildMemberMessage(
    {
      world,
      guild: undefined,
      channelId: opened.dm.id,
      body: rest,
      files: [],
      nowMs: env.now(),
      nextId: () => env.nextId(),
      mayMentionEveryone: mayMentionEveryone(DM_PERMISSIONS),
    },
    user,
  );
  world.messages[stored.id] = stored;
  if (env.events) announceMessage(env.events, world, stored, 'create');
  return { ok: true, stored };
}
