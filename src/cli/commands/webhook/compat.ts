/**
 * `webhook send --format chat-compat|repo-compat --body FILE`: posts a body
 * in another product's hook format to the compatibility endpoints, for users
 * moving existing hooks over (the service converts it to a message). The
 * body is sent as written; only what the interface says is checked: the
 * chat-compat properties the service ignores (a warning), and the
 * repo-compat event kinds it accepts.
 */
import { UsageError } from '../../../errors.js';
import { executeGitHubWebhook, executeSlackWebhook } from '../../../remote/index.js';
import { CHAT_COMPAT_UNSUPPORTED, REPO_COMPAT_EVENTS } from '../../../wire/webhook.js';
import { writeLine, type CliContext } from '../../context.js';
import { idFrom } from './flag-values.js';
import { readDocument } from './input.js';
import type { SendOptions } from './send-options.js';
import { requireTokenTarget, withTokenClient } from './target.js';
import type { Obj } from '../../../wire/rules/values.js';

/** Message flags of `send` that mean nothing to a compatibility body: refused rather than silently dropped. */
const MESSAGE_ONLY_FLAGS: Array<[keyof SendOptions, string]> = [
  ['content', '--content'],
  ['embeds', '--embeds'],
  ['embedTitle', '--embed-title'],
  ['embedDescription', '--embed-description'],
  ['embedColor', '--embed-color'],
  ['embedUrl', '--embed-url'],
  ['components', '--components'],
  ['username', '--username'],
  ['avatarUrl', '--avatar-url'],
  ['threadName', '--thread-name'],
  ['allowMentions', '--allow-mentions'],
];

function checkFlags(opts: SendOptions): void {
  const given = MESSAGE_ONLY_FLAGS.filter(([k]) => opts[k] !== undefined).map(([, f]) => f);
  if (opts.files.length > 0) given.push('--file');
  if (opts.flags.length > 0) given.push('--flag');
  if (opts.tags.length > 0) given.push('--tag');
  if (opts.tts) given.push('--tts');
  if (opts.withComponents) given.push('--with-components');
  if (given.length > 0)
    throw new UsageError(`--format ${opts.format} posts --body as it is; ${given.join(', ')} cannot be used with it.`);
  if (opts.body === undefined) throw new UsageError(`--format ${opts.format} needs --body FILE (JSON or YAML).`);
  if (opts.format === 'repo-compat') {
    if (opts.event === undefined)
      throw new UsageError(`--format repo-compat needs --event NAME: one of ${REPO_COMPAT_EVENTS.join(', ')}.`);
    if (!(REPO_COMPAT_EVENTS as readonly string[]).includes(opts.event))
      throw new UsageError(`--event takes one of ${REPO_COMPAT_EVENTS.join(', ')}; not "${opts.event}".`);
  } else if (opts.event !== undefined) {
    throw new UsageError('--event applies to --format repo-compat only.');
  }
}

export async function runCompatSend(opts: SendOptions, ctx: CliContext): Promise<number> {
  if (opts.format !== 'chat-compat' && opts.format !== 'repo-compat')
    throw new UsageError(`--format takes chat-compat or repo-compat, not "${String(opts.format)}".`);
  checkFlags(opts);
  const target = requireTokenTarget(opts.url, ctx, 'webhook send');
  const threadId = opts.thread !== undefined ? idFrom(opts.thread, '--thread') : undefined;
  const body = readDocument(opts.body!, '--body', ctx);
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    throw new UsageError(`--body ${opts.body}: the body must be a mapping (a JSON object).`);
  const doc = body as Obj;
  if (opts.format === 'chat-compat') {
    for (const key of CHAT_COMPAT_UNSUPPORTED)
      if (key in doc)
        writeLine(
          ctx.stderr,
          `warning: ${key}: the chat-compat endpoint does not support this property; it is ignored.`,
        );
  }
  const options = { threadId, ...(opts.wait ? { wait: true } : {}) };
  await withTokenClient(target, opts, ctx, (client) =>
    opts.format === 'chat-compat'
      ? executeSlackWebhook(client, target.ref, doc, options)
      : executeGitHubWebhook(client, target.ref, opts.event!, doc, options),
  );
  writeLine(
    ctx.stderr,
    `Posted the ${opts.format} body${opts.format === 'repo-compat' ? ` (${opts.event} event)` : ''}.`,
  );
  return 0;
}
