import type { PermissionEntry } from '../../wire/state.js';
import type {
  CommandAction,
  CommandActionKind,
  FieldChange,
  PermissionAction,
  Plan,
  PlanWarning,
  ScopePlan,
  WebhookAction,
} from '../../plan/model.js';
import { createNodes, diffObject, type DiffNode } from './tree.js';
import { displayValue, entryLabel } from './values.js';

/**
 * The words and symbols every plan renderer shares (text, markdown), as plain
 * strings without colour: each renderer only decides how to decorate them, so
 * the terminal and the step summary never disagree about what a plan says.
 */

/** The sign of one line: added, removed, changed in place, replaced, unchanged. */
export type Sign = '+' | '-' | '~' | '-/+' | ' ';

export interface Line {
  sign: Sign;
  text: string;
  /** A trailing remark (`# forces replacement`), dimmed in the terminal. */
  note?: string;
  /** Nesting under its action: 0 for a command's own fields, 1 inside an option block… */
  depth?: number;
  /** A warning about this action, shown under it. */
  warn?: boolean;
}

export const ACTION_SIGN: Record<CommandActionKind, Sign> = {
  create: '+',
  update: '~',
  rename: '~',
  replace: '-/+',
  delete: '-',
  noop: ' ',
};

/** `global/chat_input/ping` shown under the `global` heading reads `chat_input/ping`. */
export function localAddress(scopeKey: string, address: string): string {
  return address.startsWith(`${scopeKey}/`) ? address.slice(scopeKey.length + 1) : address;
}

/** `global`, or `guild:123 (My server)` when the caller knows the guild's name. */
export function scopeTitle(scope: ScopePlan, guildNames?: Readonly<Record<string, string>>): string {
  if (scope.scope.kind !== 'guild') return scope.key;
  const name = guildNames?.[scope.scope.guildId];
  return name ? `${scope.key} (${oneLine(name, 60)})` : scope.key;
}

/** Newlines and other control characters would break the layout (and could carry terminal escapes). */
function oneLine(s: string, max: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this pattern finds
  const flat = s.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `~ description: "a" → "b"`, `+ options[2]: {…}`, `- nsfw: true`: a plan of format 1.1 or older, which has no whole commands to nest. */
export function fieldChangeLine(change: FieldChange): Line {
  const key = change.path.replace(/^.*\./, '');
  const owner = /options\[\d+\]\.[^.]+$/.test(change.path) ? 'option' : 'command';
  const show = (v: unknown): string => displayValue(key, v, owner);
  if (change.before === undefined) return { sign: '+', text: `${change.path}: ${show(change.after)}` };
  if (change.after === undefined) return { sign: '-', text: `${change.path}: ${show(change.before)}` };
  return { sign: '~', text: `${change.path}: ${show(change.before)} → ${show(change.after)}` };
}

/** A tree of changes as signed, indented lines; a block's closing brace lines up under its name. */
export function nodeLines(node: DiffNode, depth = 0): Line[] {
  const note = node.note ? { note: node.note } : {};
  if (node.children && node.children.length > 0) {
    return [
      { sign: node.sign, text: `${node.label} {`, depth, ...note },
      ...node.children.flatMap((c) => nodeLines(c, depth + 1)),
      { sign: ' ', text: '}', depth },
    ];
  }
  let text = node.label;
  if (node.words !== undefined) text += `: ${node.words}`;
  else if (node.before !== undefined || node.after !== undefined) text += `: ${node.before} → ${node.after}`;
  else if (node.value !== undefined) text += `: ${node.value}`;
  return [{ sign: node.sign, text, depth, ...note }];
}

/** The change of one command as a tree, or undefined for a plan that does not carry whole commands (format 1.1). */
export function actionTree(scope: ScopePlan, action: CommandAction): DiffNode[] | undefined {
  if (action.kind === 'create' && action.after) return createNodes(action.after, scope.scope.kind === 'global');
  if (
    (action.kind === 'update' || action.kind === 'rename' || action.kind === 'replace') &&
    action.before &&
    action.after
  ) {
    const nodes = diffObject(action.before, action.after, 'command');
    // A rename's name change is already in its heading.
    const shown = action.kind === 'rename' ? nodes.filter((n) => n.label !== 'name') : nodes;
    // The service cannot edit a command's type, so that field is why it is replaced (Terraform's wording).
    return shown.map((n) =>
      action.kind === 'replace' && n.label === 'type' ? { ...n, note: '# forces replacement' } : n,
    );
  }
  return undefined;
}

/** The field lines under an action; a rename's name change is already in its heading. */
export function fieldLines(scope: ScopePlan, action: CommandAction): Line[] {
  const tree = actionTree(scope, action);
  if (tree) return tree.flatMap((n) => nodeLines(n));
  return action.changes
    .filter((c) => !(action.kind === 'rename' && c.path === 'name'))
    .map((c) => {
      const line = fieldChangeLine(c);
      return action.kind === 'replace' && c.path === 'type' ? { ...line, note: '# forces replacement' } : line;
    });
}

/** Warnings that belong to one action (a lost URL, lost permissions), shown under it rather than at the end. */
export function warningLines(plan: Plan, address: string): Line[] {
  return plan.warnings
    .filter((w) => w.address === address)
    .map((w) => ({ sign: ' ', text: `! ${w.message}`, warn: true }));
}

/**
 * Whether a warning is shown beside what it concerns. Only when that is
 * shown: a warning about an action that is not on screen stays in the list.
 */
export function warningShownInline(plan: Plan, w: PlanWarning): boolean {
  if (w.address === undefined) return false;
  if (plan.scopes.some((s) => s.key === w.address)) return true;
  if (plan.scopes.some((s) => s.actions.some((a) => a.address === w.address && a.kind !== 'noop'))) return true;
  return plan.webhooks?.actions.some((a) => a.address === w.address && a.kind !== 'noop') ?? false;
}

function permissionsFollow(scope: ScopePlan, address: string): boolean {
  return scope.permissions.some((p) => p.kind === 'replace' && p.target === address);
}

/** The heading of one command action, e.g. `chat_input/ping will be created`. */
export function actionHeadline(scope: ScopePlan, action: CommandAction): Line {
  const where = localAddress(scope.key, action.address);
  const reason = action.reason ? ` (${oneLine(action.reason, 80)})` : '';
  switch (action.kind) {
    case 'create':
      return { sign: '+', text: `${where} will be created` };
    case 'update':
      return { sign: '~', text: `${where} will be updated in place` };
    case 'rename': {
      const from = action.remote?.name ?? '?';
      return {
        sign: '~',
        text: `${where} will be renamed: ${JSON.stringify(from)} → ${JSON.stringify(action.name)} (id kept)`,
      };
    }
    case 'replace': {
      // Deleting and re-creating gives the command a new id, and the service drops permissions with the old id.
      const consequence = permissionsFollow(scope, action.address)
        ? 'new id; permissions will be re-applied'
        : 'new id';
      return { sign: '-/+', text: `${where} must be replaced${reason}: ${consequence}` };
    }
    case 'delete':
      return { sign: '-', text: `${where} will be deleted${reason}` };
    case 'noop':
      return { sign: ' ', text: `${where} is up to date` };
  }
}

const allowDeny = (p: boolean): string => (p ? 'allow' : 'deny');

/** Honest words for a PUT: a set where there was none is "set", one emptied is "cleared". */
function permissionVerb(action: PermissionAction): string {
  if (action.before.length === 0) return 'will be set';
  if (action.after.length === 0) return 'will be cleared';
  return 'will be replaced';
}

/** The heading of a permission set replacement: the application-wide row or one command's. */
export function permissionHeadline(scope: ScopePlan, action: PermissionAction): Line {
  const what =
    action.target === '*' ? 'application-wide permissions' : `permissions of ${localAddress(scope.key, action.target)}`;
  const reason = action.reason ? ` (${oneLine(action.reason, 80)})` : '';
  return action.kind === 'noop'
    ? { sign: ' ', text: `${what} are up to date` }
    : { sign: action.before.length === 0 ? '+' : '~', text: `${what} ${permissionVerb(action)}${reason}` };
}

/**
 * Entry-level differences of a permission set, keyed by (type, id): `+ role 1 allow`,
 * `- user 2 deny`, `~ channel 3 deny → allow`. A set sent again unchanged (its
 * command gets a new id) says so instead of listing nothing.
 */
export function permissionLines(scope: ScopePlan, action: PermissionAction): Line[] {
  return permissionNodes(scope, action).flatMap((n) => nodeLines(n));
}

/** The same entry-level differences as a tree, for the JSON document; effects are context nodes. */
export function permissionNodes(scope: ScopePlan, action: PermissionAction): DiffNode[] {
  const guildId = scope.scope.kind === 'guild' ? scope.scope.guildId : undefined;
  const key = (e: PermissionEntry): string => `${e.type}:${e.id}`;
  const before = new Map(action.before.map((e) => [key(e), e]));
  const after = new Map(action.after.map((e) => [key(e), e]));
  const nodes: DiffNode[] = [];
  for (const e of action.after) {
    const old = before.get(key(e));
    if (!old) nodes.push({ sign: '+', label: entryLabel(e, guildId), value: allowDeny(e.permission) });
    else if (old.permission !== e.permission)
      nodes.push({
        sign: '~',
        label: entryLabel(e, guildId),
        before: allowDeny(old.permission),
        after: allowDeny(e.permission),
      });
  }
  for (const e of action.before) {
    if (!after.has(key(e))) nodes.push({ sign: '-', label: entryLabel(e, guildId), value: allowDeny(e.permission) });
  }
  if (nodes.length === 0 && action.kind === 'replace') {
    const n = action.after.length;
    nodes.push({ sign: ' ', label: `${n} ${n === 1 ? 'entry' : 'entries'} sent again unchanged` });
  }
  for (const effect of action.effects ?? []) nodes.push({ sign: ' ', label: effect });
  return nodes;
}

export function keptLine(scope: ScopePlan, kept: ScopePlan['kept'][number]): string {
  return `${localAddress(scope.key, kept.address)} (id ${kept.id}): ${oneLine(kept.reason, 100)}`;
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * `Plan: 7 to add, 1 to change, 1 to destroy; 3 permission sets; 1 webhook. 6 requests.`
 * Terraform's counting: a replace is one add and one destroy, a rename a change.
 */
export function summaryLine(plan: Plan): string {
  const s = plan.summary;
  const parts = [
    `Plan: ${s.create + s.replace} to add, ${s.update + s.rename} to change, ${s.delete + s.replace} to destroy`,
  ];
  if (s.permissions > 0) parts.push(plural(s.permissions, 'permission set', 'permission sets'));
  const w = s.webhooks ? s.webhooks.create + s.webhooks.update + s.webhooks.delete : 0;
  if (w > 0) parts.push(plural(w, 'webhook', 'webhooks'));
  return `${parts.join('; ')}. ${plural(plan.request_count, 'request', 'requests')}.`;
}

export const NO_CHANGES = 'No changes. Remote commands match the manifest.';

/** Whether anything would be sent. The request count decides (as the exit code does); the counts guard an inconsistent plan. */
export function planIsEmpty(plan: Plan): boolean {
  const s = plan.summary;
  return plan.request_count === 0 && s.create + s.update + s.rename + s.replace + s.delete + s.permissions === 0;
}

/** Command actions and permission replacements that change something: what "N more actions not shown" counts. */
export function changingActions(scope: ScopePlan): number {
  return (
    scope.actions.filter((a) => a.kind !== 'noop').length + scope.permissions.filter((p) => p.kind !== 'noop').length
  );
}

/** Counts per scope, for the markdown table. */
export function scopeCounts(scope: ScopePlan): Record<Exclude<CommandActionKind, 'noop'> | 'permissions', number> {
  const count = (k: CommandActionKind): number => scope.actions.filter((a) => a.kind === k).length;
  return {
    create: count('create'),
    update: count('update'),
    rename: count('rename'),
    replace: count('replace'),
    delete: count('delete'),
    permissions: scope.permissions.filter((p) => p.kind === 'replace').length,
  };
}

const WEBHOOK_VERB = {
  create: 'will be created',
  update: 'will be updated in place',
  delete: 'will be deleted',
  noop: 'is up to date',
} as const;
const WEBHOOK_SIGN = { create: '+', update: '~', delete: '-', noop: ' ' } as const;

/** Addresses more than one of the plan's webhook actions share (two of one name in one channel, no key): their headings need the id. */
export function sharedWebhookAddresses(actions: readonly WebhookAction[]): ReadonlySet<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const a of actions) (seen.has(a.address) ? shared : seen).add(a.address);
  return shared;
}

/**
 * A declared webhook's heading, with the remote id when `shared` holds its
 * address (otherwise two deletes would read the same). Tokens are never part
 * of a plan, so none can show here.
 */
export function webhookHeadline(a: WebhookAction, shared: ReadonlySet<string> = new Set()): Line {
  const id = a.remote && shared.has(a.address) ? ` (id ${a.remote.id})` : '';
  return {
    sign: WEBHOOK_SIGN[a.kind],
    text: `${a.address}${id} ${WEBHOOK_VERB[a.kind]}${a.reason ? ` (${oneLine(a.reason, 80)})` : ''}`,
  };
}

export function webhookFieldLines(a: WebhookAction): Line[] {
  return a.changes.map((c) => {
    const show = (v: unknown): string => displayValue(c.path, v, 'command');
    if (c.before === undefined) return { sign: '+', text: `${c.path}: ${show(c.after)}` };
    if (c.after === undefined) return { sign: '-', text: `${c.path}: ${show(c.before)}` };
    return { sign: '~', text: `${c.path}: ${show(c.before)} → ${show(c.after)}` };
  });
}
