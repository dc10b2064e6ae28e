/**
 * Which webhook a token-route subcommand talks to, and the client it talks
 * with. The token routes carry no Authorization header (the token in the
 * path is the credential), so they need no bot token at all: a webhook URL
 * is enough. The token is registered with the client's redactor before any
 * request so no error or debug line can show it.
 */
import { UsageError } from '../../../errors.js';
import {
  createClient,
  DEFAULT_API_URL,
  normalizeApiUrl,
  parseWebhookUrl,
  type RestClient,
  type WebhookRef,
} from '../../../remote/index.js';
import { isSnowflake } from '../../../wire/snowflake.js';
import { writeLine, type CliContext } from '../../context.js';

export interface TokenTarget {
  ref: Required<WebhookRef>;
  /** Where the URL came from, for messages (never the URL itself: it holds the token). */
  source: string;
}

/**
 * `--url`, else DISCORD_WEBHOOK_URL, else DISCORD_WEBHOOK_ID + DISCORD_WEBHOOK_TOKEN
 * (against CMDSYNC_API_URL or the public service). Undefined when none is set.
 */
export function findTokenTarget(url: string | undefined, ctx: CliContext): TokenTarget | undefined {
  if (url !== undefined && url !== '') return { ref: parseWebhookUrl(url), source: '--url' };
  const fromEnv = ctx.env.DISCORD_WEBHOOK_URL?.trim();
  if (fromEnv) return { ref: parseWebhookUrl(fromEnv), source: 'DISCORD_WEBHOOK_URL' };
  const id = ctx.env.DISCORD_WEBHOOK_ID?.trim();
  const token = ctx.env.DISCORD_WEBHOOK_TOKEN?.trim();
  if (id && token) {
    if (!isSnowflake(id)) throw new UsageError('DISCORD_WEBHOOK_ID must be a numeric webhook id.');
    const base = ctx.env.CMDSYNC_API_URL?.trim()
      ? normalizeApiUrl(ctx.env.CMDSYNC_API_URL.trim(), 'CMDSYNC_API_URL')
      : DEFAULT_API_URL;
    return { ref: { id, token, baseUrl: base }, source: 'DISCORD_WEBHOOK_ID/DISCORD_WEBHOOK_TOKEN' };
  }
  return undefined;
}

export function requireTokenTarget(url: string | undefined, ctx: CliContext, what: string): TokenTarget {
  const target = findTokenTarget(url, ctx);
  if (!target) {
    throw new UsageError(
      `${what} needs the webhook's URL: pass --url <webhook URL> or set DISCORD_WEBHOOK_URL (or DISCORD_WEBHOOK_ID and DISCORD_WEBHOOK_TOKEN).`,
    );
  }
  return target;
}

/** A client without credentials: it can only call token routes. The caller closes it. */
export function tokenClient(target: TokenTarget, opts: { debug: boolean }, ctx: CliContext): RestClient {
  const client = createClient(
    { apiUrl: target.ref.baseUrl },
    opts.debug ? { onDebug: (line) => writeLine(ctx.stderr, `debug: ${line}`) } : {},
  );
  client.redactor.add(target.ref.token);
  return client;
}

/** Runs `fn` with a token client and closes it afterwards, whatever happens. */
export async function withTokenClient<T>(
  target: TokenTarget,
  opts: { debug: boolean },
  ctx: CliContext,
  fn: (client: RestClient) => Promise<T>,
): Promise<T> {
  const client = tokenClient(target, opts, ctx);
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}
