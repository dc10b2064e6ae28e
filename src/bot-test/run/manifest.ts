/**
 * The manifest's commands and permission rows put in the test world before
 * the bot starts, through the emulator's own API with the bot's credentials:
 * the manifest read and checked as lint reads it (manifest/check.ts), its
 * desired state (manifest/desired.ts) written scope by scope (one bulk
 * overwrite each), then each permission set. The emulator judges every body
 * as the service would, so the tests exercise what apply deploys. (Not
 * through sync/: report/ reads bot-test's model, and sync/ imports report/,
 * so bot-test importing sync/ would close a cycle between the folders.)
 * Webhooks are left out: a bot test does not manage them.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { RunningEmulator } from '../../emulator/index.js';
import { CmdsyncError } from '../../errors.js';
import { checkManifest } from '../../manifest/check.js';
import type { LoadedManifest } from '../../manifest/load.js';
import { desiredState } from '../../manifest/desired.js';
import { createClient, type RestClient } from '../../remote/http/client.js';
import { bulkOverwriteCommands, setCommandPermissions } from '../../remote/commands.js';
import type { ScopeState } from '../../wire/state.js';
import type { BotIdentity } from './world.js';

const DEFAULT_MANIFESTS = ['cmdsync.yaml', 'cmdsync.yml', 'cmdsync.json'];

/** The manifest a test file uses: named, else found from its directory upward as `plan` finds one (up to the repository root). */
export function findManifest(fileDir: string, named: string | undefined): string {
  if (named !== undefined) return resolve(fileDir, named);
  for (let dir = fileDir; ; dir = dirname(dir)) {
    const found = DEFAULT_MANIFESTS.filter((f) => existsSync(join(dir, f)));
    if (found.length > 1) throw new CmdsyncError('BOT_TEST_MANIFEST', `${found.join(' and ')} both exist in ${dir}: name the one to use with manifest:`);
    if (found.length === 1) return join(dir, found[0]!);
    if (existsSync(join(dir, '.git')) || dirname(dir) === dir) break;
  }
  throw new CmdsyncError('BOT_TEST_MANIFEST', `no cmdsync.yaml, cmdsync.yml or cmdsync.json in ${fileDir} or its parents up to the repository root: name one with manifest:`);
}

/** The manifest as lint reads it; one with errors is a problem of the file. */
function readManifest(path: string, env: NodeJS.ProcessEnv): LoadedManifest {
  const { manifest, diagnostics } = checkManifest(path, { cwd: dirname(path), env });
  const error = diagnostics.find((d) => d.severity === 'error');
  if (!manifest || error) throw new CmdsyncError('BOT_TEST_MANIFEST', `${path} has errors (cmdsync lint shows them)${error ? `: ${error.message}` : ''}`);
  return manifest;
}

/** The application id the manifest names, read with the bot's variables (undefined: it names none, or cannot be read). */
export function manifestApplicationId(path: string, env: NodeJS.ProcessEnv): string | undefined {
  try {
    return readManifest(path, env).applicationId;
  } catch {
    return undefined;
  }
}

async function writeScope(client: RestClient, appId: string, scope: ScopeState): Promise<void> {
  const written = await bulkOverwriteCommands(client, appId, scope.scope, scope.commands.map((c) => c.body) as never);
  if (scope.scope.kind !== 'guild' || !scope.permissions) return;
  for (const set of scope.permissions) {
    const target = set.target;
    const commandId = target.kind === 'application' ? appId : written.find((c) => c.name === target.name && (target.type === undefined || c.type === target.type))?.id;
    if (commandId === undefined)
      throw new CmdsyncError(
        'BOT_TEST_MANIFEST',
        `a permission set names ${target.kind === 'command' ? target.name : 'a command'} that the manifest does not declare in guild ${scope.scope.guildId}`,
      );
    await setCommandPermissions(client, appId, scope.scope.guildId, commandId, set.entries);
  }
}

/** Writes the manifest's commands and permission rows to the world as the bot's application. */
export async function applyManifest(path: string, emulator: RunningEmulator, bot: BotIdentity, env: NodeJS.ProcessEnv): Promise<void> {
  const manifest = readManifest(path, env);
  const client = createClient({ botToken: bot.botToken, ...(bot.bearerToken ? { bearerToken: bot.bearerToken } : {}), apiUrl: emulator.url });
  try {
    for (const scope of desiredState(manifest, bot.applicationId).scopes) await writeScope(client, bot.applicationId, scope);
  } catch (err) {
    if (err instanceof CmdsyncError && err.code === 'BOT_TEST_MANIFEST') throw err;
    throw new CmdsyncError('BOT_TEST_MANIFEST', `cannot apply ${path} to the test world: ${(err as Error).message}`);
  } finally {
    await client.close();
  }
}
