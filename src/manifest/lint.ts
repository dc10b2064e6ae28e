import type { Path, Problem } from '../wire/problem.js';
import { validateCommand } from '../wire/rules/command.js';
import { applicationCommandProblems, type ApplicationTraits } from '../wire/service-rules.js';
import type { Limits } from '../wire/limits.js';
import { validatePermissionEntries } from '../wire/rules/permissions.js';
import { validateScopeCommands } from '../wire/rules/scope.js';
import { validateWebhookSet } from '../wire/rules/webhook-set.js';
import { validateWebhookName } from '../wire/rules/webhook-name.js';
import { isObject } from '../wire/rules/values.js';
import { checkAvatarSource } from './avatar.js';
import { GLOBAL, guildScope, scopeKey, type Scope } from '../wire/scope.js';
import { isSnowflake } from '../wire/snowflake.js';
import { compareDiagnostics, diagnosticAt, diagnosticFromProblem, type Diagnostic } from './diagnostic.js';
import { hasUnresolvedReference } from './plain-values.js';
import type { LoadedManifest, ManifestCommand, ManifestPermissionSet } from './load.js';
import { applySuppressions } from './suppress.js';
import { commandsByName, commandsNamed, guildAccessFromManifest, resolvePermissionTarget } from './access.js';
import { commandsLeftToAdministrators, conflictingRows } from '../wire/rules/access.js';
import type { ManifestGuild } from './load.js';

/** What commands are judged against: the application (when known), the limits, and per scope key the remote commands the scope keeps. */
interface Judge {
  application?: ApplicationTraits;
  limits: Limits;
  kept?: Readonly<Record<string, readonly unknown[]>>;
}

function checkScope(out: Diagnostic[], commands: ManifestCommand[], scope: Scope, judge: Judge): void {
  // What the application is (the manifest's `application:`, or what the service reports), the service checks every command against.
  if (judge.application) {
    for (const c of commands)
      for (const p of applicationCommandProblems(c.command, judge.application, scope))
        out.push(diagnosticFromProblem(c.origin.file, c.origin.path, p));
  }
  for (const c of commands) {
    // An id still holding a ${VAR} reference is reported where the reference is.
    const unresolvedId = 'id' in c.command && hasUnresolvedReference(c.command.id);
    for (const p of validateCommand(c.command, { scope, limits: judge.limits })) {
      if (p.rule === 'command-id' && unresolvedId) continue;
      out.push(diagnosticFromProblem(c.origin.file, c.origin.path, p));
    }
  }
  // Scope rules speak of indices into the scope's list; map them back to each command's own place.
  // Commands the scope keeps remotely (prune: false, the service's entry point) count first, so a limit is passed at a declared one.
  const kept = judge.kept?.[scopeKey(scope)] ?? [];
  for (const p of validateScopeCommands([...kept, ...commands.map((c) => c.command)], scope, judge.limits)) {
    const [index, ...rest] = p.path;
    const c = commands[(index as number) - kept.length];
    if (c) out.push(diagnosticFromProblem(c.origin.file, c.origin.path, { ...p, path: rest }));
  }
}

function checkPermissions(
  out: Diagnostic[],
  sets: ManifestPermissionSet[],
  guildCommands: ManifestCommand[],
  manifest: LoadedManifest,
): void {
  const candidates = commandsByName(guildCommands, manifest.global.commands);
  for (const set of sets) {
    const { file, path } = set.origin;
    // Rule paths name wire keys; point at the key the manifest used (role, allow…).
    const translate = (p: Path): Path => {
      const [i, key, ...rest] = p;
      const keys = typeof i === 'number' ? set.keys[i] : undefined;
      if (!keys) return p;
      const mapped = key === 'id' ? keys.idKey : key === 'permission' ? keys.permissionKey : key;
      return mapped === undefined ? [i] : [i, mapped, ...rest];
    };
    for (const p of validatePermissionEntries(set.entries, manifest.limits))
      out.push(diagnosticFromProblem(file, path, p, translate));
    if (set.target === '*') continue;
    const { matches, typed } = commandsNamed(set.target, candidates);
    if (matches.length === 0) {
      out.push(
        diagnosticAt(
          file,
          path,
          'error',
          'permission-target',
          `No command named "${set.target}" in this guild or the global scope; permissions must name a declared command (or "*" for the application-wide default).`,
          { key: true },
        ),
      );
    } else if (!typed && new Set(matches.map((m) => m.command.type ?? 1)).size > 1) {
      out.push(
        diagnosticAt(
          file,
          path,
          'error',
          'permission-target',
          `"${set.target}" names commands of several types; write type:name (e.g. chat_input:${set.target}).`,
          { key: true },
        ),
      );
    }
  }
}

/**
 * Every rule of the spec over a loaded manifest: each command, each scope's
 * counts and names, permission entries and their targets. Findings are
 * located, suppressions applied, and sorted by file and position.
 */
export function lintManifest(manifest: LoadedManifest, loadDiagnostics: Diagnostic[] = []): Diagnostic[] {
  const out: Diagnostic[] = [...loadDiagnostics];
  const { root } = manifest;
  checkScope(out, manifest.global.commands, GLOBAL, manifest);
  const seenGuilds = new Map<string, number>();
  manifest.guilds.forEach((g, i) => {
    const first = seenGuilds.get(g.id);
    if (first !== undefined)
      out.push(
        diagnosticAt(
          root,
          ['guilds', i, 'id'],
          'error',
          'duplicate-guild',
          `Guild ${g.id} is already declared (guild ${first + 1}); merge the two entries.`,
        ),
      );
    else seenGuilds.set(g.id, i);
    checkScope(out, g.commands, guildScope(g.id), manifest);
    if (g.permissions) {
      checkPermissions(out, g.permissions, g.commands, manifest);
      checkAccess(out, g, manifest);
    }
  });
  checkWebhooks(out, manifest);
  return applySuppressions(dedupe(preferReadingFindings(out, loadDiagnostics)), manifest.files).sort(
    compareDiagnostics,
  );
}

/**
 * The commands' rules again, judged by what the remote says rather than what
 * the manifest says: its application and the limits it enforces. `plan` runs
 * it before anything is written, so a command the remote would refuse is an
 * error at its place in the manifest, not a failure half way through apply.
 * Only errors: the manifest's own lint already gave its warnings.
 */
export function remoteFindings(
  manifest: LoadedManifest,
  judge: Judge,
  scopes: { global: boolean; guilds: ReadonlySet<string> },
): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (scopes.global) checkScope(out, manifest.global.commands, GLOBAL, judge);
  for (const g of manifest.guilds) if (scopes.guilds.has(g.id)) checkScope(out, g.commands, guildScope(g.id), judge);
  return dedupe(out.filter((d) => d.severity === 'error')).sort(compareDiagnostics);
}

/**
 * What the rows mean (wire/access): a set that leaves a command to
 * administrators only, and two sets naming the same command (`ban` and
 * `chat_input:ban`) that disagree about a target. Warnings: both can be
 * meant, but neither should be an accident.
 */
function checkAccess(out: Diagnostic[], g: ManifestGuild, manifest: LoadedManifest): void {
  if (!isSnowflake(g.id)) return;
  const sets = g.permissions ?? [];
  const byCommand = new Map<ManifestCommand, ManifestPermissionSet[]>();
  const [guildByName, globalByName] = [commandsByName(g.commands), commandsByName(manifest.global.commands)];
  for (const set of sets) {
    if (set.target === '*') continue;
    const c = resolvePermissionTarget(set.target, guildByName, globalByName);
    if (c) byCommand.set(c, [...(byCommand.get(c) ?? []), set]);
  }
  for (const list of byCommand.values()) {
    list.slice(1).forEach((set, i) => {
      for (const earlier of list.slice(0, i + 1)) {
        for (const c of conflictingRows(earlier.entries, set.entries)) {
          out.push(
            diagnosticAt(
              set.origin.file,
              [...set.origin.path, c.index],
              'warning',
              'permission-conflict',
              `${c.target} is ${c.permission ? 'allowed' : 'denied'} here but ${c.permission ? 'denied' : 'allowed'} in the set "${earlier.target}"; both name the same command and only the set applied last survives. Keep one set.`,
            ),
          );
        }
      }
    });
  }
  const { access, declared } = guildAccessFromManifest(manifest, g, g.id);
  const appSet = sets.find((s) => s.target === '*');
  const lockedByApp: string[] = [];
  const leftToAdministrators = commandsLeftToAdministrators(access);
  for (const subject of access.commands) {
    if (!leftToAdministrators.has(subject)) continue;
    const command = declared.get(subject);
    const own = command && subject.commandRows.length > 0 ? byCommand.get(command)?.at(-1) : undefined;
    if (own) {
      out.push(
        diagnosticAt(
          own.origin.file,
          own.origin.path,
          'warning',
          'permission-admins-only',
          `These rows leave ${subject.label} to administrators only: every role, user and channel they name, and everyone else, is denied. Add an allow row for who should use it, or disable this rule here if that is the point.`,
          { key: true },
        ),
      );
    } else lockedByApp.push(subject.label);
  }
  if (appSet && lockedByApp.length > 0) {
    out.push(
      diagnosticAt(
        appSet.origin.file,
        appSet.origin.path,
        'warning',
        'permission-admins-only',
        `The application-wide rows leave ${lockedByApp.join(', ')} to administrators only (commands without rows of their own). Add an allow row, give those commands rows of their own, or disable this rule here if that is the point.`,
        { key: true },
      ),
    );
  }
}

/**
 * When reading a node already failed (an unknown enum name, an unsafe number),
 * the spec rule judging the same node only repeats it less precisely.
 */
function preferReadingFindings(list: Diagnostic[], reading: Diagnostic[]): Diagnostic[] {
  const at = new Set(reading.filter((d) => d.severity === 'error').map((d) => `${d.file}:${d.line}:${d.col}`));
  const read = new Set(reading);
  return list.filter((d) => read.has(d) || !at.has(`${d.file}:${d.line}:${d.col}`));
}

/** Declared webhooks: each name, each avatar, and the set per channel (wire/rules/webhook-*). */
function checkWebhooks(out: Diagnostic[], manifest: LoadedManifest): void {
  const { root } = manifest;
  manifest.webhooks.forEach((w, i) => {
    if (!isObject(w)) return;
    for (const p of validateWebhookName(w.name, manifest.limits, { path: ['name'] }))
      out.push(diagnosticFromProblem(root, ['webhooks', i], p));
    if (typeof w.avatar === 'string') {
      const why = checkAvatarSource(w.avatar, root.absPath);
      if (why) out.push(diagnosticAt(root, ['webhooks', i, 'avatar'], 'error', 'webhook-avatar', why));
    }
  });
  for (const p of validateWebhookSet(manifest.webhooks, manifest.limits))
    out.push(diagnosticFromProblem(root, ['webhooks'], p));
}

/** Two rules may land on the same node with the same words (e.g. a shared list); say it once. */
function dedupe(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const key = `${d.file}:${d.line}:${d.col}:${d.rule}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export type { Problem };
