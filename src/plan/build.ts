import type { Limits } from '../wire/limits.js';
import { scopeKey, type Scope } from '../wire/scope.js';
import { dailyCreatesLimited, dailyCreatesProblem, type ApplicationTraits } from '../wire/service-rules.js';
import type { ScopeState, State, WebhookSetState, WebhookState } from '../wire/state.js';
import { APPLICATION_FINGERPRINT_KEY, applicationFingerprint, fingerprintOf } from './fingerprint.js';
import { matchScope } from './match.js';
import {
  PLAN_FORMAT_VERSION,
  massDeletionMessage,
  massDeletions,
  type CommandAction,
  type CreatesCountedBy,
  type Plan,
  type PlanError,
  type PlanSummary,
  type PlanWarning,
  type RemoteFingerprint,
  type ScopePlan,
  type WebhookPlan,
} from './model.js';
import { planGuildPermissions } from './permissions.js';
import { annotateAccessEffects } from './access-effects.js';
import { commandRequest } from './requests.js';
import { chooseStrategy, type StrategyChoice } from './strategy.js';
import { planWebhooks, type WebhookIntentRef, type WebhookLock } from './webhooks.js';
import type { Obj } from '../wire/rules/values.js';

export interface PlanOptions {
  strategy: StrategyChoice;
  limits: Limits;
  /** A user bearer token is available for permission edits. */
  canEditPermissions: boolean;
  /** Spend more than the daily create allowance anyway. */
  force: boolean;
  cmdsyncVersion: string;
  manifestSha256?: string;
  /** GET requests the plan sent, for the summary. */
  readCount: number;
  now?: Date;
  /** Creates already spent today per scope key, and who counted them (the remote emulator, or the lock file). */
  createsToday?: { byScope: Readonly<Record<string, number>>; countedBy: CreatesCountedBy };
  /** The manifest's webhooks, what the declared channels hold, and the lock file's records. */
  webhooks?: {
    desired: WebhookSetState;
    actual: WebhookState[];
    lock: WebhookLock;
    intents?: readonly WebhookIntentRef[];
  };
  /** Declared scopes that could not be read (left out of `desired`), and why: the plan says so. */
  skipped?: ReadonlyArray<{ key: string; reason: string }>;
  /** The application's settings commands were checked against: part of what a saved plan was made against. */
  application?: ApplicationTraits;
  /**
   * Findings about the planned commands from outside the planner (what the
   * remote application would refuse), given what each scope keeps: they
   * become the plan's own errors and warnings, after the planner's.
   */
  judge?: (kept: Readonly<Record<string, ReadonlyArray<Obj>>>) => {
    warnings: readonly PlanWarning[];
    errors: readonly PlanError[];
  };
}

const emptyScope = (s: ScopeState): ScopeState => ({ scope: s.scope, commands: [], permissions: [] });

/**
 * Desired and actual state in, a plan out: pure. Every scope the manifest
 * declares is matched against what the service holds; nothing outside those
 * scopes is touched (docs/architecture.md, "Nothing lost").
 */
export function buildPlan(desired: State, actual: State, opts: PlanOptions): Plan {
  const actualByKey = new Map(actual.scopes.map((s) => [scopeKey(s.scope), s]));
  const warnings: PlanWarning[] = [];
  const errors: PlanError[] = [];
  const matched = desired.scopes.map((d) => {
    const a = actualByKey.get(scopeKey(d.scope)) ?? emptyScope(d);
    return { d, a, m: matchScope(d, a) };
  });
  const globalMatch = matched.find((x) => x.d.scope.kind === 'global');

  const scopes = matched.map((x) =>
    scopePlan(x, { applicationId: desired.applicationId, globalMatch, opts }, warnings, errors),
  );

  const webhooks = opts.webhooks
    ? planWebhooks(
        opts.webhooks.desired,
        opts.webhooks.actual,
        opts.webhooks.lock,
        desired.applicationId,
        opts.webhooks.intents,
      )
    : undefined;
  const fingerprint = fingerprintOf(matched.map((x) => x.a));
  // Webhooks and the application's settings are part of what a saved plan was made against.
  if (opts.webhooks) fingerprint.webhooks = webhookFingerprint(opts.webhooks.actual);
  if (opts.application) fingerprint[APPLICATION_FINGERPRINT_KEY] = applicationFingerprint(opts.application);
  if (webhooks) warnings.push(...deletedWebhookWarnings(webhooks));
  const mass = massDeletions(scopes);
  for (const m of mass) warnings.unshift({ code: 'mass-delete', message: massDeletionMessage(m), scope: m.scope });
  const permissionWrites = scopes.flatMap((s) => s.permissions).filter((p) => p.kind === 'replace').length;
  if (permissionWrites > 0 && !opts.canEditPermissions) {
    warnings.push({
      code: 'bearer-missing',
      message: `${permissionWrites} permission set(s) need a user's bearer token: set DISCORD_BEARER_TOKEN (scope applications.commands.permissions.update). Commands will be applied, permissions will not.`,
    });
  }
  const outside = outsideFindings(scopes, opts);
  warnings.push(...outside.warnings);
  errors.push(...outside.errors);
  return {
    format_version: PLAN_FORMAT_VERSION,
    cmdsync_version: opts.cmdsyncVersion,
    application_id: desired.applicationId,
    created_at: (opts.now ?? new Date()).toISOString(),
    ...(opts.manifestSha256 ? { manifest_sha256: opts.manifestSha256 } : {}),
    scopes,
    ...(webhooks ? { webhooks } : {}),
    summary: summarize(scopes, webhooks),
    request_count: scopes.reduce((n, s) => n + s.requests.length, 0) + (webhooks?.requests.length ?? 0),
    read_count: opts.readCount,
    warnings,
    mass_deletions: mass,
    errors,
    ...(opts.createsToday ? { creates_counted_by: opts.createsToday.countedBy } : {}),
    ...(opts.skipped && opts.skipped.length > 0 ? { skipped: opts.skipped.map((s) => s.key) } : {}),
    fingerprint,
  };
}

type Matched = { d: ScopeState; a: ScopeState; m: ReturnType<typeof matchScope> };

/** One declared scope's plan: its actions, permission sets and requests; its findings go to `warnings` and `errors`. */
function scopePlan(
  { d, a, m }: Matched,
  ctx: { applicationId: string; globalMatch: Matched | undefined; opts: PlanOptions },
  warnings: PlanWarning[],
  errors: PlanError[],
): ScopePlan {
  const { opts, globalMatch } = ctx;
  const globalActions = globalMatch?.m.actions ?? [];
  const key = scopeKey(d.scope);
  const { strategy, requests } = chooseStrategy(d.scope, m.actions, opts.strategy);
  const permissions =
    d.scope.kind === 'guild'
      ? planGuildPermissions(ctx.applicationId, d, a, { guild: m.actions, global: globalActions })
      : [];
  for (const p of permissions)
    if (p.kind === 'replace') requests.push(commandRequest('permissions', d.scope, [p.target]));
  const creates = m.actions.filter((x) => x.kind === 'create' || x.kind === 'replace').length;
  // The spec limits creates per guild per day; global creates are counted by the service but not refused.
  const limited = dailyCreatesLimited(d.scope);
  const used = opts.createsToday?.byScope[key] ?? 0;
  const today = opts.createsToday && used > 0 ? { used, counted_by: opts.createsToday.countedBy } : undefined;
  if (limited)
    checkDailyCreates(
      {
        key,
        scope: d.scope,
        creates,
        used,
        countedBy: opts.createsToday?.countedBy,
        limits: opts.limits,
        force: opts.force,
      },
      warnings,
      errors,
    );
  for (const dup of m.duplicates)
    warnings.push({
      code: 'duplicate-remote',
      message: `${dup} exists twice remotely (a service race); the extra copy is treated as not in the manifest.`,
      scope: key,
    });
  warnings.push(...droppedPermissionWarnings(m.actions, key, d.scope.kind === 'guild' ? a.permissions : undefined));
  if (d.scope.kind === 'guild') {
    const sides = {
      applicationId: ctx.applicationId,
      guildId: d.scope.guildId,
      desired: d,
      actual: a,
      actions: { guild: m.actions, global: globalActions },
      permissions,
    };
    warnings.push(
      ...annotateAccessEffects({
        ...sides,
        ...(globalMatch ? { desiredGlobal: globalMatch.d, actualGlobal: globalMatch.a } : {}),
      }),
    );
  }
  return {
    scope: d.scope,
    key,
    actions: m.actions,
    permissions,
    kept: m.kept,
    strategy,
    requests,
    creates,
    ...(limited ? { create_allowance: opts.limits.daily_creates } : {}),
    ...(today ? { creates_today: today } : {}),
  };
}

/** The judge's findings, then a warning per scope that could not be read. */
function outsideFindings(
  scopes: readonly ScopePlan[],
  opts: PlanOptions,
): { warnings: PlanWarning[]; errors: PlanError[] } {
  const judged = opts.judge?.(Object.fromEntries(scopes.map((s) => [s.key, s.kept.map((k) => k.body)]))) ?? {
    warnings: [],
    errors: [],
  };
  const skipped = (opts.skipped ?? []).map(
    (s): PlanWarning => ({
      code: 'scope-skipped',
      scope: s.key,
      message: `Skipped ${s.key}: ${s.reason}. Nothing there is planned or changed.`,
    }),
  );
  return { warnings: [...judged.warnings, ...skipped], errors: [...judged.errors] };
}

const COUNTED_BY: Record<CreatesCountedBy, string> = {
  emulator: 'counted by the emulator',
  'lock-file': "by cmdsync's own applies, as cmdsync.lock.json records; creates by other tools are not known",
};

/**
 * The daily create allowance of one scope, judged by the rule the emulator
 * enforces (wire/service-rules.ts): over it is an error before the first
 * write unless forced; most of it, a warning.
 */
function checkDailyCreates(
  s: {
    key: string;
    scope: Scope;
    creates: number;
    used: number;
    countedBy?: CreatesCountedBy;
    limits: Limits;
    force: boolean;
  },
  warnings: PlanWarning[],
  errors: PlanError[],
): void {
  const { key, creates, used } = s;
  const allowance = s.limits.daily_creates;
  const spent = used > 0 && s.countedBy ? ` (${used} more were created earlier today, ${COUNTED_BY[s.countedBy]})` : '';
  if (dailyCreatesProblem(used, creates, s.limits, s.scope)) {
    const message = `${key}: this plan creates ${creates} commands${spent}, more than the ${allowance} the service allows per day in a scope${s.force ? ' (--exceed-daily-creates given: applying anyway)' : '; apply refuses it without --exceed-daily-creates'}.`;
    if (s.force) warnings.push({ code: 'daily-creates', message, scope: key, address: key });
    else errors.push({ rule: 'daily-creates', severity: 'error', message, path: [] });
  } else if (creates > 0 && (used + creates) * 5 >= allowance * 4) {
    // Within the allowance but most of it: a fix later that day may find none left (the service counts per scope per day).
    const left = allowance - used - creates;
    warnings.push({
      code: 'daily-creates',
      scope: key,
      address: key,
      message: `${key}: this plan creates ${creates} commands${spent}, ${used + creates} of the ${allowance} the service allows per day in a scope: at most ${left} would be left until the allowance resets.`,
    });
  }
}

export function webhookFingerprint(actual: readonly WebhookState[]): RemoteFingerprint[string] {
  return {
    commands: actual
      .map((w) => [w.id!, `${w.channelId}|${w.name}|${w.avatarHash ?? ''}`] as [string, string])
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  };
}

/**
 * Spec A.6: deleting or renaming a command deletes its permissions everywhere;
 * say so before acting. A guild command whose guild's permissions were read
 * and hold none for it loses nothing, so it gets no warning; a global
 * command's rows may sit in any guild, so it always does.
 */
function droppedPermissionWarnings(
  actions: CommandAction[],
  key: string,
  remotePermissions: ScopeState['permissions'],
): PlanWarning[] {
  const hasRows = (id: string | undefined): boolean =>
    remotePermissions === undefined ||
    id === undefined ||
    remotePermissions.some((p) => p.target.kind === 'command' && p.target.id === id && p.entries.length > 0);
  return actions
    .filter((a) => a.kind === 'rename' || a.kind === 'replace' || a.kind === 'delete')
    .filter((a) => hasRows(a.remote?.id))
    .map((a) => ({
      code: 'permissions-dropped' as const,
      scope: key,
      address: a.address,
      message:
        a.kind === 'rename'
          ? `Renaming ${a.remote!.name} to ${a.name} keeps its id but the service deletes its permission overwrites; cmdsync re-applies them only in guilds whose permissions the manifest declares.`
          : a.kind === 'replace'
            ? `Replacing ${a.address} gives it a new id: its permission overwrites are lost (re-applied only where the manifest declares them).`
            : `Deleting ${a.address} also deletes its permission overwrites.`,
    }));
}

/** A webhook's URL is its credential and its address: once deleted, whatever posts to it gets 404 Unknown Webhook. */
function deletedWebhookWarnings(wp: WebhookPlan): PlanWarning[] {
  return wp.actions
    .filter((a) => a.kind === 'delete')
    .map((a) => ({
      code: 'webhook-deleted' as const,
      address: a.address,
      message: `Deleting ${a.address} stops its URL working: anything that posts to it (CI jobs, integrations) gets 404 Unknown Webhook.`,
    }));
}

function summarize(scopes: ScopePlan[], webhooks: WebhookPlan | undefined): PlanSummary {
  const s: PlanSummary = { create: 0, update: 0, rename: 0, replace: 0, delete: 0, permissions: 0 };
  for (const scope of scopes) {
    for (const a of scope.actions) if (a.kind !== 'noop') s[a.kind]++;
    s.permissions += scope.permissions.filter((p) => p.kind === 'replace').length;
  }
  if (webhooks) {
    s.webhooks = { create: 0, update: 0, delete: 0 };
    for (const a of webhooks.actions) if (a.kind !== 'noop') s.webhooks[a.kind]++;
  }
  return s;
}
