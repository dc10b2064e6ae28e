import { axes, ask, buildMatrix, type Column } from '../../wire/access/matrix.js';
import { guildAccessFromManifest } from '../../manifest/access.js';
import { guildAccessFromRemote } from '../../remote/read/access.js';
import { guildFactsFromWorld } from '../../emulator/state/access-facts.js';
import type { CommandSubject, GuildAccess } from '../../wire/access/subjects.js';
import { UsageError } from '../../errors.js';
import { fetchRemoteScope } from '../../remote/read/fetch-scope.js';
import { CommandType, enumValue } from '../../wire/enums.js';
import { parsePermissionSet } from '../../wire/permissions.js';
import { GLOBAL, guildScope } from '../../wire/scope.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { formatAccessJson, formatAccessText, type AccessReport } from '../../report/access/report.js';
import type { CliContext } from '../context.js';
import { readManifestForSync } from '../manifest-input.js';
import { openSession } from '../session.js';
import type { LoadedManifest } from '../../manifest/load.js';
import { formatNamed } from '../../wire/names.js';
import { Names, serviceNames, worldNames, type Resolved } from '../names.js';
import type { Session } from '../session.js';

export interface AccessOptions {
  command?: string;
  manifest?: string;
  guild?: string;
  channel?: string;
  role: string[];
  user?: string;
  permissions?: string;
  remote: boolean;
  emulator: boolean;
  apiUrl?: string;
  json: boolean;
  debug: boolean;
}

interface Who {
  channel?: string;
  user?: string;
  role: string[];
}

/** `--channel`, `--user` and `--role` as ids: each an id, or a name the emulator or the service knows in the guild. */
async function whoOf(opts: AccessOptions, names: Names, guildId: string, known: Map<string, string>): Promise<Who> {
  const note = (r: Resolved) => {
    if (r.name !== undefined) known.set(r.id, r.name);
    return r.id;
  };
  const channel =
    opts.channel !== undefined ? note(await names.channel('--channel', opts.channel, guildId)) : undefined;
  const user = opts.user !== undefined ? note(await names.user('--user', opts.user, guildId)) : undefined;
  const role: string[] = [];
  for (const r of opts.role) role.push(note(await names.role('--role', r, guildId)));
  return { channel, user, role };
}

/** `--guild` by id or name; without it, the manifest's one guild (said in a note); with several, the error lists them. */
async function guildOf(opts: AccessOptions, manifest: LoadedManifest, names: Names, notes: string[]): Promise<string> {
  if (opts.guild !== undefined) return (await names.guild('--guild', opts.guild)).id;
  const declared = manifest.guilds.filter((g) => isSnowflake(g.id));
  const listed = declared.map((g) => formatNamed('guild', g.id, g.name)).join(', ');
  if (declared.length === 1) {
    notes.push(`no --guild: the manifest declares one guild, ${listed}; these are its rows.`);
    return declared[0]!.id;
  }
  if (declared.length === 0)
    throw new UsageError(
      'access needs --guild ID|NAME: permission rows belong to one guild, and the manifest declares none.',
    );
  throw new UsageError(
    `access needs --guild ID|NAME: permission rows belong to one guild, and the manifest declares ${declared.length}: ${listed}.`,
  );
}

function parsePermissionsFlag(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  const parsed = parsePermissionSet(value);
  if ('unknown' in parsed)
    throw new UsageError(
      `--permissions: "${parsed.unknown}" is not a permission name or a decimal bit set (e.g. BAN_MEMBERS,MANAGE_GUILD or 36).`,
    );
  return parsed.bits;
}

/** `ban`, `/ban`, `message:Report message`. */
function selectCommands(all: CommandSubject[], wanted: string | undefined, guildId: string): CommandSubject[] {
  if (wanted === undefined) return all;
  const colon = wanted.indexOf(':');
  const type = colon > 0 ? enumValue(CommandType, wanted.slice(0, colon)) : undefined;
  const name = (type !== undefined ? wanted.slice(colon + 1) : wanted).replace(/^\//, '');
  const found = all.filter((c) => c.name === name && (type === undefined || (c.command.type ?? 1) === type));
  if (found.length === 0) throw new UsageError(`No command "${wanted}" in guild ${guildId} or the global scope.`);
  return found;
}

/** Where the rows and names come from: the manifest alone, or the deployed rows of the service or the emulator. */
interface Reading {
  access: GuildAccess;
  source: AccessReport['source'];
}

/** With --remote or --emulator: the deployed rows where the manifest does not manage them, and the guild's names (its facts, from the emulator). */
async function readDeployed(
  session: Session,
  opts: AccessOptions,
  guildId: string,
  manifest: LoadedManifest,
  notes: string[],
): Promise<Reading> {
  const declared = manifest.guilds.find((g) => g.id === guildId);
  const fromManifest = guildAccessFromManifest(manifest, declared, guildId);
  let reading: Reading = { access: fromManifest.access, source: fromManifest.managed ? 'manifest' : 'defaults' };
  if (!fromManifest.managed) {
    const [guildRemote, globalRemote] = await Promise.all([
      fetchRemoteScope(session.client, session.applicationId, guildScope(guildId), { permissions: true }),
      fetchRemoteScope(session.client, session.applicationId, GLOBAL, { permissions: false }),
    ]);
    const access = {
      ...guildAccessFromRemote(session.applicationId, guildId, guildRemote, globalRemote),
      ...(declared?.name ? { guildName: declared.name } : {}),
    };
    reading = { access, source: opts.emulator ? 'emulator' : 'remote' };
  } else {
    notes.push(
      "the manifest manages this guild's permissions: these are its rows, what apply makes true (cmdsync plan shows how they differ from the deployed ones).",
    );
  }
  const world = session.emulator?.world.guilds[guildId];
  if (world)
    reading.access = {
      ...reading.access,
      facts: guildFactsFromWorld(world),
      guildName: reading.access.guildName ?? world.name,
    };
  return reading;
}

function report(
  access: GuildAccess,
  source: AccessReport['source'],
  notes: string[],
  who: Who,
  permissions: bigint | undefined,
  command: string | undefined,
): AccessReport {
  const subjects = selectCommands(access.commands, command, access.guildId);
  const asked = who.user !== undefined || who.role.length > 0;
  const out: AccessReport = { guild: access, source, notes, commands: [] };
  const only: Column[] | undefined = who.channel !== undefined ? [{ kind: 'channel', id: who.channel }] : undefined;
  if (!asked) {
    if (permissions !== undefined) out.member = { roleIds: [], permissions };
    for (const subject of subjects)
      out.commands.push({
        subject,
        matrix: buildMatrix(access, subject, permissions !== undefined ? { permissions } : {}, only),
      });
    return out;
  }
  const known = who.user !== undefined ? access.facts?.members.get(who.user) : undefined;
  const member = {
    userId: who.user ?? '0',
    roleIds: [...new Set([...(known?.roleIds ?? []), ...who.role])],
    ...(who.user !== undefined && access.facts?.ownerId === who.user ? { owner: true } : {}),
  };
  out.member = {
    userId: who.user,
    roleIds: member.roleIds,
    permissions,
  };
  for (const subject of subjects) {
    const columns: Column[] = only ?? axes(access, [subject.commandRows, access.appRows]).columns;
    const answers = columns.map((column) => {
      const channelId = column.kind === 'channel' ? column.id : '0';
      const fact = access.facts?.channels.get(channelId);
      const channel = fact?.thread && fact.parentId ? { id: channelId, parentId: fact.parentId } : { id: channelId };
      return { column, cell: ask(access, subject, member, channel, permissions !== undefined ? { permissions } : {}) };
    });
    out.commands.push({ subject, answers });
  }
  return out;
}

/**
 * `cmdsync access`: who may use which command where, from the manifest's
 * rows (offline), or the deployed ones where the manifest does not manage the
 * guild's permissions (`--remote`, `--emulator`). The guild, channel, roles
 * and user are ids or names: the manifest's guild names offline, and what
 * the emulator or the service knows with `--emulator` or `--remote`. A query
 * exits 0 whatever the answer; a usage or manifest error exits 1.
 */
export async function runAccess(opts: AccessOptions, ctx: CliContext): Promise<number> {
  if (opts.remote && opts.emulator) throw new UsageError('--remote and --emulator cannot be used together.');
  const permissions = parsePermissionsFlag(opts.permissions);
  const { manifest } = readManifestForSync(opts.manifest, ctx);
  const notes: string[] = [];
  const given = opts.guild !== undefined && isSnowflake(opts.guild) ? [opts.guild] : [];
  const session =
    opts.remote || opts.emulator
      ? await openSession(
          { emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, manifest, guildIds: given },
          ctx,
        )
      : undefined;
  try {
    const source = session
      ? session.emulator
        ? worldNames(session.emulator.world)
        : serviceNames(session.client)
      : undefined;
    const names = new Names(
      source,
      manifest.guilds,
      'pass --remote or --emulator to look names up there, or give the id',
    );
    const guildId = await guildOf(opts, manifest, names, notes);
    const known = new Map<string, string>();
    const who = await whoOf(opts, names, guildId, known);
    let reading: Reading;
    if (session) {
      reading = await readDeployed(session, opts, guildId, manifest, notes);
      // The service's names (roles, channels) for output; the emulator's are in the guild's facts.
      if (!reading.access.facts)
        for (const [id, name] of await names.namesIn([guildId], ['channel', 'role'])) known.set(id, name);
    } else {
      const fromManifest = guildAccessFromManifest(
        manifest,
        manifest.guilds.find((g) => g.id === guildId),
        guildId,
      );
      reading = { access: fromManifest.access, source: fromManifest.managed ? 'manifest' : 'defaults' };
      if (!fromManifest.managed)
        notes.push(
          `the manifest does not manage guild ${guildId}'s permissions (no permissions: key): this shows what the commands' defaults allow; the deployed rows may differ (pass --remote or --emulator to read them).`,
        );
    }
    const access: GuildAccess = known.size > 0 ? { ...reading.access, names: known } : reading.access;
    if (!access.facts && permissions === undefined)
      notes.push(
        'members\' permissions are not known here: "only with X" means the answer turns on default_member_permissions (pass --permissions to say what the member holds).',
      );
    const out = report(access, reading.source, notes, who, permissions, opts.command);
    ctx.stdout.write(opts.json ? formatAccessJson(out) : formatAccessText(out));
    return 0;
  } finally {
    await session?.close();
  }
}
