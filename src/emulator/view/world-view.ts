/**
 * The world as the web view's side bar shows it: applications, guilds with
 * their roles, members and channels (threads and forum posts under their
 * parents), bans and the audit log's newest entries; each bot's DMs. Pure; never a secret (no tokens, keys or client secrets).
 */
import { isTimedOut } from '../../wire/guild/moderation.js';
import { LOCALES } from '../../wire/locales.js';
import type { World } from '../state/world.js';
import { knownUser } from '../models/dm.js';
import type { ViewWorld } from './world-types.js';

/** The audit log entries the view shows, newest last. */
const AUDIT_SHOWN = 50;

/** `nowMs`: the emulator's clock, which says whose timeout still runs. */
export function viewWorld(
  world: World,
  defaults: { applicationId: string; guildId: string },
  nowMs: number,
): ViewWorld {
  return {
    serial: world.serial,
    defaultApplicationId: defaults.applicationId,
    defaultGuildId: defaults.guildId,
    applications: Object.values(world.applications).map((a) => ({
      id: a.id,
      name: a.name,
      botUserId: a.botUserId,
      delivery: a.interactionsEndpointUrl ? 'http' : 'gateway',
      ...(a.interactionsEndpointUrl ? { interactionsUrl: a.interactionsEndpointUrl } : {}),
      ...(a.dms?.length
        ? {
            dms: a.dms.map((d) => ({
              id: d.id,
              userId: d.userId,
              username: knownUser(world, d.userId)?.username ?? d.userId,
            })),
          }
        : {}),
    })),
    guilds: Object.values(world.guilds).map((g) => ({
      id: g.id,
      name: g.name,
      ...(g.ownerId ? { ownerId: g.ownerId } : {}),
      roles: g.roles.map((r, i) => ({
        id: r.id,
        name: r.name,
        permissions: r.permissions ?? '0',
        position: r.position ?? i,
      })),
      members: g.members.map((m) => ({
        id: m.id,
        username: m.username,
        roles: m.roles ?? [],
        owner: m.id === g.ownerId,
        ...(m.nick ? { nick: m.nick } : {}),
        ...(isTimedOut(m.communicationDisabledUntil, nowMs) ? { timedOutUntil: m.communicationDisabledUntil } : {}),
      })),
      ...(g.bans?.length ? { bans: g.bans.map((b) => ({ ...b })) } : {}),
      ...(g.auditLog?.length
        ? { auditLog: g.auditLog.slice(-AUDIT_SHOWN).map(({ changes: _changes, ...e }) => e) }
        : {}),
      channels: g.channels.map((c) => {
        const tags = c.thread?.appliedTags;
        return {
          id: c.id,
          name: c.name,
          type: c.type,
          ...(c.parentId ? { parentId: c.parentId } : {}),
          ...(c.archived ? { archived: true } : {}),
          ...(c.nsfw ? { nsfw: true } : {}),
          ...(tags && tags.length > 0 ? { appliedTags: tags } : {}),
          ...(c.availableTags && c.availableTags.length > 0 ? { availableTags: c.availableTags } : {}),
          ...(c.topic ? { topic: c.topic } : {}),
          ...(c.rateLimitPerUser ? { rateLimitPerUser: c.rateLimitPerUser } : {}),
          ...(c.permissionOverwrites && c.permissionOverwrites.length > 0
            ? { overwrites: c.permissionOverwrites.map((o) => ({ ...o })) }
            : {}),
          ...(c.thread?.locked ? { locked: true } : {}),
          ...(c.thread ? { threadMembers: c.thread.members.map((m) => m.id) } : {}),
        };
      }),
      apps: Object.entries(g.apps).map(([id, a]) => ({ id, commandsScope: a.commandsScope })),
    })),
    locales: LOCALES,
  };
}
