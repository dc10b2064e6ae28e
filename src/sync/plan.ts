import { createHash } from 'node:crypto';
import { CmdsyncError } from '../errors.js';
import { desiredState } from '../manifest/desired.js';
import type { Diagnostic } from '../manifest/diagnostic.js';
import type { LoadedManifest } from '../manifest/load.js';
import { createsToday as lockCreatesToday, readLock, type LockFile } from '../manifest/lock.js';
import { buildPlan } from '../plan/build.js';
import type { Plan } from '../plan/model.js';
import type { StrategyChoice } from '../plan/strategy.js';
import { VERSION } from '../version.js';
import { guildScope, scopeKey } from '../wire/scope.js';
import type { State } from '../wire/state.js';
import { judgeByApplication } from './application-check.js';
import { loadValidManifest, type InterpolationEnv, type ValidManifest } from './load.js';
import { readRemote, type ReadProgress, type RemoteRead } from './read-remote.js';
import { managesWebhooks, selectScopes, type ScopeSelection } from './scopes.js';
import type { SyncTarget } from './target.js';

/**
 * Plan's side of the workflow: load the manifest (`load.ts`), check the
 * target can do what it asks, read the remote (`read-remote.ts`), plan
 * (`plan/`, pure) and judge the plan by what the remote reports
 * (`application-check.ts`). A plan reads only; it never writes.
 */

export interface PlanRequest {
  manifestPath: string;
  cwd: string;
  /** The variables `${VAR}` reads in the manifest. */
  env: InterpolationEnv;
  target: SyncTarget;
  strategy?: StrategyChoice;
  force?: boolean;
  progress?: ReadProgress;
  only?: ScopeSelection;
  /** The clock, for today's create counts (default: now). */
  now?: number;
  /** A manifest the caller already loaded with loadValidManifest (it is not read twice). */
  loaded?: ValidManifest;
  /**
   * Guilds the manifest does not declare, planned as holding none of its
   * commands: `cmdsync test` asks where a bot registered commands of its own,
   * so those show as commands the manifest does not have.
   */
  undeclaredGuilds?: readonly string[];
}

export interface PlanResult {
  plan: Plan;
  manifest: LoadedManifest;
  desired: State;
  actual: State;
  /** The lock file as read (apply updates and writes it back). */
  lock: LockFile;
  /** Warnings found while reading the manifest (errors throw). */
  diagnostics: Diagnostic[];
}

/**
 * Webhooks are read and written with a bot token; the bearer token client
 * credentials give is refused there (401). Said before the first request,
 * by name, rather than as the service's bare 401.
 */
export function checkTargetFor(manifest: LoadedManifest, target: SyncTarget, only?: ScopeSelection): void {
  if (managesWebhooks(manifest.webhooks.length, only) && target.client.appAuth === 'client-credentials') {
    throw new CmdsyncError(
      'WEBHOOKS_NEED_BOT_TOKEN',
      `${manifest.root.display} declares webhooks, and managing webhooks needs a bot token: set DISCORD_TOKEN (client credentials, DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET, can manage commands only).`,
    );
  }
}

/** The whole of `cmdsync plan`: load → check the target → read the remote → plan → judge. Sends only GET requests. */
export async function planSync(req: PlanRequest): Promise<PlanResult> {
  const { target } = req;
  const { manifest, diagnostics } = req.loaded ?? loadValidManifest(req.manifestPath, req.cwd, req.env);
  checkTargetFor(manifest, target, req.only);
  const desired = withUndeclared(
    selectScopes(desiredState(manifest, target.applicationId), req.only),
    req.undeclaredGuilds ?? [],
  );
  const lock = readLock(manifest.root.absPath);
  const remote = await readRemote({
    client: target.client,
    applicationId: target.applicationId,
    manifest,
    desired,
    lock,
    withWebhooks: managesWebhooks(manifest.webhooks.length, req.only),
    progress: req.progress,
  });
  const plan = planAgainst(req, manifest, desired, lock, remote);
  return { plan, manifest, desired, actual: remote.actual, diagnostics, lock };
}

/** The plan of the scopes that could be read, judged by what the remote reports: all of it buildPlan's, nothing added after. */
function planAgainst(
  req: PlanRequest,
  manifest: LoadedManifest,
  desired: State,
  lock: LockFile,
  remote: RemoteRead,
): Plan {
  const { application, skipped } = remote;
  // A scope that could not be read is left alone: planning it against nothing would recreate everything.
  const unreadable = new Set(skipped.map((s) => scopeKey(s.scope)));
  const reachable = { ...desired, scopes: desired.scopes.filter((s) => !unreadable.has(scopeKey(s.scope))) };
  const now = req.now ?? Date.now();
  // An emulator says what it enforces and what it counted; against the service, the manifest's limits and cmdsync's own count.
  const limits = application.emulator?.limits ?? manifest.limits;
  const createsToday = application.emulator
    ? { byScope: application.emulator.creates, countedBy: 'emulator' as const }
    : { byScope: lockCreatesToday(lock, req.target.applicationId, now), countedBy: 'lock-file' as const };
  const scopes = reachable.scopes.map((s) => s.scope);
  return buildPlan(reachable, remote.actual, {
    ...(remote.webhooks ? { webhooks: { ...remote.webhooks, lock: lock.webhooks, intents: lock.intents ?? [] } } : {}),
    strategy: req.strategy ?? 'auto',
    limits,
    createsToday,
    canEditPermissions: req.target.canEditPermissions,
    force: req.force ?? false,
    cmdsyncVersion: VERSION,
    manifestSha256: manifestDigest(manifest),
    readCount: remote.reads,
    now: new Date(now),
    application: application.traits,
    skipped: skipped.map((s) => ({ key: scopeKey(s.scope), reason: s.reason })),
    judge: (kept) => judgeByApplication(manifest, application, { limits, scopes, kept }),
  });
}

/** `state` with an empty, pruned scope for each guild it does not declare. */
function withUndeclared(state: State, guilds: readonly string[]): State {
  const declared = new Set(state.scopes.map((s) => scopeKey(s.scope)));
  const extra = guilds.map(guildScope).filter((scope) => !declared.has(scopeKey(scope)));
  return { ...state, scopes: [...state.scopes, ...extra.map((scope) => ({ scope, commands: [], prune: true }))] };
}

function manifestDigest(manifest: LoadedManifest): string {
  const hash = createHash('sha256');
  for (const f of manifest.files) hash.update(f.display).update('\0').update(f.text).update('\0');
  return hash.digest('hex');
}
