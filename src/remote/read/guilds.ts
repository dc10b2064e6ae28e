import type { RESTGetAPICurrentUserGuildsResult } from 'discord-api-types/v10';
import { USER_GUILDS_PAGE } from '../../wire/messages/user-guilds.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { RestClient } from '../http/client.js';

/** A guild the bot is in, as the service lists it. */
export interface ListedGuild {
  id: Snowflake;
  name: string;
}

/**
 * Every guild the bot is in (GET /users/@me/guilds, page after page by the
 * last id seen). A bot token only: with client credentials the bearer is the
 * application owner's, and a user's guilds are not the bot's.
 */
export async function listBotGuilds(client: RestClient): Promise<{ guilds: ListedGuild[]; reads: number }> {
  const guilds: ListedGuild[] = [];
  let after: Snowflake | undefined;
  for (let reads = 1; ; reads++) {
    const page = await client.request<RESTGetAPICurrentUserGuildsResult>({
      method: 'GET',
      path: '/users/@me/guilds',
      query: { limit: USER_GUILDS_PAGE.max, after },
    });
    guilds.push(...page.map((g) => ({ id: g.id, name: g.name })));
    if (page.length < USER_GUILDS_PAGE.max) return { guilds, reads };
    after = page[page.length - 1]!.id;
  }
}
