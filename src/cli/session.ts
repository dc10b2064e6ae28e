/**
 * The remote session `plan`, `apply` and `pull` share: which service to talk
 * to (the public one, `--api-url`/CMDSYNC_API_URL, or an in-process emulator
 * with `--emulator`), as which application, with which credentials. Secrets
 * stay inside the client; nothing here prints one.
 */
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CmdsyncError, UsageError } from '../errors.js';
import type { RunningEmulator } from '../emulator/index.js';
import type { ProvisionRequest } from '../emulator/state/provision.js';
import type { LoadedManifest } from '../manifest/load.js';
import { namedIds } from '../manifest/named-ids.js';
import {
  createClient,
  describeCredentials,
  loadCredentials,
  maskSecretForActions,
  normalizeApiUrl,
  requireAppAuth,
  requireApplicationId,
  type ClientOptions,
  type RestClient,
} from '../remote/index.js';
import { isSnowflake, type Snowflake } from '../wire/snowflake.js';
import { writeLine, type CliContext } from './context.js';

export interface SessionOptions {
  emulator: boolean;
  /** `--api-url`; wins over CMDSYNC_API_URL. A usage error with `--emulator`. */
  apiUrl?: string;
  debug: boolean;
  /** Gives the application id and, with `--emulator`, the guilds the local world must have. */
  manifest?: LoadedManifest;
  /**
   * An application id decided elsewhere (a saved plan's): wins over the
   * manifest and DISCORD_APPLICATION_ID. Must be a snowflake.
   */
  applicationId?: string;
  /** More guilds the command will read (`pull --guild`); with `--emulator` they are created when missing. */
  guildIds?: string[];
}

export interface Session {
  client: RestClient;
  applicationId: Snowflake;
  apiUrl: string;
  /** A user bearer token is available, so permission sets can be written. */
  canEditPermissions: boolean;
  emulator?: RunningEmulator;
  close(): Promise<void>;
}

/** Where `--emulator` keeps its state, relative to the working directory. */
export const EMULATOR_STATE_DIR = '.cmdsync';
export const EMULATOR_STATE_FILE = 'emulator.json';

export async function openSession(opts: SessionOptions, ctx: CliContext): Promise<Session> {
  if (opts.emulator && opts.apiUrl !== undefined)
    throw new UsageError('--emulator and --api-url cannot be used together: --emulator starts its own local service.');
  return opts.emulator ? openEmulatorSession(opts, ctx) : openRemoteSession(opts, ctx);
}

function debugSink(opts: { debug: boolean }, ctx: CliContext): ClientOptions['onDebug'] {
  // The client redacts every line before it reaches this sink.
  return opts.debug ? (line) => writeLine(ctx.stderr, `debug: ${line}`) : undefined;
}

/** The given or the manifest's application id when it is a usable snowflake (an unresolved `${VAR}` is not). */
function chosenApplicationId(opts: SessionOptions): Snowflake | undefined {
  if (opts.applicationId !== undefined) {
    if (!isSnowflake(opts.applicationId))
      throw new CmdsyncError(
        'APPLICATION_ID_INVALID',
        `application id ${JSON.stringify(opts.applicationId)} is not a numeric id (snowflake).`,
      );
    return opts.applicationId;
  }
  return isSnowflake(opts.manifest?.applicationId) ? opts.manifest.applicationId : undefined;
}

/**
 * A client for the service from the environment's credentials: `--api-url`
 * or CMDSYNC_API_URL, redacted `--debug` lines, and under GitHub Actions the
 * masking of derived secrets. Every network command builds its client here.
 */
export function openRemoteClient(
  opts: { apiUrl?: string; debug: boolean },
  ctx: CliContext,
): { client: RestClient; apiUrl: string; credentials: ReturnType<typeof loadCredentials> } {
  const credentials = loadCredentials(ctx.env, ctx.cwd);
  const apiUrl = opts.apiUrl !== undefined ? normalizeApiUrl(opts.apiUrl, '--api-url') : credentials.apiUrl;
  // What to set comes first: without credentials nothing else matters.
  requireAppAuth(credentials);
  const onDebug = debugSink(opts, ctx);
  onDebug?.(describeCredentials({ ...credentials, apiUrl }));
  const client = createClient(
    { ...credentials, apiUrl },
    {
      onDebug,
      // A bearer derived from client credentials is not a GitHub secret, so the runner would not mask it by itself.
      ...(ctx.env.GITHUB_ACTIONS === 'true'
        ? { onSecret: (secret: string) => void maskSecretForActions(secret, (line) => ctx.stderr.write(line), ctx.env) }
        : {}),
    },
  );
  return { client, apiUrl, credentials };
}

async function openRemoteSession(opts: SessionOptions, ctx: CliContext): Promise<Session> {
  const credentials = loadCredentials(ctx.env, ctx.cwd);
  requireAppAuth(credentials);
  const fromManifest = opts.manifest?.applicationId;
  if (
    opts.applicationId === undefined &&
    fromManifest !== undefined &&
    fromManifest !== '' &&
    !isSnowflake(fromManifest)
  ) {
    throw new CmdsyncError(
      'APPLICATION_ID_INVALID',
      `application_id in ${opts.manifest!.root.display} is not a numeric id (snowflake); set it, or the variable it names (e.g. DISCORD_APPLICATION_ID).`,
    );
  }
  const applicationId = requireApplicationId(credentials, chosenApplicationId(opts));
  const { client, apiUrl } = openRemoteClient(opts, ctx);
  return {
    client,
    applicationId,
    apiUrl,
    canEditPermissions: client.canEditPermissions,
    close: () => client.close(),
  };
}

async function openEmulatorSession(opts: SessionOptions, ctx: CliContext): Promise<Session> {
  // Lazily loaded: plan/apply against the real service never load the emulator.
  const [{ startEmulator, EmulatorDataError, EmulatorStartError, SeedError }, { provisionDataFile }] =
    await Promise.all([import('../emulator/index.js'), import('../emulator/state/provision.js')]);
  // DISCORD_APPLICATION_ID still names the application when the manifest does not; tokens from the environment are not used.
  const credentials = loadCredentials(ctx.env, ctx.cwd);
  const applicationId = chosenApplicationId(opts) ?? credentials.applicationId;
  const named = opts.manifest ? namedIds(opts.manifest) : { guilds: [], channels: [] };
  const guilds = new Map(named.guilds.map((g) => [g.id, g]));
  for (const id of opts.guildIds ?? []) if (isSnowflake(id) && !guilds.has(id)) guilds.set(id, { id });

  const dir = join(ctx.cwd, EMULATOR_STATE_DIR);
  const dataFile = join(dir, EMULATOR_STATE_FILE);
  let emulator: RunningEmulator;
  let provisioned: ReturnType<typeof provisionDataFile>;
  try {
    mkdirSync(dir, { recursive: true });
    ignoreStateDir(dir);
    provisioned = provisionDataFile(dataFile, {
      ...(applicationId ? { applicationId } : {}),
      guilds: [...guilds.values()],
      channels: named.channels,
      ...applicationNeeds(opts.manifest),
    });
    // Rate limits stay on with the real numbers: the session should behave as against the service.
    // The manifest's limits: what lint accepted, the emulator takes (e.g. 15 USER commands).
    emulator = await startEmulator({ dataFile, ...(opts.manifest ? { limits: { ...opts.manifest.limits } } : {}) });
  } catch (err) {
    if (err instanceof EmulatorDataError || err instanceof EmulatorStartError || err instanceof SeedError) {
      throw new CmdsyncError('EMULATOR_START_FAILED', `cannot start the local emulator: ${err.message}`);
    }
    const code = (err as NodeJS.ErrnoException)?.code;
    if (typeof code === 'string')
      throw new CmdsyncError(
        'EMULATOR_START_FAILED',
        `cannot start the local emulator: ${code} on ${relative(ctx.cwd, dataFile) || dataFile}`,
      );
    throw err;
  }

  // The credentials of the manifest's application, which need not be the emulator's default one.
  const { applicationId: appId, botToken, bearerToken } = provisioned.credentials;
  const onDebug = debugSink(opts, ctx);
  const client = createClient(
    { botToken, ...(bearerToken ? { bearerToken } : {}), apiUrl: emulator.url },
    onDebug ? { onDebug } : {},
  );
  writeLine(ctx.stderr, `Using the local emulator (state in ${join(EMULATOR_STATE_DIR, EMULATOR_STATE_FILE)})`);
  let closed: Promise<void> | undefined;
  return {
    client,
    applicationId: appId,
    apiUrl: emulator.url,
    canEditPermissions: client.canEditPermissions,
    emulator,
    close() {
      closed ??= client.close().then(() => emulator.close());
      return closed;
    },
  };
}

/** The state file holds the emulator's tokens: keep the folder out of version control, as Terraform's users do with .terraform. */
function ignoreStateDir(dir: string): void {
  const file = join(dir, '.gitignore');
  if (!existsSync(file))
    writeFileSync(file, '# Local emulator state (holds its tokens): not for version control.\n*\n');
}

/** What the local application must be for this manifest: what its `application:` says, and nothing else. */
function applicationNeeds(manifest: LoadedManifest | undefined): Pick<ProvisionRequest, 'application'> {
  return manifest?.application ? { application: manifest.application } : {};
}
