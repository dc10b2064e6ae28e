import { dirname, resolve } from 'node:path';
import { ManifestReadError } from '../errors.js';
import { resolveLimits, type Limits } from '../wire/limits.js';
import { DEFAULT_APP_INTEGRATION_TYPES } from '../wire/defaults.js';
import { enumValue, IntegrationType } from '../wire/enums.js';
import type { ApplicationTraits } from '../wire/service-rules.js';
import type { Path, Problem } from '../wire/problem.js';
import { isObject, type Obj } from '../wire/rules/values.js';
import { manifestToWire, canonicalPermissionEntry } from './canonicalize.js';
import { diagnosticAt, diagnosticFromProblem, type Diagnostic } from './diagnostic.js';
import { globFiles, isGlob } from './glob.js';
import { checkSchema } from './schema-check.js';
import type { SourceFile } from './source.js';
import { plainDocument, readCached, type LoadOptions, type LoadState } from './document-value.js';

export type { LoadOptions } from './document-value.js';

/** Where a manifest node came from: which file, and its path in that file. */
export interface Origin {
  file: SourceFile;
  path: Path;
}

/** One command as the manifest declares it, in canonical (wire) spelling. */
export interface ManifestCommand {
  /** Canonical object, still holding manifest-only keys (`id`, `renamed_from`). */
  command: Obj;
  origin: Origin;
}

export interface ManifestPermissionSet {
  /** `name`, `type:name` or `*`. */
  target: string;
  /** Canonical `{ id, type, permission }` entries. */
  entries: unknown[];
  /** For each entry, the manifest keys its id and permission were written under. */
  keys: Array<{ idKey: string; permissionKey: string }>;
  origin: Origin;
}

export interface ManifestGuild {
  id: string;
  name?: string;
  prune: boolean;
  commands: ManifestCommand[];
  /** Undefined when the guild has no `permissions:` key (permissions not managed). */
  permissions?: ManifestPermissionSet[];
  origin: Origin;
}

export interface LoadedManifest {
  root: SourceFile;
  /** Every file read: the root and its includes. */
  files: SourceFile[];
  applicationId?: string;
  /** The manifest's `application:` block: what commands are checked against, and what `--emulator` provisions. */
  application?: ApplicationTraits;
  limits: Limits;
  global: { prune: boolean; commands: ManifestCommand[] };
  guilds: ManifestGuild[];
  webhooks: unknown[];
}

export interface LoadResult {
  manifest?: LoadedManifest;
  diagnostics: Diagnostic[];
  /** A fast load met a file the block reader declines: only the exact path can judge it. */
  declined?: true;
}

function loadCommands(list: unknown, file: SourceFile, base: Path, out: Diagnostic[]): ManifestCommand[] {
  if (!Array.isArray(list)) return [];
  return list.map((raw, i) => {
    const path = [...base, i];
    const problems: Problem[] = [];
    const command = manifestToWire(problems, raw);
    for (const p of problems) out.push(diagnosticFromProblem(file, path, p));
    return { command: (isObject(command) ? command : { __invalid: command }) as Obj, origin: { file, path } };
  });
}

/** Commands of an included file: one command, a list, or `{ commands: [...] }`. `entry`: the `include:` item in `root` that names it. */
function loadFragment(
  path: string,
  root: SourceFile,
  entry: Path,
  opts: LoadOptions,
  files: SourceFile[],
  state: LoadState,
): ManifestCommand[] {
  const out = state.diagnostics;
  let file: SourceFile;
  try {
    file = readCached(path, opts);
  } catch (err) {
    if (err instanceof ManifestReadError) {
      out.push(diagnosticAt(root, entry, 'error', 'include', err.message));
      return [];
    }
    throw err;
  }
  if (files.some((f) => f.absPath === file.absPath)) return [];
  files.push(file);
  const value = plainDocument(file, opts, state);
  if (value === undefined) return [];
  return loadFragmentValue(value, file, out);
}

function loadFragmentValue(value: unknown, file: SourceFile, out: Diagnostic[]): ManifestCommand[] {
  if (Array.isArray(value)) {
    value.forEach((_, i) => {
      out.push(...checkSchema(file, value[i], [i], true));
    });
    return loadCommands(value, file, [], out);
  }
  if (isObject(value) && Array.isArray(value.commands)) {
    value.commands.forEach((c, i) => {
      out.push(...checkSchema(file, c, ['commands', i], true));
    });
    return loadCommands(value.commands, file, ['commands'], out);
  }
  if (isObject(value)) {
    out.push(...checkSchema(file, value, [], true));
    return [{ command: canonicalOrReport(value, file, out), origin: { file, path: [] } }];
  }
  out.push(
    diagnosticAt(
      file,
      [],
      'error',
      'schema',
      'An included file holds one command (a mapping), a list of commands, or { commands: [...] }.',
    ),
  );
  return [];
}

function canonicalOrReport(value: Obj, file: SourceFile, out: Diagnostic[]): Obj {
  const problems: Problem[] = [];
  const command = manifestToWire(problems, value) as Obj;
  for (const p of problems) out.push(diagnosticFromProblem(file, [], p));
  return command;
}

function loadIncludes(
  list: unknown,
  file: SourceFile,
  base: Path,
  opts: LoadOptions,
  files: SourceFile[],
  state: LoadState,
): ManifestCommand[] {
  if (!Array.isArray(list)) return [];
  const dir = dirname(file.absPath);
  const commands: ManifestCommand[] = [];
  list.forEach((pattern, i) => {
    if (typeof pattern !== 'string') return;
    // A pattern that matches nothing is an error, not a warning: the plan
    // would otherwise delete every command those files were meant to hold.
    const paths = isGlob(pattern) ? globFiles(dir, pattern) : [resolve(dir, pattern)];
    if (paths.length === 0)
      state.diagnostics.push(diagnosticAt(file, [...base, i], 'error', 'include', `"${pattern}" matches no file.`));
    for (const p of paths) commands.push(...loadFragment(p, file, [...base, i], opts, files, state));
  });
  return commands;
}

function loadPermissions(
  value: unknown,
  guildId: string,
  file: SourceFile,
  base: Path,
  out: Diagnostic[],
): ManifestPermissionSet[] | undefined {
  if (!isObject(value)) return undefined;
  return Object.entries(value).map(([target, list]) => {
    const path = [...base, target];
    const entries: unknown[] = [];
    const keys: ManifestPermissionSet['keys'] = [];
    if (Array.isArray(list)) {
      list.forEach((raw, i) => {
        const problems: Problem[] = [];
        const c = canonicalPermissionEntry(problems, raw, guildId, [i]);
        for (const p of problems) out.push(diagnosticFromProblem(file, path, p));
        entries.push(c.entry);
        keys.push({ idKey: c.idKey, permissionKey: c.permissionKey });
      });
    }
    return { target, entries, keys, origin: { file, path } };
  });
}

/** A root that looks like a command file rather than a manifest (pre-commit may pass one). */
function isFragmentRoot(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  return isObject(value) && 'name' in value && !('commands' in value) && !('guilds' in value) && !('include' in value);
}

/**
 * Reads a manifest and everything it includes into canonical form, with every
 * parse, schema and spelling problem located. Rule checks are `lintManifest`'s
 * job. Throws ManifestReadError only when the root file cannot be read.
 */
export function loadManifest(path: string, opts: LoadOptions): LoadResult {
  const root = readCached(path, opts);
  const state: LoadState = { diagnostics: [], declined: false };
  const diagnostics = state.diagnostics;
  const value = plainDocument(root, opts, state);
  if (state.declined) return { diagnostics, declined: true };
  if (value === undefined) return { diagnostics };
  if (!isObject(value)) {
    diagnostics.push(
      diagnosticAt(
        root,
        [],
        'error',
        'schema',
        'A manifest is a mapping with keys such as application_id, commands and guilds.',
      ),
    );
    return { diagnostics };
  }
  const files: SourceFile[] = [root];
  if (isFragmentRoot(value)) {
    // Lint a lone command file as the global commands of an otherwise empty manifest.
    const fragment = loadFragmentValue(value, root, diagnostics);
    return { manifest: emptyManifest(root, files, opts, fragment), diagnostics };
  }
  diagnostics.push(...checkSchema(root, value, [], false));
  const globalCommands = [
    ...loadCommands(value.commands, root, ['commands'], diagnostics),
    ...loadIncludes(value.include, root, ['include'], opts, files, state),
  ];
  const guilds: ManifestGuild[] = [];
  if (Array.isArray(value.guilds)) {
    value.guilds.forEach((g, i) => {
      if (!isObject(g)) return;
      const base = ['guilds', i];
      const id = typeof g.id === 'string' ? g.id : g.id === undefined ? '' : String(g.id);
      guilds.push({
        id,
        name: typeof g.name === 'string' ? g.name : undefined,
        prune: g.prune !== false,
        commands: [
          ...loadCommands(g.commands, root, [...base, 'commands'], diagnostics),
          ...loadIncludes(g.include, root, [...base, 'include'], opts, files, state),
        ],
        permissions: loadPermissions(g.permissions, id, root, [...base, 'permissions'], diagnostics),
        origin: { file: root, path: base },
      });
    });
  }
  const manifest: LoadedManifest = {
    root,
    files,
    applicationId:
      typeof value.application_id === 'string' ? value.application_id : (opts.env.DISCORD_APPLICATION_ID ?? undefined),
    ...(isObject(value.application) ? { application: loadApplication(value.application, root, diagnostics) } : {}),
    limits: resolveLimits(isObject(value.limits) ? value.limits : undefined),
    global: { prune: value.prune !== false, commands: globalCommands },
    guilds,
    webhooks: Array.isArray(value.webhooks) ? value.webhooks : [],
  };
  return state.declined ? { diagnostics, declined: true } : { manifest, diagnostics };
}

/** `application:` in wire terms; what it leaves out is the service's default (no Activity, guild install, not discoverable). */
function loadApplication(value: Obj, file: SourceFile, out: Diagnostic[]): ApplicationTraits {
  const types = Array.isArray(value.integration_types) ? value.integration_types : undefined;
  const integrationTypes: number[] = [];
  types?.forEach((t, i) => {
    const v = typeof t === 'number' ? t : typeof t === 'string' ? enumValue(IntegrationType, t) : undefined;
    if (v === undefined)
      out.push(
        diagnosticAt(
          file,
          ['application', 'integration_types', i],
          'error',
          'enum-name',
          `"${String(t)}" is not an integration type; use guild_install or user_install.`,
        ),
      );
    else integrationTypes.push(v);
  });
  return {
    embedded: value.embedded === true,
    integrationTypes: types ? integrationTypes : [...DEFAULT_APP_INTEGRATION_TYPES],
    discoverable: value.discoverable === true,
  };
}

function emptyManifest(
  root: SourceFile,
  files: SourceFile[],
  opts: LoadOptions,
  commands: ManifestCommand[],
): LoadedManifest {
  return {
    root,
    files,
    applicationId: opts.env.DISCORD_APPLICATION_ID,
    limits: resolveLimits(),
    global: { prune: false, commands },
    guilds: [],
    webhooks: [],
  };
}
