import { RESPONSE_ONLY_COMMAND_FIELDS } from '../wire/defaults.js';
import { CommandType, enumName } from '../wire/enums.js';
import { scopeKey, type Scope } from '../wire/scope.js';
import type { ScopeState, StateCommand } from '../wire/state.js';
import { diffValues } from './diff.js';
import type { CommandAction, KeptCommand } from './model.js';
import { alignUnmanaged, normalizeCommand, type Normalized } from './normalize.js';
import type { Obj } from '../wire/rules/values.js';

/** `global/chat_input/ping`: stable across runs, shown in plans and used in plan files. */
export function commandAddress(scope: Scope, type: number, name: string): string {
  return `${scopeKey(scope)}/${(enumName(CommandType, type) ?? String(type)).toLowerCase()}/${name}`;
}

const typeOf = (body: Obj): number => (typeof body.type === 'number' ? body.type : CommandType.CHAT_INPUT);
const nameOf = (body: Obj): string => String(body.name ?? '');

export interface ScopeMatch {
  actions: CommandAction[];
  kept: KeptCommand[];
  /** Remote commands that share a (type, name) with an earlier one: the service let a duplicate in. */
  duplicates: string[];
}

interface Pair {
  desired: StateCommand;
  remote?: StateCommand;
  reason?: string;
}

/**
 * Pairs desired and remote commands of one scope, and turns each pair into an
 * action. Identity, strongest first (peers §3.1): a pinned id, then (type,
 * name), then the entry point by its type alone (there is at most one), then a
 * `renamed_from` name (a rename keeps the id and so its permissions), then, for
 * a name whose type changed, a replace. What is left
 * remote is deleted when the scope prunes, except the service's own entry
 * point command when the manifest declares none.
 */
export function matchScope(desired: ScopeState, remote: ScopeState): ScopeMatch {
  const scope = desired.scope;
  const claimed = new Set<StateCommand>();
  const byId = new Map(remote.commands.filter((c) => c.id).map((c) => [c.id!, c]));
  const byKey = new Map<string, StateCommand>();
  const duplicates: string[] = [];
  for (const r of remote.commands) {
    const key = `${typeOf(r.body)}:${nameOf(r.body)}`;
    if (byKey.has(key)) duplicates.push(commandAddress(scope, typeOf(r.body), nameOf(r.body)));
    else byKey.set(key, r);
  }
  const take = (r: StateCommand | undefined): StateCommand | undefined => {
    if (!r || claimed.has(r)) return undefined;
    claimed.add(r);
    return r;
  };

  const pairs: Pair[] = desired.commands.map((d) => ({ desired: d }));
  // Pinned ids first, so a pin wins over another command's name.
  for (const p of pairs) if (p.desired.id) p.remote = take(byId.get(p.desired.id));
  for (const p of pairs)
    if (!p.remote && !p.desired.id) p.remote = take(byKey.get(`${typeOf(p.desired.body)}:${nameOf(p.desired.body)}`));
  // An application has at most one entry point, and the service creates it ("Launch") by itself: a declared
  // entry point means that command, whatever either is called, so it is edited in place and keeps its id.
  for (const p of pairs) {
    if (p.remote || p.desired.id || typeOf(p.desired.body) !== CommandType.PRIMARY_ENTRY_POINT) continue;
    const existing = remote.commands.find((r) => !claimed.has(r) && typeOf(r.body) === CommandType.PRIMARY_ENTRY_POINT);
    if (existing) {
      p.remote = take(existing);
      p.reason = "the application's entry point (it has at most one)";
    }
  }
  for (const p of pairs) {
    if (p.remote) continue;
    for (const old of p.desired.renamedFrom ?? []) {
      const r = take(byKey.get(`${typeOf(p.desired.body)}:${old}`));
      if (r) {
        p.remote = r;
        p.reason = `renamed from "${old}"`;
        break;
      }
    }
  }
  // A name whose type changed: the service cannot change a type in place.
  if (desired.prune !== false) {
    for (const p of pairs) {
      if (p.remote) continue;
      const name = nameOf(p.desired.body);
      const other = remote.commands.find(
        (r) => !claimed.has(r) && nameOf(r.body) === name && typeOf(r.body) !== typeOf(p.desired.body),
      );
      if (other && !desired.commands.some((d) => typeOf(d.body) === typeOf(other.body) && nameOf(d.body) === name)) {
        p.remote = take(other);
        p.reason = 'type changed';
      }
    }
  }

  const actions = pairs.map((p) => actionFor(scope, p));
  const declaresEntryPoint = desired.commands.some((d) => typeOf(d.body) === CommandType.PRIMARY_ENTRY_POINT);
  const kept: ScopeMatch['kept'] = [];
  for (const r of remote.commands) {
    if (claimed.has(r)) continue;
    const type = typeOf(r.body);
    const address = commandAddress(scope, type, nameOf(r.body));
    if (type === CommandType.PRIMARY_ENTRY_POINT && !declaresEntryPoint) {
      kept.push({
        address,
        id: r.id!,
        body: keptBody(r),
        reason: "the entry point command of the app's Activity (declare a primary_entry_point command to manage it)",
      });
    } else if (desired.prune === false) {
      kept.push({ address, id: r.id!, body: keptBody(r), reason: 'not in the manifest (prune: false)' });
    } else {
      actions.push({
        kind: 'delete',
        address,
        type,
        name: nameOf(r.body),
        remote: remoteRef(r),
        changes: [],
        reason: 'not in the manifest',
      });
    }
  }
  return { actions, kept, duplicates };
}

/** A remote record as a bulk-overwrite entry: its id and definition, without what only responses carry. */
function keptBody(r: StateCommand): Obj {
  return Object.fromEntries(Object.entries(r.body).filter(([k]) => !RESPONSE_ONLY_COMMAND_FIELDS.has(k)));
}

function remoteRef(r: StateCommand): NonNullable<CommandAction['remote']> {
  return { id: r.id!, version: r.version, name: nameOf(r.body), type: typeOf(r.body) };
}

function actionFor(scope: Scope, p: Pair): CommandAction {
  const body = wireBody(p.desired.body);
  const type = typeOf(body);
  const name = nameOf(body);
  const address = commandAddress(scope, type, name);
  const origin = p.desired.origin ? { file: p.desired.origin.file, path: [...p.desired.origin.path] } : undefined;
  const desiredNorm = normalizeCommand(body, scope);
  if (!p.remote) {
    // Like Terraform's create: every attribute the new command sets, field by field.
    const changes = diffValues({}, desiredNorm).filter((c) => c.after !== null);
    return { kind: 'create', address, type, name, body, changes, origin, after: body };
  }
  const remoteNorm = normalizeCommand(p.remote.body, scope);
  const remote = remoteRef(p.remote);
  if (typeOf(p.remote.body) !== type) {
    return {
      kind: 'replace',
      address,
      type,
      name,
      remote,
      body,
      changes: diffValues(remoteNorm, desiredNorm),
      reason: p.reason ?? 'type changed',
      origin,
      before: remoteNorm,
      after: desiredNorm,
    };
  }
  const aligned = alignUnmanaged(desiredNorm, body, remoteNorm);
  const changes = diffValues(remoteNorm, aligned);
  if (changes.length === 0) return { kind: 'noop', address, type, name, remote, body, changes, origin };
  const kind = remote.name !== name ? 'rename' : 'update';
  return {
    kind,
    address,
    type,
    name,
    remote,
    body: patchBody(body, aligned, changes),
    changes,
    reason: p.reason,
    origin,
    before: remoteNorm,
    after: aligned,
  };
}

/** The manifest-only keys never reach the service. */
function wireBody(body: Obj): Obj {
  const { id: _id, renamed_from: _r, ...wire } = body;
  return wire;
}

/**
 * A PATCH replaces only the fields it names, so a field the manifest dropped
 * must be sent at its default explicitly, or the remote keeps the old value
 * and the plan never converges.
 */
function patchBody(body: Obj, desired: Normalized, changes: { path: string }[]): Obj {
  // PATCH takes no `type` (it cannot change); the command's type is already right.
  const { type: _type, ...out } = body;
  for (const c of changes) {
    const key = c.path.split(/[.[]/)[0];
    if (key in out) continue;
    out[key] = key === 'options' ? [] : (desired[key] ?? null);
  }
  return out;
}
