import { WebhookErrors } from '../../wire/webhook.js';
import type { APIChannel, APIWebhook } from 'discord-api-types/v10';
import { WEBHOOK_CHANNEL_TYPES } from '../../wire/channels.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { WebhookState } from '../../wire/state.js';
import type { RestClient } from '../http/client.js';
import { seg } from '../commands.js';
import { DiscordAPIError } from '../errors.js';
import { getWebhook, listChannelWebhooks, listGuildWebhooks } from '../webhooks.js';
import { webhookState } from './actual-webhooks.js';
import { refusalReason, type Unread } from './unread.js';

/** Where to look for webhooks: whole guilds, single channels, and webhooks known by id. */
export interface WebhookSources {
  guilds: readonly Snowflake[];
  channels: readonly Snowflake[];
  ids: readonly Snowflake[];
}

export interface FoundWebhooks {
  /** Every webhook found, once each (tokens dropped). */
  webhooks: WebhookState[];
  /** What could not be read, one entry each. */
  unread: Unread[];
  /** GET requests sent. */
  reads: number;
}

const UNKNOWN_WEBHOOK = WebhookErrors.unknownWebhook.code;
type Raw = Parameters<typeof webhookState>[0];
const asState = (list: APIWebhook[]): WebhookState[] => list.map((w) => webhookState(w as Raw));

/** A read the service may refuse for this one resource: its answer, or the reason it refused. */
async function attempt<T>(read: () => Promise<T>): Promise<{ ok: T } | { refused: string }> {
  try {
    return { ok: await read() };
  } catch (err) {
    const reason = refusalReason(err);
    if (reason === undefined) throw err;
    return { refused: reason };
  }
}

/**
 * A guild's webhooks: GET /guilds/{id}/webhooks needs MANAGE_WEBHOOKS in the
 * whole guild; without it, each channel that can hold webhooks is read on its
 * own (a channel's overwrite may grant it there), and the channels still
 * refused are reported as one line for the guild.
 */
async function guildWebhooks(client: RestClient, guildId: Snowflake, out: FoundWebhooks): Promise<WebhookState[]> {
  out.reads++;
  const whole = await attempt(() => listGuildWebhooks(client, guildId));
  if ('ok' in whole) return asState(whole.ok);
  out.reads++;
  const listed = await attempt(() =>
    client.request<APIChannel[]>({ method: 'GET', path: `/guilds/${seg(guildId)}/channels` }),
  );
  if ('refused' in listed) {
    out.unread.push({ kind: 'guild-webhooks', id: guildId, reason: whole.refused });
    return [];
  }
  const channels = listed.ok.filter((c) => WEBHOOK_CHANNEL_TYPES.includes(c.type));
  out.reads += channels.length;
  const lists = await Promise.all(channels.map((c) => attempt(() => listChannelWebhooks(client, c.id))));
  const refused = lists.filter((l) => 'refused' in l).length;
  if (refused > 0) {
    out.unread.push({
      kind: 'guild-webhooks',
      id: guildId,
      reason: `${whole.refused} (${refused} of ${channels.length} channels could not be read)`,
    });
  }
  return lists.flatMap((l) => ('ok' in l ? asState(l.ok) : []));
}

/**
 * Every webhook the sources lead to, each read that the service refuses
 * reported and skipped: a guild the bot is not in, a channel gone, no
 * MANAGE_WEBHOOKS. A webhook id that no longer exists is not reported (it is
 * simply not there). Other failures (a bad token, the network) are thrown.
 */
export async function findWebhooks(client: RestClient, sources: WebhookSources): Promise<FoundWebhooks> {
  const out: FoundWebhooks = { webhooks: [], unread: [], reads: 0 };
  const fromGuilds = await Promise.all(sources.guilds.map((g) => guildWebhooks(client, g, out)));
  const found = new Map<string, WebhookState>();
  const add = (w: WebhookState) => {
    if (w.id !== undefined && !found.has(w.id)) found.set(w.id, w);
  };
  fromGuilds.flat().forEach(add);
  out.reads += sources.channels.length;
  const fromChannels = await Promise.all(
    sources.channels.map(async (channelId) => {
      const list = await attempt(() => listChannelWebhooks(client, channelId));
      if ('ok' in list) return asState(list.ok);
      out.unread.push({ kind: 'channel-webhooks', id: channelId, reason: list.refused });
      return [];
    }),
  );
  fromChannels.flat().forEach(add);
  const missing = sources.ids.filter((id) => !found.has(id));
  out.reads += missing.length;
  const byId = await Promise.all(
    missing.map(async (id) => {
      try {
        return asState([await getWebhook(client, id)]);
      } catch (err) {
        if (err instanceof DiscordAPIError && err.apiCode === UNKNOWN_WEBHOOK) return [];
        const reason = refusalReason(err);
        if (reason === undefined) throw err;
        out.unread.push({ kind: 'webhook', id, reason });
      }
      return [];
    }),
  );
  byId.flat().forEach(add);
  out.webhooks = [...found.values()];
  return out;
}
