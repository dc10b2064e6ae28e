import type { Problem } from '../wire/problem.js';
import type { Scope } from '../wire/scope.js';
import type { Snowflake } from '../wire/snowflake.js';
import type { PermissionEntry } from '../wire/state.js';
import type { Obj } from '../wire/rules/values.js';

/**
 * A plan: what apply will change, scope by scope, and the exact requests it
 * will send. It is pure data: `plan --out` writes it as JSON and
 * `apply PLANFILE` executes exactly it. It never holds a credential.
 */

/** Terraform's vocabulary, plus rename (same id, new name). */
export type CommandActionKind = 'create' | 'update' | 'rename' | 'replace' | 'delete' | 'noop';

export interface FieldChange {
  /** Dotted path into the normalized command, e.g. `options[0].description`. */
  path: string;
  /** Undefined when the field is added. */
  before?: unknown;
  /** Undefined when the field is removed. */
  after?: unknown;
}

export interface CommandAction {
  kind: CommandActionKind;
  /** `global/chat_input/ping`, `guild:123/user/Show profile`: stable across runs. */
  address: string;
  type: number;
  name: string;
  /** The remote command: its id and version (update, rename, replace, delete, noop). */
  remote?: { id: Snowflake; version?: Snowflake; name: string; type: number };
  /**
   * The body apply sends, in wire form: the definition for create, replace and
   * no-op (a bulk overwrite resends it), only what changes for update and rename.
   */
  body?: Obj;
  /** Field-level differences between the normalized remote and desired commands. */
  changes: FieldChange[];
  /** Why, in a few words: `renamed_from`, `type changed`, `not in manifest`… */
  reason?: string;
  /** Where the command is written in the manifest, to map service errors back. */
  origin?: { file: string; path: (string | number)[] };
  /**
   * The whole command either side, for the nested diff a reviewer reads (1.2):
   * `before` is the remote record normalized (update, rename, replace), `after`
   * what the manifest asks for, normalized; for a create only the fields the
   * manifest writes, so a plan never shows a value the service would fill in.
   */
  before?: Obj;
  after?: Obj;
}

/** A remote command the manifest does not own: left alone, and resent as it is in a bulk overwrite. */
export interface KeptCommand {
  address: string;
  id: Snowflake;
  reason: string;
  /** Its definition as read, with its id, for a bulk overwrite to keep it unchanged. */
  body: Obj;
}

export interface PermissionAction {
  kind: 'replace' | 'noop';
  /** `*` (application-wide) or the command's address. */
  target: string;
  /** Filled at plan time when the command exists; resolved during apply after a create or replace. */
  commandId?: Snowflake;
  before: PermissionEntry[];
  after: PermissionEntry[];
  /** Why a set that did not change is still sent (a rename or replace drops permissions). */
  reason?: string;
  /** What the change does in effect (`after apply: role 1 can no longer use /ban in any channel`): the access model before and after. */
  effects?: string[];
}

/**
 * What a planned request does, and the method it is sent with: apply
 * switches on the kind, never on the method or the route (which are for
 * people reading the plan). Routes are written in `plan/requests.ts`.
 */
export const REQUEST_METHODS = {
  'command-create': 'POST',
  'command-edit': 'PATCH',
  'command-delete': 'DELETE',
  /** The scope's whole command list, in one PUT. */
  'bulk-overwrite': 'PUT',
  /** One command's (or the application-wide `*`) permission set in a guild, in one PUT. */
  permissions: 'PUT',
  'webhook-create': 'POST',
  'webhook-edit': 'PATCH',
  'webhook-delete': 'DELETE',
} as const;

export type PlannedRequestKind = keyof typeof REQUEST_METHODS;
export type CommandRequestKind =
  | 'command-create'
  | 'command-edit'
  | 'command-delete'
  | 'bulk-overwrite'
  | 'permissions';
export type WebhookRequestKind = Exclude<PlannedRequestKind, CommandRequestKind>;

/** One HTTP request apply will send, in order. */
interface RequestOf<K extends PlannedRequestKind> {
  readonly kind: K;
  readonly method: (typeof REQUEST_METHODS)[K];
  /** Route template, e.g. `/applications/{app}/guilds/{guild}/commands/{id}`. */
  readonly route: string;
  /** The addresses of the actions this request carries out (a permission set's: its target, `*` or the command's address). */
  readonly addresses: readonly string[];
}

/** A request of a scope's commands or permission sets. */
export type CommandRequest = { [K in CommandRequestKind]: RequestOf<K> }[CommandRequestKind];

/** A request of the declared webhooks. */
export type WebhookRequest = {
  [K in WebhookRequestKind]: RequestOf<K> & {
    /**
     * The webhook an edit or delete acts on (1.3). Addresses are not
     * enough: two of the application's webhooks may share a channel and a name,
     * and the plan deletes (or adopts one and deletes) both.
     */
    readonly id?: Snowflake;
  };
}[WebhookRequestKind];

export type PlannedRequest = CommandRequest | WebhookRequest;

export type Strategy = 'bulk' | 'individual';

export interface ScopePlan {
  readonly scope: Scope;
  /** `global` or `guild:<id>`. */
  readonly key: string;
  readonly actions: readonly CommandAction[];
  readonly permissions: readonly PermissionAction[];
  /** Remote commands kept although the manifest does not list them (prune: false, the auto-created entry point). */
  readonly kept: readonly KeptCommand[];
  readonly strategy: Strategy;
  readonly requests: readonly CommandRequest[];
  /** Creates this plan spends from the scope's daily allowance. */
  readonly creates: number;
  /** The scope's daily create allowance, where the service has one (guilds); absent for global. */
  readonly create_allowance?: number;
  /** Creates already spent today in this scope, and who counted them: the emulator itself, or cmdsync's own applies (the lock file). */
  readonly creates_today?: { used: number; counted_by: CreatesCountedBy };
}

/** Who counted today's creates: the remote emulator (it says), or the lock file (what cmdsync itself created; others may have created more). */
export type CreatesCountedBy = 'emulator' | 'lock-file';

export interface PlanWarning {
  code:
    | 'permissions-dropped'
    | 'daily-creates'
    | 'limits'
    | 'bearer-missing'
    | 'unmanaged-entry-point'
    | 'duplicate-remote'
    | 'scope-skipped'
    | 'mass-delete'
    | 'access-locked'
    | 'webhook-deleted'
    | 'application-mismatch'
    | 'application-unread';
  message: string;
  /** The scope it concerns, when one. */
  scope?: string;
  /** The action it concerns (a command or webhook address), when one: renderers show it under that action (1.2). */
  address?: string;
}

/** Per scope, every remote command's id and version, and a digest of its permissions: what staleness is checked against. */
export interface RemoteFingerprint {
  /** Per scope key; `webhooks` for the declared channels' webhooks; `application` for the settings commands were checked against. */
  [scopeKey: string]: {
    commands: Array<[Snowflake, Snowflake | undefined]>;
    permissions?: string;
    application?: string;
  };
}

export type WebhookActionKind = 'create' | 'update' | 'delete' | 'noop';

export interface WebhookAction {
  kind: WebhookActionKind;
  /** `webhook/<key>`, or `channel:<id>/webhook/<name>` for a keyless one. */
  address: string;
  key?: string;
  channelId: Snowflake;
  name: string;
  remote?: { id: Snowflake; channelId: Snowflake; name: string };
  changes: FieldChange[];
  /** What apply sends: `avatar` is the source (a file path relative to the manifest, or a URL), read at apply time; null removes it. */
  body?: { name?: string; channel_id?: Snowflake; avatar?: string | null };
  /** The avatar identity the lock file records once applied (`sha256:…`, `url:…`). */
  avatarIdentity?: string | null;
  reason?: string;
  /** Where the declared webhook is written (absent for deletes), to point at it when a request for it fails. */
  origin?: { file: string; path: (string | number)[] };
}

/** The application's declared webhooks: what changes, and the requests. */
export interface WebhookPlan {
  readonly actions: readonly WebhookAction[];
  readonly requests: readonly WebhookRequest[];
  /** Webhooks of this application kept in declared channels (prune: false). */
  readonly kept: ReadonlyArray<{ id: Snowflake; channelId: Snowflake; name: string }>;
  /** What the plan read (the declared channels, and webhook ids from the lock file): a saved plan re-reads exactly these. */
  readonly channels: readonly Snowflake[];
  readonly locked: readonly Snowflake[];
}

export interface PlanSummary {
  create: number;
  update: number;
  rename: number;
  replace: number;
  delete: number;
  /** Permission sets replaced. */
  permissions: number;
  /** Declared webhooks created, updated (renamed, moved, new avatar) and deleted. */
  webhooks?: { create: number; update: number; delete: number };
}

/** A scope losing most of its commands: more often a mistake (an include that matched nothing, a wrong file) than a wish. */
export interface MassDeletion {
  scope: string;
  /** Commands the plan deletes. */
  delete: number;
  /** Commands the scope holds now. */
  remote: number;
}

/**
 * 1.1: adds `mass_deletions` (readers of 1.0 plans recompute it from the scopes).
 * 1.2: adds commands' `before`/`after` and warnings' `address` (readers of
 * older plans show the flat `changes` list and every warning in one section).
 * 1.3: adds webhook requests' `id` (readers of older plans match a webhook
 * request to its action by address and kind, each action once).
 * Also 1.3: errors' `location`, scopes' `creates_today` and `creates_counted_by`
 * (readers of older plans count no earlier creates, and apply records none).
 * 1.4: adds requests' `kind` (readers of older plans tell it from the method
 * and route, plan/requests.ts).
 */
export const PLAN_FORMAT_VERSION = '1.4';

export interface Plan {
  readonly format_version: string;
  readonly cmdsync_version: string;
  readonly application_id: Snowflake;
  readonly created_at: string;
  readonly manifest_sha256?: string;
  readonly scopes: readonly ScopePlan[];
  /** Present when the manifest declares webhooks. */
  readonly webhooks?: WebhookPlan;
  readonly summary: PlanSummary;
  /** Writes apply will send (reads are not counted). */
  readonly request_count: number;
  /** Reads the plan itself sent. */
  readonly read_count: number;
  readonly warnings: readonly PlanWarning[];
  /** Scopes losing more than half of their commands, or all of them: `apply --auto-approve` refuses these without `--allow-mass-delete`. */
  readonly mass_deletions?: readonly MassDeletion[];
  /** Findings that block applying (e.g. over the daily create allowance without --force, a command the application cannot have). */
  readonly errors: readonly PlanError[];
  /** Who counts today's creates for this remote: an emulator counts its own; against the service apply records them in the lock file. */
  readonly creates_counted_by?: CreatesCountedBy;
  /** Declared scopes the plan could not read (and so leaves alone); a run with any ends with exit 1. */
  readonly skipped?: readonly string[];
  readonly fingerprint: Readonly<RemoteFingerprint>;
}

/** A blocking finding; `location` when it is about a value written in the manifest (its message then starts with it too). */
export interface PlanError extends Problem {
  location?: { file: string; line: number; col: number };
}

export function hasChanges(plan: Plan): boolean {
  return plan.request_count > 0;
}

/**
 * The scopes a plan empties or mostly empties. Computed from the actions, so
 * a saved plan of any 1.x version gives the same answer.
 */
export function massDeletions(scopes: readonly ScopePlan[]): MassDeletion[] {
  const out: MassDeletion[] = [];
  for (const s of scopes) {
    const deletes = s.actions.filter((a) => a.kind === 'delete').length;
    const remote = s.actions.filter((a) => a.remote !== undefined).length + s.kept.length;
    if (deletes > 0 && (deletes === remote || deletes * 2 > remote))
      out.push({ scope: s.key, delete: deletes, remote });
  }
  return out;
}

export function massDeletionMessage(m: MassDeletion): string {
  const what =
    m.delete === m.remote
      ? `all ${m.remote} command${m.remote === 1 ? '' : 's'}`
      : `${m.delete} of the ${m.remote} commands`;
  return `this plan deletes ${what} of ${m.scope}. If that is not what you meant, check the manifest (an include that matches nothing, the wrong file, a typo in a guild id). apply --auto-approve refuses it without --allow-mass-delete.`;
}

/**
 * The creates an apply carried out, by scope key: what counts against the
 * daily allowance (a replace creates a new command too).
 */
export function appliedCreates(
  plan: Plan,
  applied: ReadonlyArray<{ address: string; kind: string }>,
): Record<string, number> {
  const done = new Set(applied.filter((a) => a.kind === 'create' || a.kind === 'replace').map((a) => a.address));
  const out: Record<string, number> = {};
  for (const s of plan.scopes) {
    const n = s.actions.filter((a) => (a.kind === 'create' || a.kind === 'replace') && done.has(a.address)).length;
    if (n > 0) out[s.key] = n;
  }
  return out;
}
