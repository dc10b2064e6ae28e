/**
 * Webhooks a member made in a channel's settings (issue 41 item 8), seeded
 * under a guild's `webhooks:`: incoming (type 1), no application, its creator
 * that member. The rules for webhooks no application owns then hold for them
 * (components only with `with_components`, non-interactive ones only:
 * wire/components/message.ts). A token may be pinned, as the service issues
 * them (68 characters); otherwise one is made.
 */
import { WebhookType } from '../../wire/enums.js';
import type { Limits } from '../../wire/limits.js';
import { validateWebhookName } from '../../wire/rules/webhook-name.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { WEBHOOK_TOKEN_PATTERN } from '../../wire/webhook.js';
import { newWebhookToken } from './webhook-access.js';
import { idOr, list, SeedError } from './seed-fields.js';
import type { Guild, Seed, World } from './world.js';

export type WebhookSeed = NonNullable<NonNullable<Seed['guilds']>[number]['webhooks']>[number];

/** Adds the guild's seeded member webhooks to `world.webhooks`. */
export function seedMemberWebhooks(
  world: World,
  guild: Guild,
  seeds: WebhookSeed[] | undefined,
  gi: number,
  env: { nextId: () => Snowflake; limits: Limits },
): void {
  const { nextId, limits } = env;
  for (const [wi, w] of list(seeds, `guilds[${gi}].webhooks`).entries()) {
    const where = `guilds[${gi}].webhooks[${wi}]`;
    const channel = guild.channels.find((c) => c.id === w.channel || c.name === w.channel);
    if (!channel) throw new SeedError(`${where}.channel: ${JSON.stringify(w.channel)} is not a channel of the guild`);
    const member = guild.members.find((m) => m.id === w.user || m.username === w.user);
    if (!member) throw new SeedError(`${where}.user: ${JSON.stringify(w.user)} is not a member of the guild`);
    const [badName] = validateWebhookName(w.name, limits);
    if (badName) throw new SeedError(`${where}.name: ${badName.message}`);
    if (w.token !== undefined && !WEBHOOK_TOKEN_PATTERN.test(w.token))
      throw new SeedError(`${where}.token: a webhook token is 68 characters of A-Z, a-z, 0-9, _ and -`);
    const id = idOr(w.id, nextId, `${where}.id`);
    if (world.webhooks[id]) throw new SeedError(`${where}.id: ${id} is used twice`);
    world.webhooks[id] = {
      id,
      type: WebhookType.INCOMING,
      guild_id: guild.id,
      channel_id: channel.id,
      name: w.name,
      avatar: null,
      token: w.token ?? newWebhookToken(),
      application_id: null,
      creatorId: member.id,
    };
  }
}
