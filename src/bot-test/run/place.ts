/**
 * Who acts and where, for one step: the member and the channel named by the
 * step or its scenario (`alice`, `@alice`, `#general` or ids), resolved
 * against the world; and the messages a step reads back (the bot's latest
 * in the channel, every one it posted since the step began).
 */
import type { RunningEmulator } from '../../emulator/index.js';
import { resolveNames } from '../../emulator/state/names.js';
import { findChannel, type StoredMessage, type World } from '../../emulator/state/world.js';
import { findDm } from '../../emulator/state/dm-channels.js';
import { knownUser } from '../../emulator/models/dm.js';
import { EPHEMERAL } from '../../wire/interactions/callback.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import type { Scenario, Step } from '../model.js';

export interface Place {
  userId?: string;
  channelId?: string;
}

/** The ids of the step's member and channel, or a problem naming the unknown one. */
export function placeOf(emulator: RunningEmulator, scenario: Scenario, step: Step): Place | { problem: string } {
  const as = step.as ?? scenario.as;
  const where = step.in ?? scenario.in;
  const refs = { ...(as !== undefined ? { userId: as } : {}), ...(where !== undefined ? { channelId: where } : {}) };
  const resolved = resolveNames(emulator.world, refs, emulator.credentials.guildId);
  if ('problem' in resolved) return resolved;
  return resolved;
}

const byId = (a: StoredMessage, b: StoredMessage): number => compareSnowflakes(a.id, b.id);

/** Whether the application posted it: as its bot, through its webhook, or as an interaction's answer. */
function isBots(emulator: RunningEmulator, applicationId: string, m: StoredMessage): boolean {
  const app = emulator.world.applications[applicationId];
  const author = (m.message.author as { id?: string } | undefined)?.id;
  return (
    m.interaction?.applicationId === applicationId ||
    m.applicationId === applicationId ||
    m.webhookId === applicationId ||
    (app !== undefined && author === app.botUserId)
  );
}

/** Whether the member sees it: an ephemeral message only its interaction's member does. */
const visibleTo = (m: StoredMessage, userId: string | undefined): boolean =>
  !(((m.message.flags as number) ?? 0) & EPHEMERAL) || m.interaction?.userId === userId;

/** The application's own messages in the channel the member can see, oldest first. */
function botMessages(
  emulator: RunningEmulator,
  applicationId: string,
  channelId: string,
  userId: string | undefined,
): StoredMessage[] {
  return Object.values(emulator.world.messages)
    .filter((m) => m.channel_id === channelId && isBots(emulator, applicationId, m) && visibleTo(m, userId))
    .sort(byId);
}

export function latestBotMessage(
  emulator: RunningEmulator,
  applicationId: string,
  channelId: string,
  userId: string | undefined,
): StoredMessage | undefined {
  return botMessages(emulator, applicationId, channelId, userId).at(-1);
}

/** Every message in the channel the member can see, whoever wrote it, newest first. */
export function channelMessagesNewestFirst(
  emulator: RunningEmulator,
  channelId: string,
  userId: string | undefined,
): StoredMessage[] {
  return Object.values(emulator.world.messages)
    .filter((m) => m.channel_id === channelId && visibleTo(m, userId))
    .sort((a, b) => byId(b, a));
}

/** The ids of every message the world holds now: what a step's own messages are told apart from. */
export function messageMark(emulator: RunningEmulator): ReadonlySet<string> {
  return new Set(Object.keys(emulator.world.messages));
}

/** The bot's messages posted since `mark`, in any channel, that the member can see, oldest first: what a step caused. */
export function botMessagesSince(
  emulator: RunningEmulator,
  applicationId: string,
  mark: ReadonlySet<string>,
  userId: string | undefined,
): StoredMessage[] {
  return Object.values(emulator.world.messages)
    .filter((m) => !mark.has(m.id) && isBots(emulator, applicationId, m) && visibleTo(m, userId))
    .sort(byId);
}

/** Where a message is, as a test file's `in:` writes it: `#channel`, or `dm <username>` for the bot's DM with that user. */
export function placeLabel(world: World, channelId: string): string | undefined {
  const found = findChannel(world, channelId);
  if (found) return `#${found.channel.name}`;
  const dm = findDm(world, channelId);
  return dm ? `dm ${knownUser(world, dm.dm.userId)?.username ?? dm.dm.userId}` : undefined;
}

/** The channel a step acts in: named, else the world's first guild's first channel. */
export function channelOf(emulator: RunningEmulator, place: Place): string | undefined {
  if (place.channelId !== undefined) return place.channelId;
  return emulator.world.guilds[emulator.credentials.guildId]?.channels[0]?.id;
}

/** The guild of the step's channel, else the world's first guild. */
export function guildOf(emulator: RunningEmulator, place: Place): string | undefined {
  const channelId = place.channelId;
  if (channelId === undefined) return emulator.credentials.guildId;
  return findChannel(emulator.world, channelId)?.guild.id;
}

/** The member's own latest message in the channel. */
export function latestMemberMessage(
  emulator: RunningEmulator,
  channelId: string,
  userId: string,
): StoredMessage | undefined {
  return Object.values(emulator.world.messages)
    .filter((m) => m.channel_id === channelId && (m.message.author as { id?: string } | undefined)?.id === userId)
    .sort(byId)
    .at(-1);
}

/** The latest message in the channel carrying the member's `emoji` reaction: what an `unreact` takes it back from. */
export function latestReactedMessage(
  emulator: RunningEmulator,
  channelId: string,
  userId: string,
  emoji: string,
): StoredMessage | undefined {
  return Object.values(emulator.world.messages)
    .filter(
      (m) => m.channel_id === channelId && m.reactions?.some((r) => r.emoji === emoji && r.userIds.includes(userId)),
    )
    .sort(byId)
    .at(-1);
}
