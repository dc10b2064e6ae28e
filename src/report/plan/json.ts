import { CommandType, enumName } from '../../wire/enums.js';
import { actionTree, permissionNodes } from './describe.js';
import type { DiffNode } from './tree.js';
import {
  hasChanges,
  type CommandAction,
  type CommandActionKind,
  type FieldChange,
  type PermissionAction,
  type Plan,
  type ScopePlan,
} from '../../plan/model.js';

/**
 * The machine document of `plan --json`: the plan itself, unchanged (so it
 * keeps `format_version` and Terraform's rule, ignore unknown keys and reject
 * an unknown major), plus a flat `changes[]` in Terraform's vocabulary for
 * consumers who only want to know what will happen. It holds nothing the
 * plan does not: the plan carries no credential and this adds none.
 */

/** Terraform's `change.actions` arrays; replace is delete-then-create so consumers can look for "delete". */
export type TerraformActions = ['no-op'] | ['create'] | ['update'] | ['delete', 'create'] | ['delete'];

export const TERRAFORM_ACTIONS: Record<CommandActionKind, TerraformActions> = {
  create: ['create'],
  update: ['update'],
  // A rename keeps the id: to Terraform's eye it is an update, told apart by action_reason.
  rename: ['update'],
  replace: ['delete', 'create'],
  delete: ['delete'],
  noop: ['no-op'],
};

/** Display hints in Terraform's style; consumers must accept values they do not know. */
const ACTION_REASON: Partial<Record<CommandActionKind, string>> = {
  rename: 'rename',
  replace: 'replace_because_cannot_update',
  delete: 'delete_because_no_resource_config',
};

export interface JsonFieldDiff {
  path: string;
  action: 'add' | 'remove' | 'change';
  before?: unknown;
  after?: unknown;
}

export interface JsonChange {
  address: string;
  /** The address before a rename, as Terraform's `previous_address`. */
  previous_address?: string;
  scope: string;
  resource: 'command' | 'permissions';
  type?: number;
  type_name?: string;
  name?: string;
  /** The remote id the action acts on (absent for a create, and for a permission set whose command does not exist yet). */
  id?: string;
  actions: TerraformActions;
  action_reason?: string;
  /** The planner's own words (`type changed`, `not in manifest`…). */
  reason?: string;
  /**
   * Before: what the plan knows of the remote object (a command's identity,
   * a permission set's entries), null when it is created. After: what apply
   * sends, null when it is deleted.
   */
  before: unknown;
  after: unknown;
  field_diffs: JsonFieldDiff[];
  /**
   * The nested change the text and markdown plans show, as data: blocks for
   * options, subcommands, groups and choices matched by name, values as the
   * manifest spells them (format 1.2; absent for a change with nothing to nest).
   */
  diff?: DiffNode[];
}

export interface PlanJsonDocument extends Plan {
  /** Same test as `plan --detailed-exitcode`: apply would send at least one request. */
  has_changes: boolean;
  changes: JsonChange[];
}

function fieldDiff(c: FieldChange): JsonFieldDiff {
  const action = c.before === undefined ? 'add' : c.after === undefined ? 'remove' : 'change';
  return { path: c.path, action, before: c.before, after: c.after };
}

function previousAddress(action: CommandAction): string | undefined {
  const old = action.remote?.name;
  if (action.kind !== 'rename' || old === undefined || !action.address.endsWith(`/${action.name}`)) return undefined;
  return action.address.slice(0, action.address.length - action.name.length) + old;
}

function commandChange(scope: ScopePlan, a: CommandAction): JsonChange {
  return {
    address: a.address,
    previous_address: previousAddress(a),
    scope: scope.key,
    resource: 'command',
    type: a.type,
    type_name: enumName(CommandType, a.type),
    name: a.name,
    id: a.remote?.id,
    actions: TERRAFORM_ACTIONS[a.kind],
    action_reason: ACTION_REASON[a.kind],
    reason: a.reason,
    before: a.kind === 'create' ? null : (a.remote ?? null),
    after: a.kind === 'delete' ? null : (a.body ?? null),
    field_diffs: a.changes.map(fieldDiff),
    ...treeOf(scope, a),
  };
}

function treeOf(scope: ScopePlan, a: CommandAction): { diff?: DiffNode[] } {
  const tree = actionTree(scope, a);
  return tree && tree.length > 0 ? { diff: tree } : {};
}

function entryKey(e: { type: number; id: string }): string {
  return `${e.type}:${e.id}`;
}

/** Permission sets are diffed per entry, keyed by (type, id), so field_diffs name the entry that changed. */
function permissionDiffs(p: PermissionAction): JsonFieldDiff[] {
  const before = new Map(p.before.map((e) => [entryKey(e), e]));
  const after = new Map(p.after.map((e) => [entryKey(e), e]));
  const diffs: JsonFieldDiff[] = [];
  for (const [k, e] of after) {
    const old = before.get(k);
    if (!old) diffs.push({ path: `permissions[${k}]`, action: 'add', after: e });
    else if (old.permission !== e.permission)
      diffs.push({ path: `permissions[${k}]`, action: 'change', before: old, after: e });
  }
  for (const [k, e] of before)
    if (!after.has(k)) diffs.push({ path: `permissions[${k}]`, action: 'remove', before: e });
  return diffs;
}

function permissionChange(scope: ScopePlan, p: PermissionAction): JsonChange {
  const owner = p.target === '*' ? scope.key : p.target;
  return {
    address: `${owner}/permissions`,
    scope: scope.key,
    resource: 'permissions',
    id: p.commandId,
    // A PUT replaces the whole set: an update of one resource, never a delete.
    actions: p.kind === 'noop' ? ['no-op'] : ['update'],
    reason: p.reason,
    before: p.before,
    after: p.after,
    field_diffs: permissionDiffs(p),
    ...(p.kind === 'noop' ? {} : { diff: permissionNodes(scope, p) }),
  };
}

/** Every command and permission set of the plan, in plan order, in Terraform's vocabulary. */
export function planChanges(plan: Plan): JsonChange[] {
  return plan.scopes.flatMap((s) => [
    ...s.actions.map((a) => commandChange(s, a)),
    ...s.permissions.map((p) => permissionChange(s, p)),
  ]);
}

export function planJsonDocument(plan: Plan): PlanJsonDocument {
  return { ...plan, has_changes: hasChanges(plan), changes: planChanges(plan) };
}

/** The document as printed on stdout: pretty JSON, one trailing newline, nothing else. */
export function formatPlanJson(plan: Plan): string {
  return `${JSON.stringify(planJsonDocument(plan), null, 2)}\n`;
}
