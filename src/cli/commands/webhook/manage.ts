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
  type RestClient,
} from '../../../remote/index.js';
import { resolveLimits } from '../../../wire/limits.js';
import { validateWebhookCreateBody, validateWebhookEditBody } from '../../../wire/webhook.js';
import { isSnowflake } from '../../../wire/snowflake.js';
import { writeLine, type CliContext } from '../../context.js';
import { labelOf } from '../../names.js';
import { placeId, withBotClient, type BotOptions } from './bot.js';
import { idFrom } from './flag-values.js';
import { readAvatar } from './input.js';
import { resolveKey } from './url.js';
import { printWebhook, reportProblems } from './output.js';
import { findTokenTarget, withTokenClient, type TokenTarget } from './target.js';
import type { Obj } from '../../../wire/rules/values.js';

export interface OutputOptions {
  json: boolean;
}

/** The audit-log reason of a change by id: `cmdsync webhook <verb>` unless `--reason` says otherwise. */
export function auditReason(verb: 'create' | 'edit' | 'delete', reason: string | undefined): string {
  return reason ?? `cmdsync webhook ${verb}`;
}

/** Tokens the bot routes return are secrets too: no later error or debug line may show them. */
export function hideTokens(client: RestClient, webhooks: unknown): void {
  for (const w of Array.isArray(webhooks) ? webhooks : [webhooks]) {
    const token = (w as { token?: unknown } | null)?.token;
    if (typeof token === 'string') client.redactor.add(token);
  }
}

/** By id (bot token) when an id is given, else by URL; both is ambiguous. */
function chooseRoute(
  id: string | undefined,
  url: string | undefined,
  ctx: CliContext,
  verb: string,
): { id: string } | { target: TokenTarget } {
  if (id !== undefined && url !== undefined)
    throw new UsageError(`webhook ${verb}: give a webhook ID (bot token) or --url (webhook token), not both.`);
  // A key the manifest declares is looked up in its lock file, as `webhook url` does.
  if (id !== undefined) return { id: idFrom(resolveKey(id, undefined, ctx), 'the webhook ID') };
  const target = findTokenTarget(url, ctx);
  if (!target)
    throw new UsageError(
      `webhook ${verb}: give a webhook ID (uses DISCORD_TOKEN), or --url / DISCORD_WEBHOOK_URL (uses the webhook's own token).`,
    );
  return { target };
}

// ---------------------------------------------------------------- get

export interface GetOptions extends BotOptions, OutputOptions {
  url?: string;
}

export async function runWebhookGet(id: string | undefined, opts: GetOptions, ctx: CliContext): Promise<number> {
  const route = chooseRoute(id, opts.url, ctx, 'get');
  const { webhook, names } =
    'id' in route
      ? await withBotClient(opts, ctx, async ({ client, names }) => {
          const w = await getWebhook(client, route.id);
          hideTokens(client, [w]);
          return { webhook: w, names: opts.json ? undefined : await names.namesIn([w.guild_id]) };
        })
      : {
          webhook: await withTokenClient(route.target, opts, ctx, (client) =>
            getWebhookWithToken(client, route.target.ref),
          ),
          names: undefined,
        };
  printWebhook(webhook, opts.json, ctx, names);
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
  if (opts.channel === undefined) throw new UsageError('webhook create: --channel ID|NAME is required.');
  if (opts.name === undefined) throw new UsageError('webhook create: --name NAME is required.');
  const body = { name: opts.name, ...(opts.avatar !== undefined ? { avatar: readAvatar(opts.avatar, ctx) } : {}) };
  if (reportProblems(validateWebhookCreateBody(body, resolveLimits()), ctx)) return 1;
  return withBotClient(opts, ctx, async (bot) => {
    const { client } = bot;
    const channelId = await placeId(bot, opts.channel!, '--channel');
    const webhook = await createWebhook(client, channelId, body, { reason: auditReason('create', opts.reason) });
    hideTokens(client, [webhook]);
    const names = opts.json ? undefined : await bot.names.namesIn([webhook.guild_id]);
    printWebhook(webhook, opts.json, ctx, names);
    writeLine(
      ctx.stderr,
      `Created webhook ${webhook.id} in channel ${labelOf('channel', channelId, names ?? new Map())}. Its URL holds a secret token; print it with: cmdsync webhook url ${webhook.id}`,
    );
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

/** Stands for a named channel while the body's other fields are checked, before the name is resolved. */
const NAMED_CHANNEL_PLACEHOLDER = '100000000000000000';

export async function runWebhookEdit(id: string | undefined, opts: EditOptions, ctx: CliContext): Promise<number> {
  const route = chooseRoute(id, opts.url, ctx, 'edit');
  const byToken = 'target' in route;
  if (opts.avatar !== undefined && opts.removeAvatar)
    throw new UsageError('webhook edit: --avatar and --remove-avatar cannot be used together.');
  // The token route ignores channel_id (facts §13) and takes no audit-log reason: refuse rather than silently drop them.
  if (byToken && opts.channel !== undefined)
    throw new UsageError(
      'webhook edit --channel moves a webhook and needs the bot token: run webhook edit ID --channel CHANNEL.',
    );
  if (byToken && opts.reason !== undefined)
    throw new UsageError(
      'webhook edit --reason applies to edits by ID with the bot token; edits with the webhook token have no audit-log reason.',
    );
  const body: Obj = {};
  if (opts.name !== undefined) body.name = opts.name;
  if (opts.avatar !== undefined) body.avatar = readAvatar(opts.avatar, ctx);
  if (opts.removeAvatar) body.avatar = null;
  // A channel may be named (as invoke takes it); the name is resolved once the client is open.
  const channelByName = opts.channel !== undefined && !isSnowflake(opts.channel);
  if (opts.channel !== undefined) body.channel_id = channelByName ? NAMED_CHANNEL_PLACEHOLDER : opts.channel;
  if (Object.keys(body).length === 0)
    throw new UsageError('webhook edit: nothing to change; give --name, --avatar, --remove-avatar or --channel.');
  if (reportProblems(validateWebhookEditBody(body, resolveLimits(), { byToken }), ctx)) return 1;

  const { webhook, names } =
    'id' in route
      ? await withBotClient(opts, ctx, async (bot) => {
          const { client } = bot;
          if (channelByName) body.channel_id = await placeId(bot, opts.channel!, '--channel');
          const w = await editWebhook(client, route.id, body, { reason: auditReason('edit', opts.reason) });
          hideTokens(client, [w]);
          return { webhook: w, names: opts.json ? undefined : await bot.names.namesIn([w.guild_id]) };
        })
      : {
          webhook: await withTokenClient(route.target, opts, ctx, (client) =>
            editWebhookWithToken(client, route.target.ref, body),
          ),
          names: undefined,
        };
  printWebhook(webhook, opts.json, ctx, names);
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
    await withBotClient(opts, ctx, ({ client }) =>
      deleteWebhook(client, route.id, { reason: auditReason('delete', opts.reason) }),
    );
    writeLine(ctx.stderr, `Deleted webhook ${route.id}.`);
  } else {
    if (opts.reason !== undefined)
      throw new UsageError(
        'webhook delete --reason applies to deletes by ID with the bot token; deletes with the webhook token have no audit-log reason.',
      );
    await withTokenClient(route.target, opts, ctx, (client) => deleteWebhookWithToken(client, route.target.ref));
    writeLine(ctx.stderr, `Deleted webhook ${route.target.ref.id}.`);
  }
  return 0;
}
