import { CommandType, enumValue } from '../wire/enums.js';
import { GLOBAL, guildScope } from '../wire/scope.js';
import { isObject } from '../wire/rules/values.js';
import type {
  PermissionEntry,
  PermissionSet,
  ScopeState,
  State,
  StateCommand,
  WebhookSetState,
  WebhookState,
} from '../wire/state.js';
import { dirname, join } from 'node:path';
import { isAvatarUrl, readAvatarFile } from './avatar.js';
import type { LoadedManifest, ManifestCommand, ManifestPermissionSet } from './load.js';

function stateCommand(c: ManifestCommand): StateCommand {
  const { command } = c;
  const renamed = command.renamed_from;
  const out: StateCommand = { body: command, origin: { file: c.origin.file.display, path: [...c.origin.path] } };
  if (typeof command.id === 'string') out.id = command.id;
  if (typeof renamed === 'string') out.renamedFrom = [renamed];
  else if (Array.isArray(renamed)) out.renamedFrom = renamed.filter((r): r is string => typeof r === 'string');
  return out;
}

function permissionSet(set: ManifestPermissionSet): PermissionSet {
  const origin = { file: set.origin.file.display, path: [...set.origin.path] };
  const entries = set.entries as PermissionEntry[];
  if (set.target === '*') return { target: { kind: 'application' }, entries, origin };
  const colon = set.target.indexOf(':');
  const type = colon > 0 ? enumValue(CommandType, set.target.slice(0, colon)) : undefined;
  const name = type !== undefined ? set.target.slice(colon + 1) : set.target;
  return { target: { kind: 'command', name, type }, entries, origin };
}

/**
 * The manifest as desired state: the global scope and each declared guild,
 * with the scope's prune setting and, where declared, its permission sets.
 * Call only on a manifest without error findings.
 */
export function desiredState(manifest: LoadedManifest, applicationId: string): State {
  const scopes: ScopeState[] = [
    { scope: GLOBAL, commands: manifest.global.commands.map(stateCommand), prune: manifest.global.prune },
    ...manifest.guilds.map((g) => ({
      scope: guildScope(g.id),
      commands: g.commands.map(stateCommand),
      prune: g.prune,
      ...(g.permissions ? { permissions: g.permissions.map(permissionSet) } : {}),
    })),
  ];
  return { applicationId, scopes };
}

/**
 * The manifest's webhooks as desired state. A file avatar is read here, to
 * know its digest (the lock file remembers the digest of the avatar sent).
 */
export function desiredWebhooks(manifest: LoadedManifest): WebhookSetState {
  const webhooks: WebhookState[] = [];
  const channels = new Set<string>();
  const keep = new Set<string>();
  manifest.webhooks.forEach((w, i) => {
    if (!isObject(w) || typeof w.channel_id !== 'string' || typeof w.name !== 'string') return;
    channels.add(w.channel_id);
    if (w.prune === false) keep.add(w.channel_id);
    const state: WebhookState = {
      channelId: w.channel_id,
      name: w.name,
      origin: { file: manifest.root.display, path: ['webhooks', i] },
    };
    if (typeof w.key === 'string') state.key = w.key;
    if (typeof w.avatar === 'string') {
      // File avatars are recorded relative to the working directory: apply (maybe of a saved plan) reads them from there.
      state.avatar = isAvatarUrl(w.avatar)
        ? { source: w.avatar }
        : {
            source: join(dirname(manifest.root.display), w.avatar),
            sha256: readAvatarFile(w.avatar, manifest.root.absPath).sha256,
          };
    }
    webhooks.push(state);
  });
  return { channels: [...channels], keep: [...keep], webhooks };
}
