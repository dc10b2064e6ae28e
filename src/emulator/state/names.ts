/**
 * Names in place of ids, resolved against the world in one place for every
 * way in (`cmdsync invoke`, POST /__emulator/interactions, `invoke()`):
 * `--application Helper`, `--guild Test`, `--channel general` (or
 * `#general`), `--user bob` (or `@bob`), `--target bob` for a user command,
 * and `@name`/`#name` option values (`nameLookup`). An id is taken as it is;
 * an unknown or ambiguous name is a problem listing the candidates (spec
 * interactions/names.ts).
 */
import type { GuildFacts } from '../../wire/interactions/payload.js';
import {
  matchName,
  nameLookup,
  type NameCandidate,
  type NameKind,
  type NameMatch,
} from '../../wire/interactions/names.js';
import { isSnowflake, type Snowflake } from '../../wire/snowflake.js';
import { own } from './own.js';
import type { Guild, World } from './world.js';

/** The request fields that take a name or an id. */
export interface NamedRefs {
  applicationId?: string;
  guildId?: string;
  channelId?: string;
  userId?: string;
  target?: string;
  userCommand?: string;
  messageCommand?: string;
}

type Resolved<T> = T | { problem: string };

function resolve(
  kind: NameKind,
  value: string,
  sigil: string,
  candidates: () => NameCandidate[],
  where: string,
): Resolved<string> {
  const text: string = value;
  if (isSnowflake(value)) return value;
  const name = sigil && text.startsWith(sigil) && text.length > 1 ? text.slice(1) : text;
  const match = matchName(kind, name, candidates(), where);
  return 'problem' in match ? match : match.id;
}

const guildOf = (world: World, channelId: Snowflake): Guild | undefined =>
  Object.values(world.guilds).find((g) => g.channels.some((c) => c.id === channelId));
const nameOf = (g: Guild) => `guild ${g.name} (${g.id})`;

function channelCandidates(world: World, guild: Guild | undefined): NameCandidate[] {
  if (guild) return guild.channels.map((c) => ({ id: c.id, name: c.name }));
  return Object.values(world.guilds).flatMap((g) =>
    g.channels.map((c) => ({ id: c.id, name: c.name, note: `in ${nameOf(g)}` })),
  );
}

function memberCandidates(world: World, guild: Guild | undefined): NameCandidate[] {
  if (guild) return guild.members.map((m) => ({ id: m.id, name: m.username }));
  // A DM: anyone the emulator knows, once each.
  const byId = new Map<string, NameCandidate>();
  for (const g of Object.values(world.guilds))
    for (const m of g.members) if (!byId.has(m.id)) byId.set(m.id, { id: m.id, name: m.username });
  return [...byId.values()];
}

/**
 * The request with every name replaced by its id, or the first problem.
 * Without a place, a message command is used where its target message is.
 */
export function resolveNames<T extends NamedRefs>(
  world: World,
  req: T,
  defaultGuildId: Snowflake,
): T | { problem: string } {
  const out: T = { ...req };
  if (req.applicationId !== undefined) {
    const id = resolve(
      'application',
      req.applicationId,
      '',
      () => Object.values(world.applications).map((a) => ({ id: a.id, name: a.name })),
      'in this emulator',
    );
    if (typeof id !== 'string') return id;
    out.applicationId = id;
  }
  if (req.guildId !== undefined) {
    const id = resolve(
      'guild',
      req.guildId,
      '',
      () => Object.values(world.guilds).map((g) => ({ id: g.id, name: g.name })),
      'in this emulator',
    );
    if (typeof id !== 'string') return id;
    out.guildId = id;
  }
  if (req.channelId !== undefined) {
    const only = Object.values(world.guilds);
    const guild = out.guildId !== undefined ? own(world.guilds, out.guildId) : only.length === 1 ? only[0] : undefined;
    const id = resolve(
      'channel',
      req.channelId,
      '#',
      () => channelCandidates(world, guild),
      guild ? `in ${nameOf(guild)}` : 'in any guild',
    );
    if (typeof id !== 'string') return id;
    out.channelId = id;
  }
  if (req.messageCommand !== undefined && req.target !== undefined && !isSnowflake(req.target)) {
    return { problem: `a message command's target is a message id, not ${JSON.stringify(req.target)}` };
  }
  if (
    req.messageCommand !== undefined &&
    out.channelId === undefined &&
    out.guildId === undefined &&
    req.target !== undefined
  ) {
    const message = own(world.messages, req.target);
    if (message) out.channelId = message.channel_id;
  }
  // Members are looked up in the guild the invocation happens in (resolvePlace's choice), or everywhere in a DM.
  const guild =
    out.channelId !== undefined ? guildOf(world, out.channelId) : own(world.guilds, out.guildId ?? defaultGuildId);
  const where = guild ? `in ${nameOf(guild)}` : 'in any guild';
  const fields: Array<'userId' | 'target'> = req.userCommand !== undefined ? ['userId', 'target'] : ['userId'];
  for (const field of fields) {
    const value = req[field];
    if (value === undefined) continue;
    const id = resolve('user', value, '@', () => memberCandidates(world, guild), where);
    if (typeof id !== 'string') return id;
    out[field] = id;
  }
  return out;
}

/** `MentionLookup.named` for option values: the members, roles and channels of the guild (in a DM: the people in it). */
export function placeNames(
  facts: GuildFacts | undefined,
  dmUsers: NameCandidate[],
): (kind: 'user' | 'role' | 'channel', name: string) => NameMatch {
  return nameLookup({
    users: facts ? facts.members.map((m) => ({ id: m.id, name: m.username })) : dmUsers,
    roles: (facts?.roles ?? []).map((r) => ({ id: r.id, name: r.name })),
    channels: (facts?.channels ?? []).map((c) => ({ id: c.id, name: c.name })),
    where: facts ? 'in this server' : 'in this DM',
  });
}
