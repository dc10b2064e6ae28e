/**
 * The manifest's commands and permission rows applied to the test world
 * before the bot starts, through the same plan and apply as `cmdsync apply
 * --emulator` (sync/): the tests exercise exactly what apply deploys, and a
 * manifest apply would refuse is the file's problem, said as apply says it,
 * at the manifest's own `file:line:col`. The manifest is read as `plan`
 * reads it (its `.env` included), and the ids it names are added to the
 * world first, so a repository's manifest runs unchanged.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { readDotenv, withDotenv } from '../../config/dotenv.js';
import type { RunningEmulator } from '../../emulator/index.js';
import { CmdsyncError } from '../../errors.js';
import { namedIds } from '../../manifest/named-ids.js';
import { createClient } from '../../remote/http/client.js';
import { applyChanges } from '../../sync/apply.js';
import { loadValidManifest, ManifestErrorsError, type ValidManifest } from '../../sync/load.js';
import { planSync, type PlanRequest, type PlanResult } from '../../sync/plan.js';
import type { SyncTarget } from '../../sync/target.js';
import { displayPath } from '../file/read.js';
import type { SourceAt } from '../model.js';
import { diagnosticAt, originAt } from './manifest-at.js';
import type { BotIdentity } from './world.js';

const DEFAULT_MANIFESTS = ['cmdsync.yaml', 'cmdsync.yml', 'cmdsync.json'];

/** A problem of the manifest the test file uses: where in the manifest, when one place is at fault. */
export class ManifestProblemError extends CmdsyncError {
  readonly at: SourceAt | undefined;

  constructor(message: string, at?: SourceAt) {
    super('BOT_TEST_MANIFEST', message);
    this.at = at;
  }
}

/** The manifest a test file uses: named, else found from its directory upward as `plan` finds one (up to the repository root). */
export function findManifest(fileDir: string, named: string | undefined): string {
  if (named !== undefined) return resolve(fileDir, named);
  for (let dir = fileDir; ; dir = dirname(dir)) {
    const found = DEFAULT_MANIFESTS.filter((f) => existsSync(join(dir, f)));
    if (found.length > 1)
      throw new ManifestProblemError(`${found.join(' and ')} both exist in ${dir}: name the one to use with manifest:`);
    if (found.length === 1) return join(dir, found[0]!);
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) break;
  }
  throw new ManifestProblemError(
    `no cmdsync.yaml, cmdsync.yml or cmdsync.json in ${fileDir} or its parents up to the repository root: name one with manifest:`,
  );
}

/**
 * The environment as `plan` sees it from the manifest's directory (where it
 * works when it finds the manifest there): the real one, with that `.env`
 * filling what it leaves unset. The bot is started with it too.
 */
export function manifestEnvironment(manifestPath: string, base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  try {
    const dotenv = readDotenv(dirname(manifestPath));
    return dotenv ? withDotenv(base, dotenv.values) : base;
  } catch (err) {
    throw new ManifestProblemError((err as Error).message);
  }
}

/** The manifest read with the bot's variables; one with errors is located at its first. */
export function loadManifest(path: string, env: NodeJS.ProcessEnv): ValidManifest {
  try {
    return loadValidManifest(path, dirname(path), env);
  } catch (err) {
    if (err instanceof ManifestErrorsError) {
      const first = err.diagnostics.find((d) => d.severity === 'error');
      throw new ManifestProblemError(
        `${displayPath(path)} has errors (cmdsync lint shows them)${first ? `: ${first.message}` : ''}`,
        first ? diagnosticAt(first, dirname(path)) : undefined,
      );
    }
    if (err instanceof CmdsyncError) throw new ManifestProblemError(`cannot read ${path}: ${err.message}`);
    throw err;
  }
}

/** The guilds and webhook channels the manifest names that the world lacks, added (webhook channels to the bot's guild). */
export function provisionNamed(emulator: RunningEmulator, loaded: ValidManifest, bot: BotIdentity): void {
  const { guilds, channels } = namedIds(loaded.manifest);
  emulator.harness!.provision({ applicationId: bot.applicationId, guilds, channels, channelGuild: bot.guildId });
}

/** Runs `work` with a client of the bot's application against the world, closed after. */
export async function withWorldTarget<T>(
  emulator: RunningEmulator,
  bot: BotIdentity,
  work: (target: SyncTarget) => Promise<T>,
): Promise<T> {
  const client = createClient({
    botToken: bot.botToken,
    ...(bot.bearerToken ? { bearerToken: bot.bearerToken } : {}),
    apiUrl: emulator.url,
  });
  try {
    return await work({ client, applicationId: bot.applicationId, canEditPermissions: client.canEditPermissions });
  } finally {
    await client.close();
  }
}

/** The manifest planned against the world as it is (read only). */
export function planAgainstWorld(
  target: SyncTarget,
  path: string,
  env: NodeJS.ProcessEnv,
  loaded: ValidManifest,
  more: Pick<PlanRequest, 'undeclaredGuilds'> = {},
): Promise<PlanResult> {
  return planSync({ manifestPath: path, cwd: dirname(path), env, target, loaded, ...more });
}

/** Plans the manifest against the world and applies it; a plan with errors or an apply that fails is a problem of the file. */
export async function applyManifest(
  path: string,
  emulator: RunningEmulator,
  bot: BotIdentity,
  env: NodeJS.ProcessEnv,
  loaded: ValidManifest,
): Promise<void> {
  try {
    await withWorldTarget(emulator, bot, async (target) => {
      const { plan } = await planAgainstWorld(target, path, env, loaded);
      const error = plan.errors[0];
      if (error)
        throw new ManifestProblemError(
          `${path} cannot be applied: ${error.message}`,
          error.location ? diagnosticAt(error.location, dirname(path)) : undefined,
        );
      const { outcome } = await applyChanges({ plan, target, manifestPath: path, persistLock: false });
      if (!outcome.failed) return;
      const { address, message } = outcome.failed;
      const origin = [...plan.scopes.flatMap((s) => s.actions), ...(plan.webhooks?.actions ?? [])].find(
        (a) => a.address === address,
      )?.origin;
      throw new ManifestProblemError(
        `applying ${path} failed at ${address}: ${message}`,
        origin ? originAt(loaded.manifest, origin) : undefined,
      );
    });
  } catch (err) {
    if (err instanceof ManifestProblemError) throw err;
    throw new ManifestProblemError(`cannot apply ${path}: ${(err as Error).message}`);
  }
}
