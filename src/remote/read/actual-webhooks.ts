import type { WebhookState } from '../../wire/state.js';
import { WebhookErrors } from '../../wire/webhook.js';
import type { RestClient } from '../http/client.js';
import { DiscordAPIError } from '../errors.js';
import { getWebhook, listChannelWebhooks } from '../webhooks.js';

/** A webhook as the service answers it, as state. */
export function webhookState(w: {
  id: string;
  type: number;
  channel_id: string | null;
  name: string | null;
  avatar: string | null;
  application_id: string | null;
  user?: { bot?: boolean };
}): WebhookState {
  // The token the service returns to a manager is dropped here: state never carries it.
  const state: WebhookState = {
    id: w.id,
    type: w.type,
    channelId: w.channel_id ?? '',
    name: w.name ?? '',
    avatarHash: w.avatar,
    applicationId: w.application_id,
  };
  if (w.user) state.createdByUser = w.user.bot !== true;
  return state;
}

/** One channel's webhooks, as state (no token). */
export async function channelWebhookStates(client: RestClient, channelId: string): Promise<WebhookState[]> {
  return (await listChannelWebhooks(client, channelId)).map((w) =>
    webhookState(w as Parameters<typeof webhookState>[0]),
  );
}

/**
 * The webhooks of each declared channel (one read per channel), plus any
 * webhook the lock file knows by id that is not there (it may have been moved
 * out of a declared channel, or moved by hand).
 */
export async function fetchActualWebhooks(
  client: RestClient,
  channels: readonly string[],
  lockedIds: readonly string[],
): Promise<{ webhooks: WebhookState[]; reads: number }> {
  const lists = await Promise.all(channels.map((c) => listChannelWebhooks(client, c)));
  const webhooks = lists.flat().map((w) => webhookState(w as Parameters<typeof webhookState>[0]));
  const seen = new Set(webhooks.map((w) => w.id));
  const missing = lockedIds.filter((id) => !seen.has(id));
  const extra = await Promise.all(
    missing.map(async (id) => {
      try {
        return webhookState((await getWebhook(client, id)) as Parameters<typeof webhookState>[0]);
      } catch (err) {
        if (err instanceof DiscordAPIError && err.apiCode === WebhookErrors.unknownWebhook.code) return undefined;
        throw err;
      }
    }),
  );
  return {
    webhooks: [...webhooks, ...extra.filter((w): w is WebhookState => w !== undefined)],
    reads: channels.length + missing.length,
  };
}
