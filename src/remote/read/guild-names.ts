/**
 * What the service says the bot can see, for taking names where ids go and
 * showing names next to ids: the guilds the bot is in (GET
 * /users/@me/guilds), a guild's channels, roles and members. GET only; each
 * answer is cut down to ids and names here.
 */
import { ErrorAnswers } from '../../wire/error-answers.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { seg } from '../commands.js';
import { DiscordAPIError } from '../errors.js';
import type { RestClient } from '../http/client.js';

export interface NamedId {
  id: Snowflake;
  name: string;
}

/** The most GET /users/@me/guilds answers at once. */
const GUILD_PAGE = 200;
/** The most GET /guilds/{id}/members answers at once. */
export const MEMBER_PAGE = 1000;
/** Missing Access: the member list needs the GUILD_MEMBERS intent. */
const MISSING_ACCESS = ErrorAnswers.missingAccess.code;

const named = (list: unknown): NamedId[] =>
  (Array.isArray(list) ? list : []).flatMap((x: { id?: unknown; name?: unknown }) =>
    typeof x?.id === 'string' && typeof x.name === 'string' ? [{ id: x.id, name: x.name }] : [],
  );

/** Every guild the bot is in, page by page. */
export async function readBotGuilds(client: RestClient): Promise<NamedId[]> {
  const all: NamedId[] = [];
  for (let after: string | undefined; ; ) {
    const page = named(
      await client.request({
        method: 'GET',
        path: '/users/@me/guilds',
        query: { limit: GUILD_PAGE, ...(after ? { after } : {}) },
      }),
    );
    all.push(...page);
    if (page.length < GUILD_PAGE) return all;
    after = page.at(-1)!.id;
  }
}

export async function readGuildChannels(client: RestClient, guildId: Snowflake): Promise<NamedId[]> {
  return named(await client.request({ method: 'GET', path: `/guilds/${seg(guildId)}/channels` }));
}

export async function readGuildRoles(client: RestClient, guildId: Snowflake): Promise<NamedId[]> {
  return named(await client.request({ method: 'GET', path: `/guilds/${seg(guildId)}/roles` }));
}

export type GuildMembers =
  | {
      readable: true;
      members: NamedId[] /** The list held more than one page: later members are not named. */;
      partial: boolean;
    }
  | { readable: false };

/** The first page of a guild's members by username; the service lists them only to a bot with the GUILD_MEMBERS intent enabled. */
export async function readGuildMembers(client: RestClient, guildId: Snowflake): Promise<GuildMembers> {
  let list: unknown;
  try {
    list = await client.request({
      method: 'GET',
      path: `/guilds/${seg(guildId)}/members`,
      query: { limit: MEMBER_PAGE },
    });
  } catch (err) {
    if (err instanceof DiscordAPIError && err.apiCode === MISSING_ACCESS) return { readable: false };
    throw err;
  }
  const members = (Array.isArray(list) ? list : []).flatMap((m: { user?: { id?: unknown; username?: unknown } }) =>
    typeof m?.user?.id === 'string' && typeof m.user.username === 'string'
      ? [{ id: m.user.id, name: m.user.username }]
      : [],
  );
  return { readable: true, members, partial: members.length >= MEMBER_PAGE };
}
