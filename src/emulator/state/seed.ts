/**
 * The emulator's starting world: from a Seed (YAML or JSON file, or an
 * object), or a sensible default (one app, one guild with every channel kind,
 * one user bearer token allowed to edit permissions).
 */
import { checkKeyPair, generateKeyPair, type KeyPair } from '../interactions/keys.js';
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { canonicalCommand, DEFAULT_APP_INTEGRATION_TYPES } from '../../wire/defaults.js';
import { ChannelType, OverwriteType } from '../../wire/enums.js';
import { isLocale, suggestLocale } from '../../wire/locales.js';
import type { Limits } from '../../wire/limits.js';
import { NEW_GUILD_EVERYONE_PERMISSIONS, PERMISSION_BITS, parsePermissionSet } from '../../wire/permissions.js';
import { GUILD_INSTALL_SCOPES } from '../../wire/installation.js';
import { GATEWAY_FLAG_NAMES } from '../../wire/intents.js';
import { validateCommand } from '../../wire/rules/command.js';
import type { Scope } from '../../wire/scope.js';
import { isSnowflake, type Snowflake } from '../../wire/snowflake.js';
import { SCOPE_PERMISSIONS_UPDATE } from '../http/auth.js';
import { ensureEntryPoint } from './commands-model.js';
import { makeBotToken, randomToken } from './ids.js';
import { DEFAULT_INSTALL_SCOPES, ensureUserBearer, guildManager, installOf, USER_GRANT_MS, userBearerOf } from './grants.js';

export { DEFAULT_INSTALL_SCOPES, ensureUserBearer, installOf, ownOwnerlessGuilds } from './grants.js';
import type { StoreMeta } from './store.js';
import type { Application, Channel, EmulatorCredentials, Guild, Seed, StoredCommand, World } from './world.js';

/** A seed that cannot be used; the message names the field. */
export class SeedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SeedError';
  }
}

export const DEFAULT_APP_PERMISSIONS = PERMISSION_BITS.MANAGE_WEBHOOKS!.toString();

export async function readSeedFile(file: string): Promise<Seed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new SeedError(`cannot read seed file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
  let doc: unknown;
  try {
    // YAML is a superset of JSON: one parser reads both.
    doc = parseYaml(text);
  } catch (err) {
    throw new SeedError(`seed file ${file} is not valid YAML or JSON: ${(err as Error).message.split('\n')[0]}`);
  }
  if (doc === null || doc === undefined) return {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new SeedError(`seed file ${file} must hold a mapping`);
  return doc as Seed;
}

function emptyWorld(): World {
  return { serial: 0, applications: {}, guilds: {}, commands: {}, permissions: {}, webhooks: {}, messages: {}, bearers: {}, dailyCreates: {} };
}

function idOr(value: unknown, nextId: () => Snowflake, where: string): Snowflake {
  if (value === undefined || value === null) return nextId();
  const text = typeof value === 'number' ? String(value) : value;
  if (!isSnowflake(text)) throw new SeedError(`${where}: ${JSON.stringify(value)} is not a snowflake (give ids as strings)`);
  return text;
}

function list<T>(value: T[] | undefined, where: string): T[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new SeedError(`${where} must be a list`);
  return value;
}

const DEFAULT_CHANNELS: Array<{ type: number; name: string; tags?: string[] }> = [
  { type: ChannelType.GUILD_TEXT, name: 'general' },
  { type: ChannelType.GUILD_ANNOUNCEMENT, name: 'announcements' },
  { type: ChannelType.GUILD_FORUM, name: 'forum', tags: ['bug', 'idea'] },
  { type: ChannelType.GUILD_MEDIA, name: 'media', tags: ['art'] },
];

function defaultGuildSeed(): NonNullable<Seed['guilds']>[number] {
  return {
    name: 'Emulator Guild',
    channels: DEFAULT_CHANNELS.map((c) => ({ type: c.type, name: c.name, available_tags: c.tags?.map((name) => ({ name })) })),
    roles: [{ name: 'Moderator' }],
    members: [{ username: 'emulator-user' }],
  };
}

/**
 * Builds a world from a seed. `seed` undefined means the default world; in a
 * seed, a missing `applications` or `guilds` list means one default entry.
 */
export function buildWorld(seed: Seed | undefined, nextId: () => Snowflake, now: number, limits: Limits): { world: World; meta: StoreMeta } {
  const s: Seed = seed ?? {};
  if (typeof s !== 'object' || Array.isArray(s)) throw new SeedError('seed must be a mapping');
  const world = emptyWorld();
  const defaultAppId = seedApplications(world, s, nextId);
  const defaultGuild = s.guilds === undefined;
  const guildSeeds = defaultGuild ? [defaultGuildSeed()] : list(s.guilds, 'guilds');
  let defaultGuildId = '';
  guildSeeds.forEach((g, gi) => {
    const guild = seedGuild(world, g, gi, defaultGuild, nextId);
    if (gi === 0) defaultGuildId = guild.id;
  });
  seedBearers(world, s, defaultAppId, guildManager(world, defaultGuildId, nextId), now);
  ensureUserBearer(world, defaultAppId, nextId, now);
  for (const [ci, c] of list(s.commands, 'commands').entries()) seedCommand(world, c, ci, defaultAppId, nextId, limits);
  for (const app of Object.values(world.applications)) ensureEntryPoint(world, app, nextId);
  return { world, meta: { defaultApplicationId: defaultAppId, defaultGuildId } };
}

type GuildSeed = NonNullable<Seed['guilds']>[number];

/** The seeded applications (one default when the seed lists none); the first one's id, the default application. */
function seedApplications(world: World, s: Seed, nextId: () => Snowflake): Snowflake {
  const appSeeds = s.applications === undefined ? [{}] : list(s.applications, 'applications');
  if (appSeeds.length === 0) throw new SeedError('applications: at least one application is needed');
  let defaultAppId = '';
  appSeeds.forEach((a, i) => {
    const id = idOr(a.id, nextId, `applications[${i}].id`);
    if (i === 0) defaultAppId = id;
    if (world.applications[id]) throw new SeedError(`applications[${i}].id: ${id} is used twice`);
    const integrationTypes = a.integration_types ?? [...DEFAULT_APP_INTEGRATION_TYPES];
    if (!Array.isArray(integrationTypes) || integrationTypes.some((t) => t !== 0 && t !== 1)) {
      throw new SeedError(`applications[${i}].integration_types must be a list of 0 (guild install) and 1 (user install)`);
    }
    const app: Application = {
      id,
      name: a.name ?? `app-${i + 1}`,
      botToken: a.bot_token ?? makeBotToken(id),
      clientSecret: a.client_secret ?? randomToken(24),
      botUserId: id,
      embedded: a.embedded === true,
      integrationTypes,
      ...(a.discoverable === true ? { discoverable: true } : {}),
      ...seededKeys(a, i),
    };
    if (a.interactions_endpoint_url !== undefined) app.interactionsEndpointUrl = endpointUrl(a.interactions_endpoint_url, `applications[${i}].interactions_endpoint_url`);
    if (a.flags !== undefined) app.profile = { flags: gatewayFlagsOf(a.flags, `applications[${i}].flags`) };
    world.applications[id] = app;
  });
  return defaultAppId;
}

/** A seed's application `flags`: the gateway-intent flags by name (GATEWAY_MESSAGE_CONTENT, …); none enabled when left out, as for a new app. */
function gatewayFlagsOf(flags: unknown, where: string): number {
  const names = Object.keys(GATEWAY_FLAG_NAMES);
  if (!Array.isArray(flags)) throw new SeedError(`${where} must be a list of flag names (${names.join(', ')})`);
  let bits = 0;
  for (const [fi, name] of flags.entries()) {
    const bit = typeof name === 'string' && Object.hasOwn(GATEWAY_FLAG_NAMES, name) ? GATEWAY_FLAG_NAMES[name]! : undefined;
    if (bit === undefined) throw new SeedError(`${where}[${fi}]: ${JSON.stringify(name)} is not an application flag the emulator takes (${names.join(', ')})`);
    bits |= bit;
  }
  return bits;
}

/** One seeded guild: its channels (a default guild also gets a thread), the applications installed, roles and members. */
function seedGuild(world: World, g: GuildSeed, gi: number, defaultGuild: boolean, nextId: () => Snowflake): Guild {
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
  const channels = list(g.channels, `guilds[${gi}].channels`).map((c, ci) => seedChannel(c, `guilds[${gi}].channels[${ci}]`, ci, id, nextId));
  // A default guild also gets a thread under its first text channel.
  if (defaultGuild) {
    const parent = channels.find((c) => c.type === ChannelType.GUILD_TEXT);
    if (parent) channels.push({ id: nextId(), guildId: id, type: ChannelType.PUBLIC_THREAD, name: 'thread', parentId: parent.id, archived: false });
  }
  const apps: Guild['apps'] = {};
  if (g.apps === undefined) for (const appId of Object.keys(world.applications)) apps[appId] = installOf(DEFAULT_INSTALL_SCOPES, DEFAULT_APP_PERMISSIONS);
  else {
    for (const [appId, cfg] of Object.entries(g.apps)) {
      if (!world.applications[appId]) throw new SeedError(`guilds[${gi}].apps: ${appId} is not a seeded application`);
      apps[appId] = installOf(seededScopes(cfg, `guilds[${gi}].apps.${appId}`), cfg?.permissions ?? DEFAULT_APP_PERMISSIONS);
    }
  }
  const roles = seedRoles(g, gi, id, nextId);
  const members = list(g.members, `guilds[${gi}].members`).map((m, mi) => seedMember(m, `guilds[${gi}].members[${mi}]`, roles, nextId));
  const guild: Guild = { id, name: g.name ?? `guild-${gi + 1}`, channels, roles, members, apps };
  world.guilds[id] = guild;
  if (g.owner_id !== undefined) guild.ownerId = idOr(g.owner_id, nextId, `guilds[${gi}].owner_id`);
  return guild;
}

function seedChannel(c: NonNullable<GuildSeed['channels']>[number], where: string, ci: number, guildId: Snowflake, nextId: () => Snowflake): Channel {
  const channel: Channel = { id: idOr(c.id, nextId, `${where}.id`), guildId, type: c.type ?? ChannelType.GUILD_TEXT, name: c.name ?? `channel-${ci + 1}` };
  if (c.parent_id !== undefined) channel.parentId = String(c.parent_id);
  if (c.archived !== undefined) channel.archived = c.archived;
  if (c.nsfw === true) channel.nsfw = true;
  if (c.available_tags) channel.availableTags = c.available_tags.map((t, ti) => ({ id: idOr(t.id, nextId, `${where}.available_tags[${ti}].id`), name: t.name }));
  else if (channel.type === ChannelType.GUILD_FORUM || channel.type === ChannelType.GUILD_MEDIA) channel.availableTags = [];
  if (c.permission_overwrites !== undefined)
    channel.permissionOverwrites = list(c.permission_overwrites, `${where}.permission_overwrites`).map((o, oi) => overwriteOf(o, `${where}.permission_overwrites[${oi}]`));
  return channel;
}

/**
 * The @everyone role has the guild's id; a seeded role of that id or name only sets its permissions.
 * Unseeded, it holds what a new guild's @everyone holds (USE_APPLICATION_COMMANDS among them).
 */
function seedRoles(g: GuildSeed, gi: number, guildId: Snowflake, nextId: () => Snowflake): Guild['roles'] {
  const everyone: Guild['roles'][number] = { id: guildId, name: '@everyone', permissions: NEW_GUILD_EVERYONE_PERMISSIONS.toString() };
  const roles: Guild['roles'] = [everyone];
  for (const [ri, r] of list(g.roles, `guilds[${gi}].roles`).entries()) {
    const where = `guilds[${gi}].roles[${ri}]`;
    const isEveryone = r.name === '@everyone' || (r.id !== undefined && String(r.id) === guildId);
    const role: Guild['roles'][number] = isEveryone ? everyone : { id: idOr(r.id, nextId, `${where}.id`), name: r.name };
    if (r.permissions !== undefined) role.permissions = bitsOf(r.permissions, `${where}.permissions`);
    if (!isEveryone) roles.push(role);
  }
  return roles;
}

function seedMember(m: NonNullable<GuildSeed['members']>[number], where: string, roles: Guild['roles'], nextId: () => Snowflake): Guild['members'][number] {
  const roleId = (ref: unknown, at: string): Snowflake => {
    const byName = roles.find((r) => r.name === ref);
    if (byName) return byName.id;
    if (isSnowflake(String(ref))) return String(ref);
    throw new SeedError(`${at}: ${JSON.stringify(ref)} is neither a role id nor the name of a seeded role`);
  };
  const member: Guild['members'][number] = { id: idOr(m.id, nextId, `${where}.id`), username: m.username };
  if (m.age_verified !== undefined && typeof m.age_verified !== 'boolean') throw new SeedError(`${where}.age_verified must be true or false`);
  if (m.age_verified === true) member.ageVerified = true;
  if (m.roles !== undefined) member.roles = list(m.roles, `${where}.roles`).map((ref, ri) => roleId(ref, `${where}.roles[${ri}]`));
  if (m.locale !== undefined) member.locale = localeOf(m.locale, `${where}.locale`);
  return member;
}

/** Seeded bearer tokens; one without a user is a client-credentials grant. */
function seedBearers(world: World, s: Seed, defaultAppId: Snowflake, manager: Snowflake, now: number): void {
  for (const [bi, b] of list(s.bearer_tokens, 'bearer_tokens').entries()) {
    if (typeof b.token !== 'string' || b.token.length === 0) throw new SeedError(`bearer_tokens[${bi}].token must be a non-empty string`);
    const appId = String(b.application_id ?? defaultAppId);
    if (!world.applications[appId]) throw new SeedError(`bearer_tokens[${bi}].application_id: ${appId} is not a seeded application`);
    world.bearers[b.token] = {
      applicationId: appId,
      scopes: b.scopes ?? [SCOPE_PERMISSIONS_UPDATE],
      // `user_id: null`: a client-credentials grant (the application owner's), as /oauth2/token makes.
      ...(b.user_id === null ? {} : { userId: b.user_id !== undefined ? String(b.user_id) : manager }),
      expiresAt: now + USER_GRANT_MS,
      ...(b.locale !== undefined ? { locale: localeOf(b.locale, `bearer_tokens[${bi}].locale`) } : {}),
    };
  }
}

/** A user's language setting: one of the service's locale keys. */
function localeOf(value: unknown, where: string): string {
  if (typeof value === 'string' && isLocale(value)) return value;
  const hint = typeof value === 'string' ? suggestLocale(value) : undefined;
  throw new SeedError(`${where}: ${JSON.stringify(value)} is not a locale${hint ? `; did you mean "${hint}"?` : ' (e.g. en-US, fr, pt-BR)'}`);
}

/** A seed's permission set (names or a decimal string) as the decimal string the world keeps. */
function bitsOf(value: unknown, where: string): string {
  const parsed =
    typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
      ? { bits: BigInt(value) }
      : typeof value === 'string' || Array.isArray(value)
        ? parsePermissionSet(value as string | string[])
        : undefined;
  if (!parsed) throw new SeedError(`${where} must be permission names or a decimal bit set`);
  if ('unknown' in parsed) throw new SeedError(`${where}: "${parsed.unknown}" is not a permission name (e.g. SEND_MESSAGES, BAN_MEMBERS)`);
  return parsed.bits.toString();
}

function overwriteOf(o: { id: unknown; type: unknown; allow?: unknown; deny?: unknown }, where: string): NonNullable<Channel['permissionOverwrites']>[number] {
  if (typeof o !== 'object' || o === null) throw new SeedError(`${where} must be a mapping`);
  const type = o.type === 'role' || o.type === OverwriteType.ROLE ? OverwriteType.ROLE : o.type === 'member' || o.type === OverwriteType.MEMBER ? OverwriteType.MEMBER : undefined;
  if (type === undefined) throw new SeedError(`${where}.type must be role or member`);
  const id = typeof o.id === 'number' ? String(o.id) : o.id;
  if (!isSnowflake(id)) throw new SeedError(`${where}.id: ${JSON.stringify(o.id)} is not a snowflake (give ids as strings)`);
  return { id, type, allow: o.allow === undefined ? '0' : bitsOf(o.allow, `${where}.allow`), deny: o.deny === undefined ? '0' : bitsOf(o.deny, `${where}.deny`) };
}

function seededScopes(cfg: { scopes?: unknown; commands_scope?: unknown } | null | undefined, where: string): readonly string[] {
  if (cfg?.scopes === undefined) return cfg?.commands_scope === false ? [] : DEFAULT_INSTALL_SCOPES;
  if (!Array.isArray(cfg.scopes) || cfg.scopes.some((x) => !GUILD_INSTALL_SCOPES.includes(x as string))) {
    throw new SeedError(`${where}.scopes must be a list of ${GUILD_INSTALL_SCOPES.join(' and ')}`);
  }
  return cfg.scopes as string[];
}

function seedCommand(world: World, c: Record<string, unknown>, ci: number, defaultAppId: Snowflake, nextId: () => Snowflake, limits: Limits): void {
  const where = `commands[${ci}]`;
  if (typeof c !== 'object' || c === null) throw new SeedError(`${where} must be a mapping`);
  const { application_id, guild_id, id, ...body } = c;
  const appId = String(application_id ?? defaultAppId);
  const app = world.applications[appId];
  if (!app) throw new SeedError(`${where}.application_id: ${appId} is not a seeded application`);
  const scope: Scope = guild_id === undefined || guild_id === null ? { kind: 'global' } : { kind: 'guild', guildId: String(guild_id) };
  if (scope.kind === 'guild' && !world.guilds[scope.guildId]) throw new SeedError(`${where}.guild_id: ${scope.guildId} is not a seeded guild`);
  const problems = validateCommand(body, { scope, limits }).filter((p) => p.api && p.severity === 'error');
  if (problems.length > 0) throw new SeedError(`${where} (${String(body.name)}): ${problems[0]!.message}`);
  const cmdId = idOr(id, nextId, `${where}.id`);
  const record = canonicalCommand(body, scope, app.integrationTypes);
  const stored = { id: cmdId, application_id: appId, version: nextId(), ...record, ...(scope.kind === 'guild' ? { guild_id: scope.guildId } : {}) } as StoredCommand;
  world.commands[cmdId] = stored;
}

/** The credentials of the default application, read from the world. */
export function credentialsOf(world: World, meta: StoreMeta, now: number): EmulatorCredentials {
  const app = world.applications[meta.defaultApplicationId];
  if (!app) throw new SeedError(`default application ${meta.defaultApplicationId} is missing from the world`);
  return {
    applicationId: app.id,
    botToken: app.botToken,
    clientId: app.id,
    clientSecret: app.clientSecret ?? '',
    bearerToken: userBearerOf(world, app.id, now) ?? '',
    guildId: meta.defaultGuildId,
    publicKey: app.publicKey ?? '',
  };
}

function seededKeys(a: NonNullable<Seed['applications']>[number], i: number): KeyPair {
  if (a.public_key === undefined && a.private_key === undefined) return generateKeyPair();
  const pair = { publicKey: String(a.public_key ?? ''), privateKey: String(a.private_key ?? '') };
  const bad = checkKeyPair(pair);
  if (bad) throw new SeedError(`applications[${i}]: ${bad}`);
  return { publicKey: pair.publicKey.toLowerCase(), privateKey: pair.privateKey.toLowerCase() };
}

/** What is wrong with a control token, or undefined: it travels in a header, and guards the control routes. */
export function controlTokenProblem(value: unknown): string | undefined {
  if (typeof value !== 'string') return 'must be a string';
  if (!/^[\x21-\x7e]{8,256}$/.test(value)) return 'must be 8 to 256 visible ASCII characters (no spaces)';
  return undefined;
}

/** An interactions endpoint must be an absolute http(s) URL. */
export function endpointUrl(value: unknown, where: string): string {
  try {
    const u = new URL(String(value));
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    // reported below
  }
  throw new SeedError(`${where} must be an http:// or https:// URL`);
}
