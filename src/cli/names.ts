/**
 * Names where ids go, for every command: `--guild Test`, `--channel
 * general`, `--role @mods`, `--user bob`. What is known is gathered here (the
 * manifest's guilds and their names, and either the emulator's world or what
 * the service returns to the bot: its guilds, a guild's channels, roles and
 * members); which name means which id is decided by wire/names.ts, the rule
 * the emulator follows too. A numeric id is always taken as it is and costs
 * no request. An unknown name says which names are known (nearest first);
 * an ambiguous one lists the candidates with their ids.
 */
import { CmdsyncError } from '../errors.js';
import type { World } from '../emulator/state/world.js';
import type { RestClient } from '../remote/index.js';
import { readBotGuilds, readGuildChannels, readGuildMembers, readGuildRoles } from '../remote/read/guild-names.js';
import { formatNamed, nameProblem, resolveName, type NameCandidate, type NameKind } from '../wire/names.js';
import { isSnowflake } from '../wire/snowflake.js';

export type NameErrorCode = 'NAME_UNKNOWN' | 'NAME_AMBIGUOUS' | 'NAMES_UNAVAILABLE';

/** A name that names nothing, or more than one thing, or names that cannot be read here. */
export class NameError extends CmdsyncError {
  constructor(code: NameErrorCode, message: string) {
    super(code, message);
  }
}

/** A guild's members as far as they can be named; `unreadable` says why they cannot. */
export interface MemberNames {
  candidates: NameCandidate[];
  unreadable?: string;
}

/** What one place knows: the emulator's world, or the service as the bot sees it. */
export interface NameSource {
  guilds(): Promise<NameCandidate[]>;
  channels(guildId: string): Promise<NameCandidate[]>;
  roles(guildId: string): Promise<NameCandidate[]>;
  members(guildId: string): Promise<MemberNames>;
}

/** The emulator's world, read directly (an `--emulator` run holds it in this process). */
export function worldNames(world: World): NameSource {
  const guild = (id: string) => (Object.hasOwn(world.guilds, id) ? world.guilds[id] : undefined);
  return {
    guilds: async () => Object.values(world.guilds).map((g) => ({ id: g.id, name: g.name })),
    channels: async (id) => (guild(id)?.channels ?? []).map((c) => ({ id: c.id, name: c.name })),
    roles: async (id) => (guild(id)?.roles ?? []).map((r) => ({ id: r.id, name: r.name })),
    members: async (id) => ({ candidates: (guild(id)?.members ?? []).map((m) => ({ id: m.id, name: m.username })) }),
  };
}

/** The service, as the bot sees it; each list is read once per run. */
export function serviceNames(client: RestClient): NameSource {
  const cache = new Map<string, Promise<unknown>>();
  const once = <T>(key: string, read: () => Promise<T>): Promise<T> => {
    if (!cache.has(key)) cache.set(key, read());
    return cache.get(key) as Promise<T>;
  };
  return {
    guilds: () => once('guilds', () => readBotGuilds(client)),
    channels: (id) => once(`channels:${id}`, () => readGuildChannels(client, id)),
    roles: (id) => once(`roles:${id}`, () => readGuildRoles(client, id)),
    members: (id) =>
      once(`members:${id}`, async (): Promise<MemberNames> => {
        const read = await readGuildMembers(client, id);
        if (!read.readable)
          return {
            candidates: [],
            unreadable: `the service lists guild ${id}'s members only to a bot with the GUILD_MEMBERS intent enabled`,
          };
        return {
          candidates: read.members,
          ...(read.partial
            ? { unreadable: `only the first ${read.members.length} of guild ${id}'s members were read` }
            : {}),
        };
      }),
  };
}

export interface Resolved {
  id: string;
  /** The name, when known: for output next to the id. */
  name?: string;
}

/** A guild the manifest declares, with the name it gives it, if any. */
export interface DeclaredGuild {
  id: string;
  name?: string;
}

/** Names for output only: a read the service refuses leaves ids unnamed rather than failing the command. */
async function orNone(read: Promise<NameCandidate[]>): Promise<NameCandidate[]> {
  try {
    return await read;
  } catch (err) {
    if (err instanceof CmdsyncError) return [];
    throw err;
  }
}

/** A flag's value among candidates: the id, or a typed error naming what is known. */
function pick(
  flag: string,
  kind: NameKind,
  value: string,
  candidates: readonly NameCandidate[],
  where: string,
  unreadable?: string,
): Resolved {
  const r = resolveName(kind, value, candidates);
  if (r.outcome === 'resolved') return { id: r.id, name: r.name };
  if (r.outcome === 'unknown' && unreadable)
    throw new NameError(
      'NAMES_UNAVAILABLE',
      `${flag}: no ${kind} named "${r.typed}" ${where}: ${unreadable}; give the ${kind}'s id`,
    );
  throw new NameError(
    r.outcome === 'ambiguous' ? 'NAME_AMBIGUOUS' : 'NAME_UNKNOWN',
    `${flag}: ${nameProblem(r, where)}`,
  );
}

/**
 * Names for one run. `source` is where names are read (none offline);
 * `offline` says, when there is none, how to get one (e.g. `pass --remote or
 * --emulator`).
 */
export class Names {
  constructor(
    private readonly source: NameSource | undefined,
    private readonly declared: readonly DeclaredGuild[] = [],
    private readonly offline = 'give the id',
  ) {}

  private declaredNamed(): NameCandidate[] {
    return this.declared
      .filter((g) => g.name !== undefined && isSnowflake(g.id))
      .map((g) => ({ id: g.id, name: g.name! }));
  }

  /** Guilds by name: the manifest's names, and those the emulator or the service reports. */
  async guildCandidates(): Promise<NameCandidate[]> {
    return [...this.declaredNamed(), ...(this.source ? await this.source.guilds() : [])];
  }

  async guild(flag: string, value: string): Promise<Resolved> {
    // An id costs no request: its name is the manifest's, if it gives one.
    if (isSnowflake(value)) return { id: value, ...this.nameIn(this.declaredNamed(), value) };
    const candidates = await this.guildCandidates();
    return pick(
      flag,
      'guild',
      value,
      candidates,
      this.source ? "among the bot's guilds or the manifest's" : "among the manifest's guilds",
    );
  }

  /** The guilds a channel or a member is looked for in: the one given, else the manifest's, else every guild the bot is in. */
  private async scope(guildId: string | undefined): Promise<NameCandidate[]> {
    const all = await this.knownGuilds();
    if (guildId !== undefined) return [all.find((g) => g.id === guildId) ?? { id: guildId, name: '' }];
    const declared = this.declared.filter((g) => isSnowflake(g.id));
    if (declared.length > 0)
      return declared.map((g) => all.find((x) => x.id === g.id) ?? { id: g.id, name: g.name ?? '' });
    return all;
  }

  private async knownGuilds(): Promise<NameCandidate[]> {
    const fromSource = this.source ? await orNone(this.source.guilds()) : [];
    const byId = new Map<string, NameCandidate>(fromSource.map((g) => [g.id, g]));
    for (const g of this.declared)
      if (!byId.has(g.id) && g.name !== undefined) byId.set(g.id, { id: g.id, name: g.name });
    return [...byId.values()];
  }

  private nameIn(candidates: readonly NameCandidate[], id: string): { name?: string } {
    const name = candidates.find((c) => c.id === id)?.name;
    return name ? { name } : {};
  }

  /** `in guild Test (1234)`, or `in the guilds ...` when there are several. */
  private where(guilds: readonly NameCandidate[]): string {
    if (guilds.length === 1) return `in guild ${formatNamed('guild', guilds[0]!.id, guilds[0]!.name || undefined)}`;
    return `in ${guilds.length} guilds (${guilds.map((g) => formatNamed('guild', g.id, g.name || undefined)).join(', ')})`;
  }

  private async across(kind: 'channel' | 'role', guilds: readonly NameCandidate[]): Promise<NameCandidate[]> {
    const lists = await Promise.all(
      guilds.map((g) => (kind === 'channel' ? this.source!.channels(g.id) : this.source!.roles(g.id))),
    );
    const note = (g: NameCandidate) => (guilds.length > 1 ? { note: `in guild ${g.name || g.id}` } : {});
    return lists.flatMap((list, i) => list.map((c) => ({ ...c, ...note(guilds[i]!) })));
  }

  private unavailable(flag: string, kind: NameKind): never {
    throw new NameError(
      'NAMES_UNAVAILABLE',
      `${flag}: ${kind} names are read from the emulator or the service, and neither is read here: ${this.offline}`,
    );
  }

  /** A channel or a role by id or name, in the given guild (else in the manifest's or the bot's guilds). */
  async place(flag: string, kind: 'channel' | 'role', value: string, guildId?: string): Promise<Resolved> {
    if (isSnowflake(value)) return { id: value };
    if (!this.source) this.unavailable(flag, kind);
    const guilds = await this.scope(guildId);
    return pick(flag, kind, value, await this.across(kind, guilds), this.where(guilds));
  }

  async channel(flag: string, value: string, guildId?: string): Promise<Resolved> {
    return this.place(flag, 'channel', value, guildId);
  }

  async role(flag: string, value: string, guildId: string): Promise<Resolved> {
    return this.place(flag, 'role', value, guildId);
  }

  async user(flag: string, value: string, guildId: string): Promise<Resolved> {
    if (isSnowflake(value)) return { id: value };
    if (!this.source) this.unavailable(flag, 'user');
    const [guild] = await this.scope(guildId);
    const members = await this.source.members(guildId);
    return pick(flag, 'user', value, members.candidates, this.where([guild!]), members.unreadable);
  }

  /**
   * Names of ids, for output: the guilds, and what the source reports for
   * these guilds' channels (and roles, when asked). A read that fails leaves
   * ids unnamed, never fails the command.
   */
  async namesIn(
    guildIds: readonly (string | null | undefined)[],
    kinds: readonly ('channel' | 'role')[] = ['channel'],
  ): Promise<Map<string, string>> {
    const names = new Map<string, string>();
    for (const g of await this.knownGuilds()) names.set(g.id, g.name);
    const source = this.source;
    if (!source) return names;
    const ids = [...new Set(guildIds.filter((id): id is string => isSnowflake(id)))];
    const lists = await Promise.all(
      ids.flatMap((id) => kinds.map((kind) => orNone(kind === 'channel' ? source.channels(id) : source.roles(id)))),
    );
    for (const list of lists) for (const c of list) names.set(c.id, c.name);
    return names;
  }
}

/** `#general (1234)`, `@mods (1234)`, `Test (1234)`, or the id alone when no name is known: the one way output shows a place. */
export function labelOf(kind: NameKind, id: string | null | undefined, names: ReadonlyMap<string, string>): string {
  if (id === null || id === undefined || id === '') return '(none)';
  return formatNamed(kind, id, names.get(id));
}

/**
 * `plan` and `apply`'s `--guild` values as ids: an id as it is, a name among the guilds the manifest declares with
 * a `name:` (offline: a run narrows to declared guilds only, so what the service calls a guild is not asked).
 */
export async function declaredGuildIds(
  values: readonly string[],
  declared: readonly DeclaredGuild[],
): Promise<string[]> {
  const names = new Names(undefined, declared);
  return Promise.all(values.map(async (v) => (await names.guild('--guild', v)).id));
}
