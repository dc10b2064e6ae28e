/**
 * The manifest's commands and permission rows applied to the test world
 * before the bot starts, through the same plan and apply as `cmdsync apply
 * --emulator` (sync/): the tests exercise exactly what apply deploys, and a
 * manifest apply would refuse is the file's problem, said as apply says it.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { CmdsyncError } from '../../errors.js';
import { createClient } from '../../remote/http/client.js';
import { applyChanges } from '../../sync/apply.js';
import { loadValidManifest, ManifestErrorsError } from '../../sync/load.js';
import { planSync } from '../../sync/plan.js';
import type { RunningEmulator } from '../../emulator/index.js';
import type { BotIdentity } from './world.js';

const DEFAULT_MANIFESTS = ['cmdsync.yaml', 'cmdsync.yml', 'cmdsync.json'];

/** The manifest a test file uses: named, else found from its directory upward as `plan` finds one (up to the repository root). */
export function findManifest(fileDir: string, named: string | undefined): string {
  if (named !== undefined) return resolve(fileDir, named);
  for (let dir = fileDir; ; dir = dirname(dir)) {
    const found = DEFAULT_MANIFESTS.filter((f) => existsSync(join(dir, f)));
    if (found.length > 1)
      throw new CmdsyncError(
        'BOT_TEST_MANIFEST',
        `${found.join(' and ')} both exist in ${dir}: name the one to use with manifest:`,
      );
    if (found.length === 1) return join(dir, found[0]!);
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) break;
  }
  throw new CmdsyncError(
    'BOT_TEST_MANIFEST',
    `no cmdsync.yaml, cmdsync.yml or cmdsync.json in ${fileDir} or its parents up to the repository root: name one with manifest:`,
  );
}

/** The application id the manifest names, read with the bot's variables (undefined: it names none, or one the world does not have). */
export function manifestApplicationId(path: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return loadValidManifest(path, dirname(path), env).manifest.applicationId;
  } catch {
    return undefined;
  }
}

/** Plans the manifest against the world and applies it; a manifest with errors or an apply that fails is a problem of the file. */
export async function applyManifest(
  path: string,
  emulator: RunningEmulator,
  bot: BotIdentity,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const client = createClient({
    botToken: bot.botToken,
    ...(bot.bearerToken ? { bearerToken: bot.bearerToken } : {}),
    apiUrl: emulator.url,
  });
  const target = { client, applicationId: bot.applicationId, canEditPermissions: client.canEditPermissions };
  try {
    const cwd = dirname(path);
    const { plan } = await planSync({ manifestPath: path, cwd, env, target });
    const { outcome } = await applyChanges({ plan, target, manifestPath: path });
    if (outcome.failed)
      throw new CmdsyncError(
        'BOT_TEST_MANIFEST',
        `applying ${path} failed at ${outcome.failed.address}: ${outcome.failed.message}`,
      );
  } catch (err) {
    if (err instanceof ManifestErrorsError) {
      const first = err.diagnostics.find((d) => d.severity === 'error');
      throw new CmdsyncError(
        'BOT_TEST_MANIFEST',
        `${path} has errors (cmdsync lint shows them)${first ? `: ${first.message}` : ''}`,
      );
    }
    if (err instanceof CmdsyncError && err.code === 'BOT_TEST_MANIFEST') throw err;
    throw new CmdsyncError('BOT_TEST_MANIFEST', `cannot apply ${path}: ${(err as Error).message}`);
  } finally {
    await client.close();
  }
}
