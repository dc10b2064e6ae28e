import type { Limits } from '../limits.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isSnowflake } from '../snowflake.js';
import { isObject } from './values.js';

/**
 * Rules over the webhooks declared for an application: each has a channel,
 * keys are unique, a name identifies at most one keyless webhook in its
 * channel (it is how the planner matches them), and no channel holds more
 * than the service allows. Paths start with the webhook's index.
 */
export function validateWebhookSet(entries: readonly unknown[], limits: Limits): Problem[] {
  const out: Problem[] = [];
  const keys = new Map<string, number>();
  const names = new Map<string, number>();
  const perChannel = new Map<string, number>();
  entries.forEach((e, i) => {
    if (!isObject(e)) return;
    if (!isSnowflake(e.channel_id)) {
      out.push(
        problem(
          'snowflake',
          [i, 'channel_id'],
          e.channel_id === undefined
            ? 'channel_id is required.'
            : `channel_id ${JSON.stringify(e.channel_id)} is not a snowflake.`,
          ApiErrors.snowflake(e.channel_id),
        ),
      );
      return;
    }
    const channel = e.channel_id;
    if (typeof e.key === 'string') {
      const first = keys.get(e.key);
      if (first !== undefined)
        out.push(problem('webhook-key-unique', [i, 'key'], `Key "${e.key}" is already used by webhook ${first + 1}.`));
      else keys.set(e.key, i);
    } else if (typeof e.name === 'string') {
      const id = `${channel}:${e.name}`;
      const first = names.get(id);
      if (first !== undefined)
        out.push(
          problem(
            'webhook-name-unique',
            [i, 'name'],
            `Webhook ${first + 1} in this channel is also named "${e.name}"; give one of them a key so they can be told apart.`,
          ),
        );
      else names.set(id, i);
    }
    const n = (perChannel.get(channel) ?? 0) + 1;
    perChannel.set(channel, n);
    if (n === limits.webhooks_per_channel + 1) {
      out.push({
        ...problem(
          'webhook-count',
          [i],
          `A channel holds at most ${limits.webhooks_per_channel} webhooks; this is number ${n} in channel ${channel}.`,
          {
            code: 'MAX_WEBHOOKS',
            message: `Maximum number of webhooks reached (${limits.webhooks_per_channel})`,
          },
        ),
        jsonCode: 30007,
      });
    }
  });
  return out;
}
