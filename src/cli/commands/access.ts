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
import { accessNameResolver, type AccessNameKind } from '../../emulator/state/access-names.js';
import type { Guild } from '../../emulator/state/world.js';

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

function snowflakeFlag(flag: string, value: string | undefined): void {
  if (value !== undefined && !isSnowflake(value)) throw new UsageError(`${flag} takes a numeric id (snowflake), not "${value}".`);
}

interface Who {
  channel?: string;
  user?: string;
  role: string[];
}

function snowflakeFlags(who: Who, hint: string): void {
  const says = (flag: string, value: string | undefined) => {
    if (value !== undefined && !isSnowflake(value)) throw new UsageError(`${flag} takes a numeric id (snowflake), not "${value}"${hint}.`);
  };
  says('--channel', who.channel);
  says('--user', who.user);
  for (const r of who.role) says('--role', r);
}

/** Names in place of ids, looked up in the emulator's guild. */
function idsOf(who: Who, guild: Guild): Who {
  const resolve = accessNameResolver(guild);
  const one = (kind: AccessNameKind, value: string | undefined): string | undefined => {
    if (value === undefined) return undefined;
    const match = resolve(kind, value);
    if ('problem' in match) throw new UsageError(match.problem);
    return match.id;
  };
  const channel = one('channel', who.channel);
  const user = one('user', who.user);
  return { ...(channel !== undefined ? { channel } : {}), ...(user !== undefined ? { user } : {}), role: who.role.map((r) => one('role', r)!) };
}

function parsePermissionsFlag(value: string | undefined): bigint | undefined {
  if (value === undefined) return undefined;
  const parsed = parsePermissionSet(value);
  if ('unknown' in parsed) throw new UsageError(`--permissions: "${parsed.unknown}" is not a permission name or a decimal bit set (e.g. BAN_MEMBERS,MANAGE_GUILD or 36).`);
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

/**
 * `cmdsync access`: who may use which command where, from the manifest's
 * rows (offline), or the deployed ones where the manifest does not manage the
 * guild's permissions (`--remote`, `--emulator`). A query exits 0 whatever
 * the answer; a usage or manifest error exits 1.
 */
export async function runAccess(opts: AccessOptions, ctx: CliContext): Promise<number> {
  if (opts.guild === undefined) throw new UsageError('access needs --guild ID: permission rows belong to one guild.');
  snowflakeFlag('--guild', opts.guild);
  let who: Who = { ...(opts.channel !== undefined ? { channel: opts.channel } : {}), ...(opts.user !== undefined ? { user: opts.user } : {}), role: opts.role };
  // With --emulator, names are looked up in its guild once it is open.
  if (!opts.emulator) snowflakeFlags(who, ' (names are taken with --emulator)');
  if (opts.remote && opts.emulator) throw new UsageError('--remote and --emulator cannot be used together.');
  const permissions = parsePermissionsFlag(opts.permissions);
  const guildId = opts.guild;

  const { manifest } = readManifestForSync(opts.manifest, ctx);
  const declared = manifest.guilds.find((g) => g.id === guildId);
  const fromManifest = guildAccessFromManifest(manifest, declared, guildId);
  let access: GuildAccess = fromManifest.access;
  let source: AccessReport['source'] = fromManifest.managed ? 'manifest' : 'defaults';
  const notes: string[] = [];

  if (opts.remote || opts.emulator) {
    const session = await openSession({ emulator: opts.emulator, apiUrl: opts.apiUrl, debug: opts.debug, manifest, guildIds: [guildId] }, ctx);
    try {
      if (!fromManifest.managed) {
        const [guildRemote, globalRemote] = await Promise.all([
          fetchRemoteScope(session.client, session.applicationId, guildScope(guildId), { permissions: true }),
          fetchRemoteScope(session.client, session.applicationId, GLOBAL, { permissions: false }),
        ]);
        access = { ...guildAccessFromRemote(session.applicationId, guildId, guildRemote, globalRemote), ...(declared?.name ? { guildName: declared.name } : {}) };
        source = opts.emulator ? 'emulator' : 'remote';
      } else {
        notes.push("the manifest manages this guild's permissions: these are its rows, what apply makes true (cmdsync plan shows how they differ from the deployed ones).");
      }
      const world = session.emulator?.world.guilds[guildId];
      if (world) {
        access = { ...access, facts: guildFactsFromWorld(world), guildName: access.guildName ?? world.name };
        who = idsOf(who, world);
      } else if (opts.emulator) {
        snowflakeFlags(who, ` (the emulator has no guild ${guildId} to look names up in)`);
      }
    } finally {
      await session.close();
    }
  } else if (!fromManifest.managed) {
    notes.push(
      `the manifest does not manage guild ${guildId}'s permissions (no permissions: key): this shows what the commands' defaults allow; the deployed rows may differ (pass --remote or --emulator to read them).`,
    );
  }
  if (!access.facts && permissions === undefined) {
    notes.push('members\' permissions are not known here: "only with X" means the answer turns on default_member_permissions (pass --permissions to say what the member holds).');
  }

  const subjects = selectCommands(access.commands, opts.command, guildId);
  const asked = who.user !== undefined || who.role.length > 0;
  const report: AccessReport = { guild: access, source, notes, commands: [] };
  if (asked) {
    const known = who.user !== undefined ? access.facts?.members.get(who.user) : undefined;
    const member = {
      userId: who.user ?? '0',
      roleIds: [...new Set([...(known?.roleIds ?? []), ...who.role])],
      ...(who.user !== undefined && access.facts?.ownerId === who.user ? { owner: true } : {}),
    };
    report.member = { ...(who.user !== undefined ? { userId: who.user } : {}), roleIds: member.roleIds, ...(permissions !== undefined ? { permissions } : {}) };
    for (const subject of subjects) {
      const columns: Column[] = who.channel !== undefined ? [{ kind: 'channel', id: who.channel }] : axes(access, [subject.commandRows, access.appRows]).columns;
      const answers = columns.map((column) => {
        const channelId = column.kind === 'channel' ? column.id : '0';
        const fact = access.facts?.channels.get(channelId);
        const channel = fact?.thread && fact.parentId ? { id: channelId, parentId: fact.parentId } : { id: channelId };
        return { column, cell: ask(access, subject, member, channel, permissions !== undefined ? { permissions } : {}) };
      });
      report.commands.push({ subject, answers });
    }
  } else {
    if (permissions !== undefined) report.member = { roleIds: [], permissions };
    for (const subject of subjects) {
      const only: Column[] | undefined = who.channel !== undefined ? [{ kind: 'channel', id: who.channel }] : undefined;
      const matrix = buildMatrix(access, subject, permissions !== undefined ? { permissions } : {}, only);
      report.commands.push({ subject, matrix });
    }
  }
  ctx.stdout.write(opts.json ? formatAccessJson(report) : formatAccessText(report));
  return 0;
}
