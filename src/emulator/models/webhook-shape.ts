/**
 * Webhook and message objects as the service sends them (spec "Webhook",
 * facts §5.4): key order, `null` vs absent, the user only to managers, the
 * token only where the service returns it.
 */
import { createHash } from 'node:crypto';
import { botUserObject } from '../../wire/bot-user.js';
import { WebhookType } from '../../wire/enums.js';
import { userObject } from '../../wire/interactions/payload.js';
import type { Snowflake } from '../../wire/snowflake.js';
import type { Application, StoredWebhook, World } from '../state/world.js';
import type { Obj } from '../../wire/rules/values.js';

/** ISO 8601 with microseconds and an explicit +00:00 offset, as the service writes timestamps. */
export function serviceTimestamp(ms: number): string {
  // A busy emulator stamps many messages in the same second: its text up to the dot is kept, and only the
  // milliseconds written (a Date and its ISO string are ~1 µs). Whole milliseconds only: the clock's are.
  const second = Math.floor(ms / 1000);
  if (second !== lastSecond.second || !Number.isInteger(ms)) {
    const iso = new Date(ms).toISOString();
    lastSecond = { second: Number.isInteger(ms) ? second : Number.NaN, head: iso.slice(0, -4) };
    return `${iso.slice(0, -1)}000+00:00`;
  }
  const milli = ms - second * 1000;
  return `${lastSecond.head}${milli < 10 ? '00' : milli < 100 ? '0' : ''}${milli}000+00:00`;
}

let lastSecond = { second: Number.NaN, head: '' };

/** A stand-in for the CDN's image hash: 32 hex characters, `a_` for animated images. */
export function imageHash(data: string): string {
  const hex = createHash('md5').update(data).digest('hex');
  return data.startsWith('data:image/gif') ? `a_${hex}` : hex;
}

/** The creator: the bot user of the application that made the webhook, or the member who authorized it (OAuth2 flow). */
export function creatorUser(world: World, userId: Snowflake): Obj {
  const app = Object.values(world.applications).find((a) => a.botUserId === userId);
  if (app) return botUserObject({ id: userId, username: app.name });
  const member = Object.values(world.guilds)
    .flatMap((g) => g.members)
    .find((m) => m.id === userId);
  return userObject({ id: userId, username: member?.username ?? 'unknown-user' });
}

export interface WebhookShapeOptions {
  /** Fetched by id (manager view): the creator is included. With the token it is omitted. */
  withUser: boolean;
}

export function webhookObject(world: World, w: StoredWebhook, opts: WebhookShapeOptions): Obj {
  const out: Obj = {
    application_id: w.application_id,
    avatar: w.avatar,
    channel_id: w.channel_id,
    guild_id: w.guild_id,
    id: w.id,
    name: w.name,
    type: w.type,
  };
  if (opts.withUser) out.user = creatorUser(world, w.creatorId);
  if (w.type === WebhookType.INCOMING && w.token !== undefined) out.token = w.token;
  if (w.type === WebhookType.CHANNEL_FOLLOWER) {
    if (w.source_guild) out.source_guild = w.source_guild;
    if (w.source_channel) out.source_channel = w.source_channel;
  }
  return out;
}

/**
 * The application's own webhook (type 3), which interaction tokens open: it
 * has the application's id and name and belongs to no channel (the webhook
 * resource's "Example Application Webhook"). Fetched with a token, so no user.
 */
export function applicationWebhookObject(app: Pick<Application, 'id' | 'name'>): Obj {
  return {
    application_id: app.id,
    avatar: null,
    channel_id: null,
    guild_id: null,
    id: app.id,
    name: app.name,
    type: WebhookType.APPLICATION,
  };
}

/** The author of a webhook message: the webhook itself, under its name or the per-message override. */
export function webhookAuthor(w: StoredWebhook, username: string | undefined, avatar: string | null): Obj {
  return {
    id: w.id,
    username: username ?? w.name ?? 'Webhook',
    avatar,
    discriminator: '0000',
    bot: true,
    global_name: null,
  };
}
