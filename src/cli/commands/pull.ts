/**
 * `cmdsync pull`: writes a manifest from what the service has (the global
 * scope, the guilds named with `--guild`, and their permission sets), so a
 * plan against the written file is empty.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { extname, relative, resolve } from 'node:path';
import { CmdsyncError, UsageError } from '../../errors.js';
import { manifestFromState, stringifyManifest } from '../../manifest/write.js';
import { actualScope } from '../../remote/read/actual.js';
import { fetchRemoteScopes } from '../../remote/index.js';
import { GLOBAL, guildScope } from '../../wire/scope.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { writeLine, type CliContext } from '../context.js';
import { openSession } from '../session.js';

export type ManifestFormat = 'yaml' | 'json';

export interface PullOptions {
  /** `-o, --output`; default `cmdsync.yaml` (`cmdsync.json` with `--format json`). */
  output?: string;
  /** `--format`; default from the output's extension (`.json` -> json), else yaml. */
  format?: ManifestFormat;
  /** `--guild <id>`, repeatable. */
  guilds: string[];
  force: boolean;
  emulator: boolean;
  apiUrl?: string;
  debug: boolean;
  /** Print a report document on stdout. */
  json?: boolean;
}

/** `-o -`: the manifest goes to stdout (a file named "-" is never what anyone means). */
const STDOUT = '-';

function resolveFormat(opts: PullOptions): { output: string; format: ManifestFormat } {
  if (opts.format !== undefined && opts.format !== 'yaml' && opts.format !== 'json') {
    throw new UsageError(`--format takes yaml or json, not "${String(opts.format)}".`);
  }
  const format = opts.format ?? (opts.output && extname(opts.output).toLowerCase() === '.json' ? 'json' : 'yaml');
  const output = opts.output ?? (format === 'json' ? 'cmdsync.json' : 'cmdsync.yaml');
  return { output, format };
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export async function runPull(opts: PullOptions, ctx: CliContext): Promise<number> {
  const { output, format } = resolveFormat(opts);
  const toStdout = output === STDOUT;
  if (toStdout && opts.json) throw new UsageError('-o - and --json both write to stdout; give one.');
  const guildIds = [...new Set(opts.guilds)];
  const bad = guildIds.find((id) => !isSnowflake(id));
  if (bad !== undefined) throw new UsageError(`--guild takes a guild id (a number such as 123456789012345678), not "${bad}".`);
  const target = resolve(ctx.cwd, output);
  const shown = relative(ctx.cwd, target) || output;
  // Checked before any request, and again by the exclusive write below (the file may appear meanwhile).
  if (!toStdout && !opts.force && existsSync(target)) throw fileExists(shown);

  const session = await openSession({ emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, guildIds }, ctx);
  let text: string;
  let counts: { global: number; guildCommands: number; permissionSets: number };
  try {
    const remote = await fetchRemoteScopes(session.client, session.applicationId, [GLOBAL, ...guildIds.map(guildScope)], { permissions: true });
    // The same actual state a plan reads, so a plan against the written file is empty.
    const state = { applicationId: session.applicationId, scopes: remote.map((r) => actualScope(r, session.applicationId)) };
    const doc = manifestFromState(state, { onWarning: (message) => writeLine(ctx.stderr, `warning: ${message}`) });
    text = stringifyManifest(doc, format);
    const guilds = (doc.guilds ?? []) as Array<{ commands: unknown[]; permissions?: Record<string, unknown> }>;
    counts = {
      global: (doc.commands as unknown[]).length,
      guildCommands: guilds.reduce((n, g) => n + g.commands.length, 0),
      permissionSets: guilds.reduce((n, g) => n + Object.keys(g.permissions ?? {}).length, 0),
    };
  } finally {
    await session.close();
  }

  if (toStdout) ctx.stdout.write(text);
  else {
    try {
      writeFileSync(target, text, { flag: opts.force ? 'w' : 'wx' });
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') throw fileExists(shown);
      throw new CmdsyncError('WRITE_FAILED', `cannot write ${shown}: ${code ?? (err as Error).message}`);
    }
  }
  const details = guildIds.length > 0 ? ` (${plural(counts.guildCommands, 'guild command')}, ${plural(counts.permissionSets, 'permission set')})` : '';
  writeLine(ctx.stderr, `Wrote ${toStdout ? 'the manifest to stdout' : shown}: ${plural(counts.global, 'global command')}, ${plural(guildIds.length, 'guild')}${details}`);
  if (opts.json) {
    const report = { file: shown, format, global_commands: counts.global, guilds: guildIds.length, guild_commands: counts.guildCommands, permission_sets: counts.permissionSets };
    ctx.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  }
  return 0;
}

function fileExists(shown: string): CmdsyncError {
  return new CmdsyncError('FILE_EXISTS', `${shown} already exists; pass --force to overwrite it.`);
}
