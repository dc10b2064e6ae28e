/**
 * A test file's world: the embedded emulator started from the file's seed
 * (an object or a seed file) with the harness on, the application the bot
 * is (the manifest's when the world lists it, else the emulator's default
 * one), and what the bot's environment says of both.
 */
import { createServer } from 'node:net';
import { startEmulator, type EmulatorHarness, type RunningEmulator, type Seed } from '../../emulator/index.js';
import { userBearerOf } from '../../emulator/state/grants.js';
import { CmdsyncError } from '../../errors.js';
import type { WorldSpec } from '../model.js';
import { withShims } from './shims.js';

export interface TestWorld {
  emulator: RunningEmulator;
  harness: EmulatorHarness;
}

/** Who the bot is in this world. */
export interface BotIdentity {
  applicationId: string;
  botToken: string;
  publicKey: string;
  /** A user bearer token of the application, able to write permission rows. */
  bearerToken: string | undefined;
  guildId: string;
}

export async function startWorld(world: WorldSpec): Promise<TestWorld> {
  let emulator: RunningEmulator;
  try {
    emulator = await startEmulator({
      ...('seed' in world ? { seed: world.seed as Seed } : { seedFile: world.seedFile }),
      harness: true,
    });
  } catch (err) {
    throw new CmdsyncError('BOT_TEST_WORLD', `the world cannot be used: ${(err as Error).message}`);
  }
  return { emulator, harness: emulator.harness! };
}

/** The application named `wanted` when the world lists it, else the emulator's default one. */
export function botIdentity(emulator: RunningEmulator, wanted: string | undefined): BotIdentity {
  const world = emulator.world;
  const app =
    (wanted !== undefined ? world.applications[wanted] : undefined) ??
    world.applications[emulator.credentials.applicationId]!;
  const guildId = Object.keys(world.guilds)[0] ?? emulator.credentials.guildId;
  return {
    applicationId: app.id,
    botToken: app.botToken,
    publicKey: app.publicKey ?? '',
    bearerToken:
      app.id === emulator.credentials.applicationId
        ? emulator.credentials.bearerToken || undefined
        : userBearerOf(world, app.id, Date.now()),
    guildId,
  };
}

/** The variables the bot is started with (TEAM5.md), over the runner's own environment, and the connection shims (shims.ts). */
export function botEnvironment(
  emulator: RunningEmulator,
  bot: BotIdentity,
  port: number,
  base: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  return withShims({
    // Python buffers what it prints into a pipe: a bot's `print` in on_ready would reach the runner (bot.ready:,
    // its errors, the transcript) only when the buffer fills or the bot exits. The user's own setting wins.
    PYTHONUNBUFFERED: '1',
    ...base,
    DISCORD_TOKEN: bot.botToken,
    DISCORD_APPLICATION_ID: bot.applicationId,
    DISCORD_PUBLIC_KEY: bot.publicKey,
    CMDSYNC_API_URL: emulator.url,
    DISCORD_REST_BASE: emulator.restBase,
    CMDSYNC_GATEWAY_URL: emulator.gatewayUrl,
    DISCORD_GUILD_ID: bot.guildId,
    PORT: String(port),
  });
}

/** A loopback port nothing listens on now, for an HTTP bot. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
