/**
 * `cmdsync webhook send`: executes a webhook by its URL. Everything the
 * interface's rules can judge without the service is checked first (the
 * one-of rule, 2000 characters, 10 embeds and the embed limits, thread and
 * tag rules, components v2 exclusivity, file count and size); any error is
 * printed with the exact field and nothing is sent.
 *
 * What a token-only client cannot know: the type of the webhook's channel
 * (cmdsync has no channel read, and the webhook object does not say). So
 * `--thread-name` is taken to mean a forum or media channel (the service
 * answers 220003 otherwise), and the "forum needs a thread" rule (220001) is
 * left to the service. Whether the webhook is application-owned matters only
 * for components, so the webhook is fetched (by token) only when some are sent.
 */
import { ChannelType } from '../../../wire/enums.js';
import { resolveLimits, type Limits } from '../../../wire/limits.js';
import { problem, type Problem } from '../../../wire/problem.js';
import { validateExecuteBody } from '../../../wire/webhook.js';
import { unknownEmbedKeys } from '../../../wire/rules/embed.js';
import { executeWebhook, getWebhookWithToken, type FileUpload } from '../../../remote/index.js';
import { writeLine, type CliContext } from '../../context.js';
import { runCompatSend } from './compat.js';
import { idFrom } from './flag-values.js';
import { readUploads } from './input.js';
import { reportProblems } from './output.js';
import { buildExecuteBody } from './send-body.js';
import type { SendOptions } from './send-options.js';
import { requireTokenTarget, withTokenClient } from './target.js';

export type { SendOptions } from './send-options.js';

/** File count and total size, checked before upload (path `files`, as the service reports them). */
export function uploadProblems(files: readonly FileUpload[], limits: Limits): Problem[] {
  const out: Problem[] = [];
  if (files.length > limits.files_per_message) {
    out.push(
      problem(
        'message-files-count',
        ['files'],
        `A message holds at most ${limits.files_per_message} files (${files.length} given).`,
      ),
    );
  }
  const bytes = files.reduce(
    (n, f) =>
      n +
      (typeof f.data === 'string'
        ? Buffer.byteLength(f.data)
        : f.data instanceof Uint8Array
          ? f.data.byteLength
          : f.data.size),
    0,
  );
  if (bytes > limits.upload_bytes_max) {
    out.push(
      problem(
        'message-files-size',
        ['files'],
        `The files of one message may total ${limits.upload_bytes_max} bytes (these are ${bytes}).`,
      ),
    );
  }
  return out;
}

export async function runWebhookSend(opts: SendOptions, ctx: CliContext): Promise<number> {
  if (opts.format !== undefined) return runCompatSend(opts, ctx);
  const target = requireTokenTarget(opts.url, ctx, 'webhook send');
  const threadId = opts.thread !== undefined ? idFrom(opts.thread, '--thread') : undefined;
  const body = buildExecuteBody(opts, ctx);
  const files = readUploads(opts.files, ctx);
  const limits = resolveLimits();
  const wait = opts.wait || opts.json;

  return withTokenClient(target, opts, ctx, async (client) => {
    const applicationOwned =
      body.components !== undefined ? (await getWebhookWithToken(client, target.ref)).application_id != null : false;
    const problems = [
      ...uploadProblems(files, limits),
      ...unknownEmbedKeys(body.embeds),
      ...validateExecuteBody(body, {
        limits,
        channelType: body.thread_name !== undefined ? ChannelType.GUILD_FORUM : ChannelType.GUILD_TEXT,
        threadId: threadId ?? null,
        hasFiles: files.length > 0,
        withComponents: opts.withComponents,
        applicationOwned,
      }),
    ];
    if (reportProblems(problems, ctx)) return 1;

    const message = await executeWebhook(client, target.ref, body as never, {
      ...(wait ? { wait: true } : {}),
      threadId,
      ...(opts.withComponents ? { withComponents: true } : {}),
      ...(files.length > 0 ? { files } : {}),
    });
    if (opts.json) {
      ctx.stdout.write(`${JSON.stringify(client.redactor.redactValue(message ?? null), null, 2)}\n`);
    } else if (wait && message) {
      // The id alone on stdout, so `id=$(cmdsync webhook send --wait …)` works.
      writeLine(ctx.stdout, message.id);
      writeLine(ctx.stderr, `Sent message ${message.id} to channel ${message.channel_id}.`);
    } else {
      writeLine(ctx.stderr, 'Sent.');
    }
    return 0;
  });
}
