/**
 * `cmdsync webhook url KEY|ID`: the one subcommand that prints a webhook's token,
 * inside its URL, because the user asked for exactly that. Under GitHub
 * Actions the token is masked first so the log shows `***` instead.
 */
import { CmdsyncError } from '../../../errors.js';
import { getWebhook } from '../../../remote/index.js';
import { maskSecretForActions } from '../../../config/ci-mask.js';
import { writeLine, type CliContext } from '../../context.js';
import { withBotClient, type BotOptions } from './bot.js';
import { idFrom } from './flag-values.js';
import { resolve } from 'node:path';
import { LOCK_FILE, readLock } from '../../../manifest/lock.js';
import { locateManifest } from '../../workspace.js';

/** A key declared in the manifest resolves through the lock file apply keeps beside it. */
export function resolveKey(keyOrId: string, manifest: string | undefined, ctx: CliContext): string {
  if (/^\d+$/.test(keyOrId)) return keyOrId;
  const lock = readLock(resolve(ctx.cwd, locateManifest(ctx, manifest)));
  const found = Object.entries(lock.webhooks).find(([, v]) => v.key === keyOrId);
  if (!found)
    throw new CmdsyncError(
      'WEBHOOK_KEY_UNKNOWN',
      `No webhook with key "${keyOrId}" in ${LOCK_FILE}: apply the manifest first, or pass the webhook id.`,
    );
  return found[0];
}

export async function runWebhookUrl(
  id: string,
  opts: BotOptions & { manifest?: string },
  ctx: CliContext,
): Promise<number> {
  const webhookId = idFrom(resolveKey(id, opts.manifest, ctx), 'the webhook ID');
  return withBotClient(opts, ctx, async ({ client, apiUrl }) => {
    const webhook = await getWebhook(client, webhookId);
    if (typeof webhook.token !== 'string' || webhook.token === '') {
      throw new CmdsyncError(
        'WEBHOOK_NO_TOKEN',
        `webhook ${webhookId} has no token the bot can read (only incoming webhooks have one, and only their managers see it).`,
      );
    }
    maskSecretForActions(webhook.token, (line) => ctx.stderr.write(line), ctx.env);
    writeLine(ctx.stdout, `${apiUrl}/webhooks/${webhook.id}/${encodeURIComponent(webhook.token)}`);
    return 0;
  });
}
