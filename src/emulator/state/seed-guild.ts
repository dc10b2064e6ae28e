/**
 * One seeded guild: its channels (a default guild also gets a thread), the
 * applications installed, its roles and members.
 */
import { ChannelType } from '../../wire/enums.js';
import { NEW_GUILD_EVERYONE_PERMISSIONS, Permission } from '../../wire/permissions.js';
import { isSnowflake, type Snowflake } from '../../wire/snowflake.js';
import { DEFAULT_INSTALL_SCOPES, installOf } from './grants.js';
import { validateChannelBody } from '../../wire/channel-fields.js';
import { defaultAutoArchiveProblems } from '../../wire/thread-fields.js';
import { bitsOf, idOr, list, localeOf, overwriteOf, SeedError, seededScopes } from './seed-fields.js';
import type { Channel, Guild, Seed, World } from './world.js';

export const DEFAULT_CHANNELS: Array<{ type: number; name: string; tags?: string[] }> = [
  { type: ChannelType.GUILD_TEXT, name: 'general' },
  { type: ChannelType.GUILD_ANNOUNCEMENT, name: 'announcements' },
  { type: ChannelType.GUILD_FORUM, name: 'forum', tags: ['bug', 'idea'] },
  { type: ChannelType.GUILD_MEDIA, name: 'media', tags: ['art'] },
];

export function defaultGuildSeed(): NonNullable<Seed['guilds']>[number] {
  return {
    name: 'Emulator Guild',
    channels: DEFAULT_CHANNELS.map((c) => ({
      type: c.type,
      name: c.name,
      available_tags: c.tags?.map((name) => ({ name })),
    })),
    roles: [{ name: 'Moderator' }],
    members: [{ username: 'emulator-user' }],
  };
}

export type GuildSeed = NonNullable<Seed['guilds']>[number];

/** One seeded guild: its channels (a default guild also gets a thread), the applications installed, roles and members. */
export function seedGuild(
  world: World,
  g: GuildSeed,
  gi: number,
  defaultGuild: boolean,
  nextId: () => Snowflake,
): Guild {
  // A generated guild id follows an id burned for it: guild id - 1 is the guild's "all channels" constant,
  // and ids are issued in sequence, so it would otherwise be the application or channel made just before.
  const id = idOr(
    g.id,
    () => {
      nextId();
      return nextId();
    },
    `guilds[${gi}].id`,
  );
  const channels = list(g.channels, `guilds[${gi}].channels`).map((c, ci) =>
    seedChannel(c, `guilds[${gi}].channels[${ci}]`, ci, id, nextId),
  );
  // A default guild also gets a thread under its first text channel.
  if (defaultGuild) {
    const parent = channels.find((c) => c.type === ChannelType.GUILD_TEXT);
    if (parent)
      channels.push({
        id: nextId(),
        guildId: id,
        type: ChannelType.PUBLIC_THREAD,
        name: 'thread',
        parentId: parent.id,
        archived: false,
      });
  }
  const apps: Guild['apps'] = {};
  if (g.apps === undefined)
    for (const appId of Object.keys(world.applications))
      apps[appId] = installOf(DEFAULT_INSTALL_SCOPES, DEFAULT_APP_PERMISSIONS);
  else {
    for (const [appId, cfg] of Object.entries(g.apps)) {
      if (!world.applications[appId]) throw new SeedError(`guilds[${gi}].apps: ${appId} is not a seeded application`);
      const where = `guilds[${gi}].apps.${appId}`;
      // Names or a decimal set, as a role's are: the install's permissions are its managed role's.
      const permissions =
        cfg?.permissions === undefined ? DEFAULT_APP_PERMISSIONS : bitsOf(cfg.permissions, `${where}.permissions`);
      const install = installOf(seededScopes(cfg, where), permissions);
      if (cfg?.role_position !== undefined) install.rolePosition = wholeAt(cfg.role_position, `${where}.role_position`);
      apps[appId] = install;
    }
  }
  const roles = seedRoles(g, gi, id, nextId);
  const members = list(g.members, `guilds[${gi}].members`).map((m, mi) =>
    seedMember(m, `guilds[${gi}].members[${mi}]`, roles, nextId),
  );
  const guild: Guild = { id, name: g.name ?? `guild-${gi + 1}`, channels, roles, members, apps };
  world.guilds[id] = guild;
  if (g.owner_id !== undefined) guild.ownerId = idOr(g.owner_id, nextId, `guilds[${gi}].owner_id`);
  if (g.system_channel !== undefined) {
    const named = channels.find((c) => c.id === String(g.system_channel) || c.name === g.system_channel);
    if (!named) throw new SeedError(`guilds[${gi}].system_channel: ${g.system_channel} is not a channel of the guild`);
    guild.systemChannelId = named.id;
  }
  return guild;
}

export function seedChannel(
  c: NonNullable<GuildSeed['channels']>[number],
  where: string,
  ci: number,
  guildId: Snowflake,
  nextId: () => Snowflake,
): Channel {
  const channel: Channel = {
    id: idOr(c.id, nextId, `${where}.id`),
    guildId,
    type: c.type ?? ChannelType.GUILD_TEXT,
    name: c.name ?? `channel-${ci + 1}`,
  };
  if (c.parent_id !== undefined) channel.parentId = String(c.parent_id);
  if (c.archived !== undefined) channel.archived = c.archived;
  if (c.nsfw === true) channel.nsfw = true;
  seedChannelFields(channel, c, where);
  if (c.available_tags)
    channel.availableTags = c.available_tags.map((t, ti) => ({
      id: idOr(t.id, nextId, `${where}.available_tags[${ti}].id`),
      name: t.name,
    }));
  else if (channel.type === ChannelType.GUILD_FORUM || channel.type === ChannelType.GUILD_MEDIA)
    channel.availableTags = [];
  if (c.permission_overwrites !== undefined)
    channel.permissionOverwrites = list(c.permission_overwrites, `${where}.permission_overwrites`).map((o, oi) =>
      overwriteOf(o, `${where}.permission_overwrites[${oi}]`),
    );
  return channel;
}

/** `topic`, `rate_limit_per_user` (slowmode, seconds) and `default_auto_archive_duration`, held to the service's limits (wire/channel-fields.ts). */
function seedChannelFields(channel: Channel, c: NonNullable<GuildSeed['channels']>[number], where: string): void {
  const fields = {
    topic: c.topic,
    rate_limit_per_user: c.rate_limit_per_user,
    default_auto_archive_duration: c.default_auto_archive_duration,
  };
  const [first] = [
    ...validateChannelBody(fields, { create: false, channelType: channel.type }),
    ...defaultAutoArchiveProblems(fields),
  ];
  if (first) throw new SeedError(`${where}.${first.path.join('.')}: ${first.message}`);
  if (typeof c.topic === 'string' && c.topic !== '') channel.topic = c.topic;
  if (typeof c.rate_limit_per_user === 'number' && c.rate_limit_per_user > 0)
    channel.rateLimitPerUser = c.rate_limit_per_user;
  if (typeof c.default_auto_archive_duration === 'number')
    channel.defaultAutoArchiveDuration = c.default_auto_archive_duration;
}

/**
 * The @everyone role has the guild's id; a seeded role of that id or name only sets its permissions.
 * Unseeded, it holds what a new guild's @everyone holds (USE_APPLICATION_COMMANDS among them).
 */
export function seedRoles(g: GuildSeed, gi: number, guildId: Snowflake, nextId: () => Snowflake): Guild['roles'] {
  const everyone: Guild['roles'][number] = {
    id: guildId,
    name: '@everyone',
    permissions: NEW_GUILD_EVERYONE_PERMISSIONS.toString(),
  };
  const roles: Guild['roles'] = [everyone];
  for (const [ri, r] of list(g.roles, `guilds[${gi}].roles`).entries()) {
    const where = `guilds[${gi}].roles[${ri}]`;
    const isEveryone = r.name === '@everyone' || (r.id !== undefined && String(r.id) === guildId);
    const role: Guild['roles'][number] = isEveryone
      ? everyone
      : { id: idOr(r.id, nextId, `${where}.id`), name: r.name };
    if (r.permissions !== undefined) role.permissions = bitsOf(r.permissions, `${where}.permissions`);
    if (!isEveryone) role.position = r.position === undefined ? roles.length : wholeAt(r.position, `${where}.position`);
    if (!isEveryone) roles.push(role);
  }
  return roles;
}

export function seedMember(
  m: NonNullable<GuildSeed['members']>[number],
  where: string,
  roles: Guild['roles'],
  nextId: () => Snowflake,
): Guild['members'][number] {
  const roleId = (ref: unknown, at: string): Snowflake => {
    const byName = roles.find((r) => r.name === ref);
    if (byName) return byName.id;
    if (isSnowflake(String(ref))) return String(ref);
    throw new SeedError(`${at}: ${JSON.stringify(ref)} is neither a role id nor the name of a seeded role`);
  };
  const member: Guild['members'][number] = { id: idOr(m.id, nextId, `${where}.id`), username: m.username };
  if (m.age_verified !== undefined && typeof m.age_verified !== 'boolean')
    throw new SeedError(`${where}.age_verified must be true or false`);
  if (m.age_verified === true) member.ageVerified = true;
  if (m.roles !== undefined)
    member.roles = list(m.roles, `${where}.roles`).map((ref, ri) => roleId(ref, `${where}.roles[${ri}]`));
  if (m.locale !== undefined) member.locale = localeOf(m.locale, `${where}.locale`);
  return member;
}

/** A position in the hierarchy: a whole number from 1 (0 is @everyone's). */
function wholeAt(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw new SeedError(`${where} must be a whole number from 1 (0 is @everyone's)`);
  return value;
}

export const DEFAULT_APP_PERMISSIONS = Permission.MANAGE_WEBHOOKS.toString();
