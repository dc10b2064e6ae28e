/**
 * `cmdsync webhook list|get|create|edit|delete`: the webhook resource. By id
 * with the bot token (MANAGE_WEBHOOKS, audit-log reason), or for get, edit
 * and delete by the webhook's URL (`--url` / DISCORD_WEBHOOK_URL), which
 * needs no bot token and sends no Authorization header.
 */
import { UsageError } from '../../../errors.js';
import {
  createWebhook,
  deleteWebhook,
  deleteWebhookWithToken,
  editWebhook,
  editWebhookWithToken,
  getWebhook,
  getWebhookWithToken,
  listChannelWebhooks,
  listGuildWebhooks,
  type RestClient,
} from '../../../remote/index.js';
import { resolveLimits } from '../../../wire/limits.js';
import { validateWebhookCreateBody, validateWebhookEditBody } from '../../../wire/webhook.js';
import { writeLine, type CliContext } from '../../context.js';
import { placeId, withBotClient, type BotOptions } from './bot.js';
import { idFrom } from './flag-values.js';
import { readAvatar } from './input.js';
import { printWebhook, publicWebhook, reportProblems, webhookRow } from './output.js';
import { findTokenTarget, withTokenClient, type TokenTarget } from './target.js';

export interface OutputOptions {
  json: boolean;
}

/** The audit-log reason of a change by id: `cmdsync webhook <verb>` unless `--reason` says otherwise. */
export function auditReason(verb: 'create' | 'edit' | 'delete', reason: string | undefined): string {
  return reason ?? `cmdsync webhook ${verb}`;
}

/** Tokens the bot routes return are secrets too: no later error or debug line may show them. */
function hideTokens(client: RestClient, webhooks: unknown): void {
  for (const w of Array.isArray(webhooks) ? webhooks : [webhooks]) {
    const token = (w as { token?: unknown } | null)?.token;
    if (typeof token === 'string') client.redactor.add(token);
  }
}

/** By id (bot token) when an id is given, else by URL; both is ambiguous. */
function chooseRoute(id: string | undefined, url: string | undefined, ctx: CliContext, verb: string): { id: string } | { target: TokenTarget } {
  if (id !== undefined && url !== undefined) throw new UsageError(`webhook ${verb}: give a webhook ID (bot token) or --url (webhook token), not both.`);
  if (id !== undefined) return { id: idFrom(id, 'the webhook ID') };
  const target = findTokenTarget(url, ctx);
  if (!target) throw new UsageError(`webhook ${verb}: give a webhook ID (uses DISCORD_TOKEN), or --url / DISCORD_WEBHOOK_URL (uses the webhook's own token).`);
  return { target };
}

// ---------------------------------------------------------------- list

export interface ListOptions extends BotOptions, OutputOptions {
  channel?: string;
  guild?: string;
}

export async function runWebhookList(opts: ListOptions, ctx: CliContext): Promise<number> {
  if ((opts.channel === undefined) === (opts.guild === undefined)) throw new UsageError('webhook list: give --channel ID or --guild ID (one of them).');
  return withBotClient(opts, ctx, async (bot) => {
    const { client } = bot;
    const webhooks =
      opts.channel !== undefined
        ? await listChannelWebhooks(client, placeId(bot, opts.channel, '--channel'))
        : await listGuildWebhooks(client, placeId(bot, opts.guild!, '--guild'));
    hideTokens(client, webhooks);
    if (opts.json) {
      ctx.stdout.write(`${JSON.stringify(webhooks.map(publicWebhook), null, 2)}\n`);
    } else if (webhooks.length === 0) {
      writeLine(ctx.stderr, `No webhooks in ${opts.channel !== undefined ? `channel ${opts.channel}` : `guild ${opts.guild}`}.`);
    } else {
      for (const w of webhooks) writeLine(ctx.stdout, webhookRow(w));
      writeLine(ctx.stderr, `${webhooks.length} webhook${webhooks.length === 1 ? '' : 's'}. Tokens are hidden; print one webhook's URL with: cmdsync webhook url ID`);
    }
    return 0;
  });
}

// ---------------------------------------------------------------- get

export interface GetOptions extends BotOptions, OutputOptions {
  url?: string;
}

export async function runWebhookGet(id: string | undefined, opts: GetOptions, ctx: CliContext): Promise<number> {
  const route = chooseRoute(id, opts.url, ctx, 'get');
  const webhook =
    'id' in route
      ? await withBotClient(opts, ctx, async ({ client }) => {
          const w = await getWebhook(client, route.id);
          hideTokens(client, [w]);
          return w;
        })
      : await withTokenClient(route.target, opts, ctx, (client) => getWebhookWithToken(client, route.target.ref));
  printWebhook(webhook, opts.json, ctx);
  return 0;
}

// ---------------------------------------------------------------- create

export interface CreateOptions extends BotOptions, OutputOptions {
  channel?: string;
  name?: string;
  avatar?: string;
  reason?: string;
}

export async function runWebhookCreate(opts: CreateOptions, ctx: CliContext): Promise<number> {
  if (opts.channel === undefined) throw new UsageError('webhook create: --channel ID is required.');
  if (opts.name === undefined) throw new UsageError('webhook create: --name NAME is required.');
  if (!opts.emulator) idFrom(opts.channel, '--channel');
  const body = { name: opts.name, ...(opts.avatar !== undefined ? { avatar: readAvatar(opts.avatar, ctx) } : {}) };
  if (reportProblems(validateWebhookCreateBody(body, resolveLimits()), ctx)) return 1;
  return withBotClient(opts, ctx, async (bot) => {
    const { client } = bot;
    const channelId = placeId(bot, opts.channel!, '--channel');
    const webhook = await createWebhook(client, channelId, body, { reason: auditReason('create', opts.reason) });
    hideTokens(client, [webhook]);
    printWebhook(webhook, opts.json, ctx);
    writeLine(ctx.stderr, `Created webhook ${webhook.id} in channel ${channelId}. Its URL holds a secret token; print it with: cmdsync webhook url ${webhook.id}`);
    return 0;
  });
}

// ---------------------------------------------------------------- edit

export interface EditOptions extends BotOptions, OutputOptions {
  url?: string;
  name?: string;
  avatar?: string;
  removeAvatar: boolean;
  channel?: string;
  reason?: string;
}

/** Stands for a named channel while the body's other fields are checked, before the emulator resolves the name. */
const NAMED_CHANNEL_PLACEHOLDER = '100000000000000000';

export async function runWebhookEdit(id: string | undefined, opts: EditOptions, ctx: CliContext): Promise<number> {
  const route = chooseRoute(id, opts.url, ctx, 'edit');
  const byToken = 'target' in route;
  if (opts.avatar !== undefined && opts.removeAvatar) throw new UsageError('webhook edit: --avatar and --remove-avatar cannot be used together.');
  // The token route ignores channel_id (facts §13) and takes no audit-log reason: refuse rather than silently drop them.
  if (byToken && opts.channel !== undefined) throw new UsageError('webhook edit --channel moves a webhook and needs the bot token: run webhook edit ID --channel CHANNEL.');
  if (byToken && opts.reason !== undefined)
    throw new UsageError('webhook edit --reason applies to edits by ID with the bot token; edits with the webhook token have no audit-log reason.');
  const body: Record<string, unknown> = {};
  if (opts.name !== undefined) body.name = opts.name;
  if (opts.avatar !== undefined) body.avatar = readAvatar(opts.avatar, ctx);
  if (opts.removeAvatar) body.avatar = null;
  // With --emulator a channel may be named (as invoke takes it); it is resolved once the emulator's world is open.
  const channelByName = opts.channel !== undefined && opts.emulator === true;
  if (opts.channel !== undefined) body.channel_id = channelByName ? NAMED_CHANNEL_PLACEHOLDER : idFrom(opts.channel, '--channel');
  if (Object.keys(body).length === 0) throw new UsageError('webhook edit: nothing to change; give --name, --avatar, --remove-avatar or --channel.');
  if (reportProblems(validateWebhookEditBody(body, resolveLimits(), { byToken }), ctx)) return 1;

  const webhook =
    'id' in route
      ? await withBotClient(opts, ctx, async (bot) => {
          const { client } = bot;
          if (channelByName) body.channel_id = placeId(bot, opts.channel!, '--channel');
          const w = await editWebhook(client, route.id, body, { reason: auditReason('edit', opts.reason) });
          hideTokens(client, [w]);
          return w;
        })
      : await withTokenClient(route.target, opts, ctx, (client) => editWebhookWithToken(client, route.target.ref, body));
  printWebhook(webhook, opts.json, ctx);
  writeLine(ctx.stderr, `Updated webhook ${webhook.id}.`);
  return 0;
}

// ---------------------------------------------------------------- delete

export interface DeleteOptions extends BotOptions {
  url?: string;
  reason?: string;
}

export async function runWebhookDelete(id: string | undefined, opts: DeleteOptions, ctx: CliContext): Promise<number> {
  const route = chooseRoute(id, opts.url, ctx, 'delete');
  if ('id' in route) {
    await withBotClient(opts, ctx, ({ client }) => deleteWebhook(client, route.id, { reason: auditReason('delete', opts.reason) }));
    writeLine(ctx.stderr, `Deleted webhook ${route.id}.`);
  } else {
    if (opts.reason !== undefined)
      throw new UsageError('webhook delete --reason applies to deletes by ID with the bot token; deletes with the webhook token have no audit-log reason.');
    await withTokenClient(route.target, opts, ctx, (client) => deleteWebhookWithToken(client, route.target.ref));
    writeLine(ctx.stderr, `Deleted webhook ${route.target.ref.id}.`);
  }
  return 0;
}
