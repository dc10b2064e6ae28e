/**
 * The guild's facts a step's `world:` names, read from the emulator's world
 * as it stands (so waiting reads them again as the bot changes the guild):
 * names of members, roles, channels and threads; pinned messages' text;
 * who may see a channel, through the access model.
 */
import type { RunningEmulator } from '../../emulator/index.js';
import { channelFacts, guildFacts } from '../../emulator/interactions/place.js';
import type { Guild } from '../../emulator/state/world.js';
import { isThreadType } from '../../wire/channels.js';
import { isTimedOut } from '../../wire/guild/moderation.js';
import { memberChannelPermissions } from '../../wire/interactions/payload.js';
import { Permission } from '../../wire/permissions.js';
import type { WorldExpectation, WorldFact, WorldValue } from '../world-facts.js';

const sorted = (names: Iterable<string>): WorldValue => ({ names: [...names].sort() });

function memberOf(guild: Guild, ref: string) {
  return guild.members.find((m) => m.id === ref || m.username === ref);
}

function channelOf(guild: Guild, ref: string) {
  return guild.channels.find((c) => c.id === ref || c.name === ref);
}

function readFact(emulator: RunningEmulator, guild: Guild, fact: WorldFact): WorldValue {
  const roleName = (id: string) => guild.roles.find((r) => r.id === id)?.name ?? id;
  switch (fact.kind) {
    case 'bans':
      return sorted((guild.bans ?? []).map((b) => b.username));
    case 'members':
      return sorted(guild.members.map((m) => m.username));
    case 'roles':
      return sorted(guild.roles.filter((r) => r.id !== guild.id).map((r) => r.name));
    case 'channels':
      return sorted(guild.channels.filter((c) => !isThreadType(c.type)).map((c) => c.name));
    case 'timed out': {
      const now = emulator.harness!.now();
      return sorted(guild.members.filter((m) => isTimedOut(m.communicationDisabledUntil, now)).map((m) => m.username));
    }
    case 'roles of':
    case 'nick of': {
      const member = memberOf(guild, fact.member);
      if (!member) return { missing: `no member ${fact.member} in ${guild.name}` };
      return fact.kind === 'nick of' ? { text: member.nick } : sorted((member.roles ?? []).map(roleName));
    }
    default: {
      const channel = channelOf(guild, fact.channel);
      if (!channel) return { missing: `no channel #${fact.channel} in ${guild.name}` };
      if (fact.kind === 'threads in')
        return sorted(
          guild.channels.filter((c) => c.parentId === channel.id && isThreadType(c.type)).map((c) => c.name),
        );
      if (fact.kind === 'pins in')
        return {
          names: Object.values(emulator.world.messages)
            .filter((m) => m.channel_id === channel.id && m.message.pinned === true)
            .map((m) => String(m.message.content ?? '')),
        };
      return sorted(whoSees(guild, channel.id));
    }
  }
}

/** The members who may view the channel (VIEW_CHANNEL after its overwrites): a private ticket's members. */
function whoSees(guild: Guild, channelId: string): string[] {
  const g = guildFacts(guild);
  const facts = channelFacts(guild, channelId)!;
  const view = Permission.VIEW_CHANNEL;
  return guild.members
    .filter((m) => (memberChannelPermissions(g, { id: m.id, roleIds: m.roles ?? [] }, facts) & view) === view)
    .map((m) => m.username);
}

/** Each expectation's fact as it is now, by its key; undefined when the step names none. */
export function readWorldFacts(
  emulator: RunningEmulator,
  guildId: string | undefined,
  wanted: readonly WorldExpectation[] | undefined,
): Record<string, WorldValue> | undefined {
  if (!wanted?.length) return undefined;
  const guild = guildId !== undefined ? emulator.world.guilds[guildId] : undefined;
  const out: Record<string, WorldValue> = {};
  for (const w of wanted) out[w.key] = guild ? readFact(emulator, guild, w.fact) : { missing: 'no guild' };
  return out;
}
