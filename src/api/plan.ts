import { createHash } from 'node:crypto';
import { CmdsyncError, ManifestInvalidError } from '../errors.js';
import { checkManifest } from '../manifest/check.js';
import { desiredState } from '../manifest/desired.js';
import type { Diagnostic } from '../manifest/diagnostic.js';
import type { LoadedManifest } from '../manifest/load.js';
import { buildPlan, webhookFingerprint } from '../plan/build.js';
import { webhookChannelsToRead } from '../plan/webhooks.js';
import { APPLICATION_FINGERPRINT_KEY, applicationFingerprint, fingerprintOf, staleScopes } from '../plan/fingerprint.js';
import type { Plan } from '../plan/model.js';
import type { StrategyChoice } from '../plan/strategy.js';
import { fetchActualState } from '../remote/read/actual.js';
import { fetchActualWebhooks } from '../remote/read/actual-webhooks.js';
import { desiredWebhooks } from '../manifest/desired.js';
import { createsToday as lockCreatesToday, readLock, type LockFile } from '../manifest/lock.js';
import { diagnosticAt } from '../manifest/diagnostic.js';
import { remoteFindings } from '../manifest/lint.js';
import { fetchApplication, type RemoteApplication } from '../remote/read/application.js';
import { applicationMismatches } from '../wire/application.js';
import type { Limits } from '../wire/limits.js';
import type { RestClient } from '../remote/http/client.js';
import { scopeKey, type Scope } from '../wire/scope.js';
import type { State } from '../wire/state.js';
import { VERSION } from '../version.js';

export interface PlanRequest {
  manifestPath: string;
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  client: RestClient;
  /** The application to plan for (the manifest's, or DISCORD_APPLICATION_ID). */
  applicationId: string;
  strategy?: StrategyChoice;
  force?: boolean;
  canEditPermissions: boolean;
  /** Told how many scopes will be read, then as each is read or skipped (progress output). */
  progress?: { start(scopes: number): void; scopeDone(scopeKey: string, outcome: 'read' | 'skipped'): void };
  /** Narrow the plan: only these guilds, and/or the global scope. Default: every declared scope. */
  only?: { guilds?: string[]; global?: boolean };
  /** The clock, for today's create counts (default: now). */
  now?: number;
  /** A manifest the caller already loaded with loadValidManifest (it is not read twice). */
  loaded?: { manifest: LoadedManifest; diagnostics: Diagnostic[] };
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

export class ManifestErrorsError extends ManifestInvalidError {
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    super(`The manifest has ${errors.length} error(s); run cmdsync lint for details.`);
    this.diagnostics = diagnostics;
  }
}

/** Loads the manifest and refuses one with errors: the service would refuse it too. */
export function loadValidManifest(path: string, cwd: string, env: PlanRequest['env']): { manifest: LoadedManifest; diagnostics: Diagnostic[] } {
  const { manifest, diagnostics } = checkManifest(path, { cwd, env });
  if (!manifest || diagnostics.some((d) => d.severity === 'error')) throw new ManifestErrorsError(diagnostics);
  return { manifest, diagnostics };
}

function selectScopes(state: State, only: PlanRequest['only']): State {
  if (!only || (only.guilds === undefined && only.global === undefined)) return state;
  const guilds = new Set(only.guilds ?? []);
  const declared = state.scopes.flatMap((s) => (s.scope.kind === 'guild' ? [s.scope.guildId] : []));
  // A guild the manifest does not declare would otherwise be planned as nothing at all, silently.
  for (const g of guilds) {
    if (!declared.includes(g)) {
      const known = declared.length > 0 ? `it declares ${declared.join(', ')}` : 'it declares no guilds';
      throw new CmdsyncError('GUILD_NOT_DECLARED', `--guild ${g}: the manifest does not declare this guild (${known}).`);
    }
  }
  return { ...state, scopes: state.scopes.filter((s) => (s.scope.kind === 'global' ? only.global === true : guilds.has(s.scope.guildId))) };
}

/** Guilds whose permission sets the plan must read: those the manifest manages. */
export function permissionGuilds(desired: State): Set<string> {
  return new Set(desired.scopes.filter((s) => s.scope.kind === 'guild' && s.permissions).map((s) => (s.scope as { guildId: string }).guildId));
}

function manifestDigest(manifest: LoadedManifest): string {
  const hash = createHash('sha256');
  for (const f of manifest.files) hash.update(f.display).update('\0').update(f.text).update('\0');
  return hash.digest('hex');
}

/**
 * The whole of `cmdsync plan`: read the manifest, read each declared scope
 * once, and compute the plan. Sends only GET requests.
 */
export async function planFromManifest(req: PlanRequest): Promise<PlanResult> {
  const { manifest, diagnostics } = req.loaded ?? loadValidManifest(req.manifestPath, req.cwd, req.env);
  const desired = selectScopes(desiredState(manifest, req.applicationId), req.only);
  const scopes = desired.scopes.map((s) => s.scope);
  const lock = readLock(manifest.root.absPath);
  const declaresWebhooks = manifest.webhooks.length > 0 && (!req.only || req.only.global === true);
  req.progress?.start(scopes.length);
  const [{ state: actual, reads, skipped }, hooks, application] = await Promise.all([
    fetchActualState(req.client, req.applicationId, scopes, permissionGuilds(desired), (scope, outcome) => req.progress?.scopeDone(scopeKey(scope), outcome)),
    declaresWebhooks ? fetchDeclaredWebhooks(req.client, manifest, lock) : undefined,
    fetchApplication(req.client, req.applicationId),
  ]);
  // A scope that could not be read is left alone: planning it against nothing would recreate everything.
  const unreadable = new Set(skipped.map((s) => scopeKey(s.scope)));
  const reachable = { ...desired, scopes: desired.scopes.filter((s) => !unreadable.has(scopeKey(s.scope))) };
  const now = req.now ?? Date.now();
  // An emulator says what it enforces and what it counted; against the service, the manifest's limits and cmdsync's own count.
  const limits = application.emulator?.limits ?? manifest.limits;
  const createsToday = application.emulator
    ? { byScope: application.emulator.creates, countedBy: 'emulator' as const }
    : { byScope: lockCreatesToday(lock, req.applicationId, now), countedBy: 'lock-file' as const };
  const plan = buildPlan(reachable, actual, {
    ...(hooks ? { webhooks: { desired: hooks.desired, actual: hooks.actual, lock: lock.webhooks, intents: lock.intents ?? [] } } : {}),
    strategy: req.strategy ?? 'auto',
    limits,
    createsToday,
    canEditPermissions: req.canEditPermissions,
    force: req.force ?? false,
    cmdsyncVersion: VERSION,
    manifestSha256: manifestDigest(manifest),
    readCount: reads + (hooks?.reads ?? 0) + application.reads,
    now: new Date(now),
  });
  plan.creates_counted_by = createsToday.countedBy;
  if (application.traits) plan.fingerprint[APPLICATION_FINGERPRINT_KEY] = applicationFingerprint(application.traits);
  checkAgainstApplication(plan, manifest, application, { limits, scopes: reachable.scopes.map((s) => s.scope) });
  if (skipped.length > 0) {
    plan.skipped = skipped.map((s) => scopeKey(s.scope));
    for (const s of skipped)
      plan.warnings.push({ code: 'scope-skipped', scope: scopeKey(s.scope), message: `Skipped ${scopeKey(s.scope)}: ${s.reason}. Nothing there is planned or changed.` });
  }
  return { plan, manifest, desired, actual, diagnostics, lock };
}

/**
 * Before the first write: every command of the planned scopes judged by what
 * the remote reports (its application, an emulator's limits), each refusal an
 * error at its place in the manifest; and the manifest's `application:`
 * block compared with the application (a difference is a warning there).
 */
function checkAgainstApplication(plan: Plan, manifest: LoadedManifest, app: RemoteApplication, judge: { limits: Limits; scopes: readonly Scope[] }): void {
  if (!app.traits) {
    plan.warnings.push({
      code: 'application-unread',
      message: `Could not read the application (${app.unread}): commands were not checked against its settings (Activity, installation contexts, discovery).`,
    });
  }
  if (app.emulator) {
    // The manifest's limits: is what the user says the service allows; this emulator enforces its own (its seed or flags).
    const differ = Object.entries(app.emulator.limits)
      .filter(([k, v]) => manifest.limits[k as keyof Limits] !== v)
      .map(([k, v]) => `${k} ${v} (the manifest says ${manifest.limits[k as keyof Limits]})`);
    if (differ.length > 0)
      plan.warnings.push({
        code: 'limits',
        message: `The emulator enforces its own limits, not the manifest's: ${differ.join(', ')}. Commands are checked against the emulator's.`,
      });
  }
  if (!app.traits && !app.emulator) return;
  const guilds = new Set(judge.scopes.flatMap((s) => (s.kind === 'guild' ? [s.guildId] : [])));
  const kept = Object.fromEntries(plan.scopes.map((s) => [s.key, s.kept.map((k) => k.body)]));
  const findings = remoteFindings(
    manifest,
    { ...(app.traits ? { application: app.traits } : {}), limits: judge.limits, kept },
    { global: judge.scopes.some((s) => s.kind === 'global'), guilds },
  );
  for (const d of findings) {
    plan.errors.push({ rule: d.rule, severity: 'error', path: [], message: `${d.file}:${d.line}:${d.col}: ${d.message}`, location: { file: d.file, line: d.line, col: d.col } });
  }
  if (manifest.application && app.traits) {
    for (const p of applicationMismatches(manifest.application, app.traits)) {
      const at = diagnosticAt(manifest.root, ['application', ...p.path], 'warning', p.rule, p.message);
      plan.warnings.push({ code: 'application-mismatch', message: `${at.file}:${at.line}:${at.col}: ${p.message}` });
    }
  }
}

async function fetchDeclaredWebhooks(client: RestClient, manifest: LoadedManifest, lock: LockFile) {
  const desired = desiredWebhooks(manifest);
  const { webhooks: actual, reads } = await fetchActualWebhooks(client, webhookChannelsToRead(desired, lock.intents ?? []), Object.keys(lock.webhooks));
  return { desired, actual, reads };
}

/** Re-reads the scopes a saved plan was computed against (and the application its commands were checked against); the keys of those that moved. */
export async function checkPlanFreshness(plan: Plan, client: RestClient): Promise<string[]> {
  const scopes: Scope[] = plan.scopes.map((s) => s.scope);
  const withPermissions = new Set(
    plan.scopes.filter((s) => plan.fingerprint[scopeKey(s.scope)]?.permissions !== undefined && s.scope.kind === 'guild').map((s) => (s.scope as { guildId: string }).guildId),
  );
  const checkedApplication = plan.fingerprint[APPLICATION_FINGERPRINT_KEY] !== undefined;
  const [{ state }, hooks, application] = await Promise.all([
    fetchActualState(client, plan.application_id, scopes, withPermissions),
    plan.webhooks ? fetchActualWebhooks(client, plan.webhooks.channels, plan.webhooks.locked) : undefined,
    checkedApplication ? fetchApplication(client, plan.application_id) : undefined,
  ]);
  const now = fingerprintOf(state.scopes);
  if (hooks) now.webhooks = webhookFingerprint(hooks.webhooks);
  // Unreadable now but read then: stale, since the commands can no longer be checked against it.
  if (application?.traits) now[APPLICATION_FINGERPRINT_KEY] = applicationFingerprint(application.traits);
  return staleScopes(plan.fingerprint, now);
}
