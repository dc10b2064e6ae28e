/**
 * Makes an emulator data file fit a manifest before the emulator starts:
 * `plan|apply|pull --emulator` name an application and guilds the local world
 * must know, or every request would answer Unknown Guild / 401. Existing
 * state is kept; only what is missing is added. Working on the file (not on
 * a running server's world) keeps the one-writer rule of the store: the
 * emulator reads the result at start and persists on its own from then on.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { resolveLimits } from '../../wire/limits.js';
import { DEFAULT_APP_INTEGRATION_TYPES } from '../../wire/defaults.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { ApplicationTraits } from '../../wire/service-rules.js';
import { ensureEntryPoint } from './commands-model.js';
import { highestSnowflake, makeBotToken, randomToken, SnowflakeGenerator } from './ids.js';
import {
  buildWorld,
  credentialsOf,
  DEFAULT_APP_PERMISSIONS,
  DEFAULT_INSTALL_SCOPES,
  ensureUserBearer,
  installOf,
  ownOwnerlessGuilds,
} from './seed.js';
import { NEW_GUILD_EVERYONE_PERMISSIONS } from '../../wire/permissions.js';
import { Store } from './store.js';
import type { EmulatorCredentials, World } from './world.js';

export interface ProvisionRequest {
  /** The application the caller will act as; undefined = the world's default application. */
  applicationId?: Snowflake;
  /** Guilds that must exist with the application installed (applications.commands + MANAGE_WEBHOOKS). */
  guilds: Array<{ id: Snowflake; name?: string }>;
  /** Channels that must exist somewhere (those the manifest declares webhooks in); missing ones become text channels of `channelGuild`. */
  channels?: Snowflake[];
  channelGuild?: Snowflake;
  /**
   * What the manifest's `application:` says the application is; the local
   * stand-in becomes that. Without it the application is left as it is (a new
   * one is the default application a standalone emulator starts with), so a
   * manifest that needs more fails here as it would against `cmdsync emulator`.
   */
  application?: ApplicationTraits;
}

/**
 * Adds to `world` what `want` names and it lacks: the application (with a bot
 * token, client secret and a user bearer able to edit permissions), each
 * guild, and the application's install in each of those guilds. Returns
 * whether anything changed. Never removes or alters what is there.
 */
export function provisionWorld(world: World, want: ProvisionRequest, nextId: () => Snowflake, now: number): boolean {
  let changed = false;
  const appId = want.applicationId;
  if (appId !== undefined && !world.applications[appId]) {
    world.applications[appId] = {
      id: appId,
      name: `app-${appId}`,
      botToken: makeBotToken(appId),
      clientSecret: randomToken(24),
      botUserId: appId,
      embedded: false,
      integrationTypes: [...DEFAULT_APP_INTEGRATION_TYPES],
    };
    changed = true;
  }
  const app = world.applications[appId ?? ''];
  if (app && want.application) {
    const { embedded, integrationTypes, discoverable } = want.application;
    if (
      app.embedded !== embedded ||
      app.integrationTypes.join() !== integrationTypes.join() ||
      (app.discoverable === true) !== discoverable
    ) {
      app.embedded = embedded;
      app.integrationTypes = [...integrationTypes];
      if (discoverable) app.discoverable = true;
      else delete app.discoverable;
      // Turning Activities on makes the service create the entry point command (Launch), as a seeded embedded app has.
      ensureEntryPoint(world, app, nextId);
      changed = true;
    }
  }
  for (const g of want.guilds) {
    let guild = world.guilds[g.id];
    if (!guild) {
      // The @everyone role has the guild's id, as buildWorld does.
      guild = {
        id: g.id,
        name: g.name ?? `guild-${g.id}`,
        channels: [],
        roles: [{ id: g.id, name: '@everyone', permissions: NEW_GUILD_EVERYONE_PERMISSIONS.toString() }],
        members: [],
        apps: {},
      };
      world.guilds[g.id] = guild;
      changed = true;
    }
    if (appId !== undefined && !guild.apps[appId]?.commandsScope) {
      guild.apps[appId] = installOf(DEFAULT_INSTALL_SCOPES, guild.apps[appId]?.permissions ?? DEFAULT_APP_PERMISSIONS);
      changed = true;
    }
  }
  const home = world.guilds[want.channelGuild ?? want.guilds[0]?.id ?? ''] ?? Object.values(world.guilds)[0];
  for (const id of want.channels ?? []) {
    if (!home || Object.values(world.guilds).some((g) => g.channels.some((c) => c.id === id))) continue;
    home.channels.push({ id, guildId: home.id, type: 0, name: `channel-${id}` });
    changed = true;
  }
  if (appId !== undefined && ensureUserBearer(world, appId, nextId, now)) changed = true;
  if (appId !== undefined && ownOwnerlessGuilds(world, appId, now)) changed = true;
  if (changed) world.serial += 1;
  return changed;
}

/**
 * Creates or updates the data file so the world holds what `want` names, and
 * returns the credentials to use against it (those of `want.applicationId`,
 * or of the default application). A new file starts from the default world
 * (one app, one sandbox guild with every channel kind) with `want`'s
 * application as the default one. Throws EmulatorDataError for a file that is
 * not an emulator data file.
 */
export function provisionDataFile(
  file: string,
  want: ProvisionRequest,
  now: number = Date.now(),
): { credentials: EmulatorCredentials; created: boolean; changed: boolean } {
  mkdirSync(dirname(file), { recursive: true });
  const loaded = Store.load(file);
  let store: Store;
  let gen: SnowflakeGenerator;
  if (loaded) {
    gen = new SnowflakeGenerator(highestSnowflake(loaded.world));
    // No message cap here: provisioning adds what is missing and drops nothing; the emulator applies its cap at start.
    store = new Store(loaded.world, loaded.meta, file, { maxMessagesPerChannel: 0 });
  } else {
    gen = new SnowflakeGenerator();
    const seed = want.applicationId !== undefined ? { applications: [{ id: want.applicationId }] } : undefined;
    const built = buildWorld(seed, () => gen.next(now), now, resolveLimits());
    store = new Store(built.world, built.meta, file);
  }
  const appId = want.applicationId ?? store.meta.defaultApplicationId;
  const firstGuild = want.guilds[0]?.id ?? store.meta.defaultGuildId;
  const changed = provisionWorld(
    store.world,
    { ...want, applicationId: appId, channelGuild: want.channelGuild ?? firstGuild },
    () => gen.next(now),
    now,
  );
  if (!loaded || changed) store.persist();
  return {
    credentials: credentialsOf(store.world, { defaultApplicationId: appId, defaultGuildId: firstGuild }, now),
    created: !loaded,
    changed,
  };
}
