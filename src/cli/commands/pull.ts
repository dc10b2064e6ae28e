/**
 * `cmdsync pull`: writes a manifest from what the service has, so a plan
 * against the written file is empty. By default everything a manifest could
 * hold: the global commands, every guild it can know of (the existing
 * manifest's, the lock file's, the bot's) with its permission sets, and the
 * application's own webhooks. `--guild` and `--global` narrow it. What the
 * service would not let it read is said, one line each, and left out.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { dirname, extname, relative, resolve } from 'node:path';
import { CmdsyncError, UsageError } from '../../errors.js';
import { manifestFromState, stringifyManifest } from '../../manifest/write.js';
import type { Unread } from '../../remote/read/unread.js';
import { readForPull, type PullResult } from '../../sync/pull.js';
import { readPullSources } from '../../sync/pull-sources.js';
import { Names, serviceNames } from '../names.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { writeLine, type CliContext } from '../context.js';
import { openSession } from '../session.js';
import type { Obj } from '../../wire/rules/values.js';

export type ManifestFormat = 'yaml' | 'json';

export interface PullOptions {
  /** `-o, --out`; default `cmdsync.yaml` (`cmdsync.json` with `--format json`). */
  output?: string;
  /** `--format`; default from the output's extension (`.json` -> json), else yaml. */
  format?: ManifestFormat;
  /** `--guild <id>`, repeatable: only these guilds' commands (and the global ones). */
  guilds: string[];
  /** `--global`: the global commands and the webhooks; with no `--guild`, no guild. */
  global?: boolean;
  /** `-m, --manifest`: the manifest whose guilds and channels to read too (default: the file pull writes, if it exists). */
  manifest?: string;
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
  const wanted = [...new Set(opts.guilds)];
  const target = resolve(ctx.cwd, output);
  const shown = relative(ctx.cwd, target) || output;
  // Checked before any request, and again by the exclusive write below (the file may appear meanwhile).
  if (!toStdout && !opts.force && existsSync(target)) throw fileExists(shown);
  const sources = readPullSources({
    cwd: ctx.cwd,
    env: ctx.env,
    manifestPath: opts.manifest ?? (toStdout ? undefined : output),
    explicit: opts.manifest !== undefined,
    lockBeside: toStdout ? 'cmdsync.yaml' : output,
  });

  const session = await openSession(
    { emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, guildIds: wanted.filter(isSnowflake) },
    ctx,
  );
  let pulled: PullResult;
  try {
    // A name where an id goes, as everywhere: the existing manifest's names, then the bot's guilds as the service lists them.
    const names = new Names(serviceNames(session.client), sources.manifestGuilds);
    const guildIds = [...new Set(await Promise.all(wanted.map(async (v) => (await names.guild('--guild', v)).id)))];
    const outputDir = toStdout ? ctx.cwd : dirname(target);
    pulled = await readForPull({
      client: session.client,
      applicationId: session.applicationId,
      guilds: guildIds,
      global: !!opts.global,
      sources,
      outputDir,
    });
  } finally {
    await session.close();
  }
  const doc = manifestFromState(pulled.state, {
    guildNames: pulled.guildNames,
    webhooks: pulled.webhooks,
    onWarning: (message) => writeLine(ctx.stderr, `warning: ${message}`),
  });
  const text = stringifyManifest(doc, format);
  for (const u of pulled.unread) writeLine(ctx.stderr, `not read: ${unreadLine(u, ctx.cwd)}`);

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
  const counts = countsOf(doc);
  const details =
    counts.guilds > 0
      ? ` (${plural(counts.guildCommands, 'guild command')}, ${plural(counts.permissionSets, 'permission set')})`
      : '';
  const hooks = pulled.webhooks ? `, ${plural(counts.webhooks, 'webhook')}` : '';
  const empty =
    pulled.emptyGuilds.length > 0
      ? `; ${plural(pulled.emptyGuilds.length, 'more guild')} with no commands or permissions of this application, not written`
      : '';
  writeLine(
    ctx.stderr,
    `Wrote ${toStdout ? 'the manifest to stdout' : shown}: ${plural(counts.global, 'global command')}, ${plural(counts.guilds, 'guild')}${details}${hooks}${empty}`,
  );
  if (opts.json) {
    const report = {
      file: shown,
      format,
      global_commands: counts.global,
      guilds: counts.guilds,
      guild_commands: counts.guildCommands,
      permission_sets: counts.permissionSets,
      webhooks: pulled.webhooks ? counts.webhooks : null,
      empty_guilds: pulled.emptyGuilds,
      not_read: pulled.unread.map((u) => ({
        what: u.kind,
        id: u.id,
        reason: u.reason,
      })),
    };
    ctx.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  }
  return 0;
}

function countsOf(doc: Obj) {
  const guilds = (doc.guilds ?? []) as Array<{ commands: unknown[]; permissions?: Obj }>;
  return {
    global: (doc.commands as unknown[]).length,
    guilds: guilds.length,
    guildCommands: guilds.reduce((n, g) => n + g.commands.length, 0),
    permissionSets: guilds.reduce((n, g) => n + Object.keys(g.permissions ?? {}).length, 0),
    webhooks: ((doc.webhooks ?? []) as unknown[]).length,
  };
}

/** One line for what could not be read: what it is, and why; a guild also says it is not in the file. */
function unreadLine(u: Unread, cwd: string): string {
  switch (u.kind) {
    case 'guild':
      return `guild ${u.id}: ${u.reason}; it is left out of the file.`;
    case 'guild-webhooks':
      return `the webhooks of guild ${u.id}: ${u.reason}.`;
    case 'channel-webhooks':
      return `the webhooks of channel ${u.id}: ${u.reason}.`;
    case 'webhook':
      return `webhook ${u.id} (recorded in the lock file): ${u.reason}.`;
    case 'guild-list':
      return `the list of the bot's guilds: ${u.reason}.`;
    case 'webhooks':
      return `webhooks: ${u.reason}.`;
    case 'manifest':
    case 'lock':
      return `${u.id === undefined ? u.kind : relative(cwd, u.id) || u.id}: ${u.reason}`;
  }
}

function fileExists(shown: string): CmdsyncError {
  return new CmdsyncError('FILE_EXISTS', `${shown} already exists; pass --force to overwrite it.`);
}
