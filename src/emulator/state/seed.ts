/**
 * The emulator's starting world: from a Seed (YAML or JSON file, or an
 * object), or a sensible default (one app, one guild with every channel kind,
 * one user bearer token allowed to edit permissions).
 */
import { checkKeyPair, generateKeyPair, type KeyPair } from '../interactions/keys.js';
import { readFile } from 'node:fs/promises';
import { parse as parseYaml } from 'yaml';
import { canonicalCommand, DEFAULT_APP_INTEGRATION_TYPES } from '../../wire/defaults.js';
import type { Limits } from '../../wire/limits.js';
import { validateCommand } from '../../wire/rules/command.js';
import type { Scope } from '../../wire/scope.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { SCOPE_PERMISSIONS_UPDATE } from '../http/auth.js';
import { ensureEntryPoint } from './commands-model.js';
import { makeBotToken, randomToken } from './ids.js';
import { ensureUserBearer, guildManager, USER_GRANT_MS, userBearerOf } from './grants.js';

export { DEFAULT_INSTALL_SCOPES, ensureUserBearer, installOf, ownOwnerlessGuilds } from './grants.js';
import type { StoreMeta } from './store.js';
import { endpointUrl, gatewayFlagsOf, idOr, list, localeOf, SeedError } from './seed-fields.js';
import { defaultGuildSeed, seedGuild } from './seed-guild.js';
import { seedMemberWebhooks } from './seed-webhooks.js';

export { controlTokenProblem, endpointUrl, SeedError } from './seed-fields.js';
export { DEFAULT_APP_PERMISSIONS } from './seed-guild.js';
import type { Application, EmulatorCredentials, Seed, StoredCommand, World } from './world.js';
import type { Obj } from '../../wire/rules/values.js';

export async function readSeedFile(file: string): Promise<Seed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new SeedError(
      `cannot read seed file ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
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
  return {
    serial: 0,
    applications: {},
    guilds: {},
    commands: {},
    permissions: {},
    webhooks: {},
    messages: {},
    bearers: {},
    dailyCreates: {},
  };
}

/**
 * Builds a world from a seed. `seed` undefined means the default world; in a
 * seed, a missing `applications` or `guilds` list means one default entry.
 */
export function buildWorld(
  seed: Seed | undefined,
  nextId: () => Snowflake,
  now: number,
  limits: Limits,
): { world: World; meta: StoreMeta } {
  const s: Seed = seed ?? {};
  if (typeof s !== 'object' || Array.isArray(s)) throw new SeedError('seed must be a mapping');
  const world = emptyWorld();
  const defaultAppId = seedApplications(world, s, nextId);
  const defaultGuild = s.guilds === undefined;
  const guildSeeds = defaultGuild ? [defaultGuildSeed()] : list(s.guilds, 'guilds');
  let defaultGuildId = '';
  guildSeeds.forEach((g, gi) => {
    const guild = seedGuild(world, g, gi, defaultGuild, nextId);
    seedMemberWebhooks(world, guild, g.webhooks, gi, { nextId, limits });
    if (gi === 0) defaultGuildId = guild.id;
  });
  seedBearers(world, s, defaultAppId, guildManager(world, defaultGuildId, nextId), now);
  ensureUserBearer(world, defaultAppId, nextId, now);
  for (const [ci, c] of list(s.commands, 'commands').entries()) seedCommand(world, c, ci, defaultAppId, nextId, limits);
  for (const app of Object.values(world.applications)) ensureEntryPoint(world, app, nextId);
  return { world, meta: { defaultApplicationId: defaultAppId, defaultGuildId } };
}

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
      throw new SeedError(
        `applications[${i}].integration_types must be a list of 0 (guild install) and 1 (user install)`,
      );
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
    if (a.interactions_endpoint_url !== undefined)
      app.interactionsEndpointUrl = endpointUrl(
        a.interactions_endpoint_url,
        `applications[${i}].interactions_endpoint_url`,
      );
    if (a.flags !== undefined) app.profile = { flags: gatewayFlagsOf(a.flags, `applications[${i}].flags`) };
    world.applications[id] = app;
  });
  return defaultAppId;
}

/** Seeded bearer tokens; one without a user is a client-credentials grant. */
function seedBearers(world: World, s: Seed, defaultAppId: Snowflake, manager: Snowflake, now: number): void {
  for (const [bi, b] of list(s.bearer_tokens, 'bearer_tokens').entries()) {
    if (typeof b.token !== 'string' || b.token.length === 0)
      throw new SeedError(`bearer_tokens[${bi}].token must be a non-empty string`);
    const appId = String(b.application_id ?? defaultAppId);
    if (!world.applications[appId])
      throw new SeedError(`bearer_tokens[${bi}].application_id: ${appId} is not a seeded application`);
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

function seedCommand(
  world: World,
  c: Obj,
  ci: number,
  defaultAppId: Snowflake,
  nextId: () => Snowflake,
  limits: Limits,
): void {
  const where = `commands[${ci}]`;
  if (typeof c !== 'object' || c === null) throw new SeedError(`${where} must be a mapping`);
  const { application_id, guild_id, id, ...body } = c;
  const appId = String(application_id ?? defaultAppId);
  const app = world.applications[appId];
  if (!app) throw new SeedError(`${where}.application_id: ${appId} is not a seeded application`);
  const scope: Scope =
    guild_id === undefined || guild_id === null ? { kind: 'global' } : { kind: 'guild', guildId: String(guild_id) };
  if (scope.kind === 'guild' && !world.guilds[scope.guildId])
    throw new SeedError(`${where}.guild_id: ${scope.guildId} is not a seeded guild`);
  const problems = validateCommand(body, { scope, limits }).filter((p) => p.api && p.severity === 'error');
  if (problems.length > 0) throw new SeedError(`${where} (${String(body.name)}): ${problems[0]!.message}`);
  const cmdId = idOr(id, nextId, `${where}.id`);
  const record = canonicalCommand(body, scope, app.integrationTypes);
  const stored = {
    id: cmdId,
    application_id: appId,
    version: nextId(),
    ...record,
    ...(scope.kind === 'guild' ? { guild_id: scope.guildId } : {}),
  } as StoredCommand;
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
