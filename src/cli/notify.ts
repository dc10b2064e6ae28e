/**
 * `plan --notify URL` / `apply --notify URL` (or CMDSYNC_NOTIFY_WEBHOOK): after
 * the command has finished, posts the deploy report embed to that webhook.
 * A report is a side channel: any failure (bad URL, network, refusal) is one
 * warning line on stderr, redacted, and never changes the exit code, so this
 * never throws.
 */
import { createClient, executeWebhook, parseWebhookUrl, redactPatterns, type RestClient } from '../remote/index.js';
import { deployReportEmbed, type DeployReportInput } from '../report/notify.js';
import { writeLine, type CliContext } from './context.js';
import { fetchTimeoutMs } from './fetch-limits.js';

export type NotifyInput = Omit<DeployReportInput, 'env'> & { env?: DeployReportInput['env'] };

/** The webhook URL to report to: the flag, else CMDSYNC_NOTIFY_WEBHOOK; undefined means no report. */
export function notifyUrl(flag: string | undefined, env: CliContext['env']): string | undefined {
  const value = flag?.trim() || env.CMDSYNC_NOTIFY_WEBHOOK?.trim();
  return value ? value : undefined;
}

/** The answer to a report is a small message: anything much larger is a server misbehaving. */
const NOTIFY_MAX_RESPONSE_BYTES = 64 * 1024;

export async function notifyDeploy(url: string | undefined, input: NotifyInput, ctx: CliContext): Promise<void> {
  const target = notifyUrl(url, ctx.env);
  if (target === undefined) return;
  let client: RestClient | undefined;
  try {
    const ref = parseWebhookUrl(target);
    // A report must not hold up a deploy: a short timeout (the post itself is never retried), a small answer.
    client = createClient(
      { apiUrl: ref.baseUrl },
      { timeoutMs: fetchTimeoutMs(ctx.env), retries: 0, maxResponseBytes: NOTIFY_MAX_RESPONSE_BYTES },
    );
    client.redactor.add(ref.token);
    const embed = deployReportEmbed({ ...input, env: input.env ?? ctx.env });
    const message = await executeWebhook(client, ref, { embeds: [embed], allowed_mentions: { parse: [] } } as never, {
      wait: true,
    });
    writeLine(
      ctx.stderr,
      `Posted the deploy report to the notify webhook${message ? ` (message ${message.id})` : ''}.`,
    );
  } catch (err) {
    const raw = err instanceof Error ? err.message : String(err);
    // The client's errors are redacted already; a parse or internal error is not, so redact again by pattern and token.
    const text = redactPatterns(client ? client.redactor.redact(raw) : raw)
      .trim()
      .replace(/\s*\n\s*/g, '; ');
    writeLine(ctx.stderr, `warning: could not post the deploy report to the notify webhook: ${text}`);
  } finally {
    await client?.close().catch(() => undefined);
  }
}
