/**
 * `cmdsync webhook message get|edit|delete MESSAGE_ID`: messages sent through
 * the webhook, addressed by its URL. Messages inside a thread (or a forum
 * post) are found only with `--thread` naming it (facts §13).
 *
 * An edit is judged against the message it changes (the edit rules depend on
 * what is there: IS_COMPONENTS_V2 needs the old content, embeds and files
 * cleared first), so the message is read before the edit is checked and sent.
 */
import { UsageError } from '../../../errors.js';
import { deleteWebhookMessage, editWebhookMessage, getWebhookMessage } from '../../../remote/index.js';
import { MessageFlag } from '../../../wire/enums.js';
import { resolveLimits } from '../../../wire/limits.js';
import { validateEditMessageBody } from '../../../wire/webhook.js';
import { writeLine, type CliContext } from '../../context.js';
import { allowedMentionsFrom, flagsFrom, idFrom } from './flag-values.js';
import { readComponents, readUploads } from './input.js';
import { messageLines, reportProblems } from './output.js';
import { embedsFrom, type MessageFlagsInput } from './send-body.js';
import { uploadProblems } from './send.js';
import { requireTokenTarget, withTokenClient } from './target.js';
import type { Obj } from '../../../wire/rules/values.js';

export interface MessageTargetOptions {
  url?: string;
  /** `--thread ID`: the thread (or forum post) the message is in. */
  thread?: string;
  debug: boolean;
}

function threadOption(opts: MessageTargetOptions): { threadId?: string } {
  return opts.thread !== undefined ? { threadId: idFrom(opts.thread, '--thread') } : {};
}

export async function runMessageGet(
  messageId: string,
  opts: MessageTargetOptions & { json: boolean },
  ctx: CliContext,
): Promise<number> {
  const id = idFrom(messageId, 'the message ID');
  const target = requireTokenTarget(opts.url, ctx, 'webhook message get');
  const thread = threadOption(opts);
  return withTokenClient(target, opts, ctx, async (client) => {
    const message = client.redactor.redactValue(await getWebhookMessage(client, target.ref, id, thread));
    if (opts.json) ctx.stdout.write(`${JSON.stringify(message, null, 2)}\n`);
    else writeLine(ctx.stdout, messageLines(message).join('\n'));
    return 0;
  });
}

export async function runMessageDelete(
  messageId: string,
  opts: MessageTargetOptions,
  ctx: CliContext,
): Promise<number> {
  const id = idFrom(messageId, 'the message ID');
  const target = requireTokenTarget(opts.url, ctx, 'webhook message delete');
  const thread = threadOption(opts);
  await withTokenClient(target, opts, ctx, (client) => deleteWebhookMessage(client, target.ref, id, thread));
  writeLine(ctx.stderr, `Deleted message ${id}.`);
  return 0;
}

export interface MessageEditOptions extends MessageTargetOptions, MessageFlagsInput {
  /** `--file PATH`, repeatable: appended to the message's attachments. */
  files: string[];
  /** `--keep-attachment ID`, repeatable: the existing attachments to keep (the others are removed). */
  keepAttachments: string[];
  /** `--clear content|embeds|attachments|components`, repeatable: null the field (needed before turning on components v2). */
  clear: string[];
  withComponents: boolean;
  json: boolean;
}

const CLEARABLE = ['content', 'embeds', 'attachments', 'components'] as const;
export const EDIT_FLAG_NAMES = ['suppress-embeds', 'components-v2', 'none'] as const;

/** The edit body from the flags, before any request (usage errors first). */
function buildEditBody(opts: MessageEditOptions, ctx: CliContext, newFiles: readonly { name: string }[]): Obj {
  const clear = new Set(opts.clear.map((c) => c.trim().toLowerCase()));
  for (const c of clear)
    if (!(CLEARABLE as readonly string[]).includes(c))
      throw new UsageError(`--clear takes ${CLEARABLE.join(', ')}; not "${c}".`);
  const conflict = (field: string, given: boolean, flag: string) => {
    if (given && clear.has(field)) throw new UsageError(`--clear ${field} and ${flag} cannot be used together.`);
  };
  conflict('content', opts.content !== undefined, '--content');
  conflict('attachments', opts.keepAttachments.length > 0, '--keep-attachment');
  conflict('components', opts.components !== undefined, '--components');

  const body: Obj = {};
  const nothing =
    opts.content === undefined &&
    opts.components === undefined &&
    clear.size === 0 &&
    opts.keepAttachments.length === 0 &&
    newFiles.length === 0 &&
    opts.flags.length === 0 &&
    opts.allowMentions === undefined;
  if (nothing && embedsFrom(opts, ctx) === undefined)
    throw new UsageError(
      'webhook message edit: nothing to change; give --content, --embeds, --embed-*, --components, --file, --keep-attachment, --clear, --flag or --allow-mentions.',
    );
  if (opts.content !== undefined) body.content = opts.content;
  const embeds = embedsFrom(opts, ctx);
  conflict('embeds', embeds !== undefined, '--embeds/--embed-*');
  if (embeds !== undefined) body.embeds = embeds;
  if (opts.components !== undefined) body.components = readComponents(opts.components, ctx);
  for (const c of clear) body[c] = null;
  // Listing attachments replaces the kept set; new files are listed by index so the service keeps them too.
  if (opts.keepAttachments.length > 0 || clear.has('attachments')) {
    body.attachments = [
      ...opts.keepAttachments.map((a) => ({ id: idFrom(a, '--keep-attachment') })),
      ...newFiles.map((f, i) => ({ id: i, filename: f.name })),
    ];
  }
  const flags = flagsFrom(opts.flags, EDIT_FLAG_NAMES);
  if (flags !== undefined) body.flags = flags;
  // Edit rule 1: without allowed_mentions the defaults apply again, whatever the original said; keep "none" unless asked.
  body.allowed_mentions = allowedMentionsFrom(opts.allowMentions);
  return body;
}

export async function runMessageEdit(messageId: string, opts: MessageEditOptions, ctx: CliContext): Promise<number> {
  const id = idFrom(messageId, 'the message ID');
  const target = requireTokenTarget(opts.url, ctx, 'webhook message edit');
  const thread = threadOption(opts);
  const files = readUploads(opts.files, ctx);
  const limits = resolveLimits();
  const body = buildEditBody(opts, ctx, files);
  return withTokenClient(target, opts, ctx, async (client) => {
    const m = await getWebhookMessage(client, target.ref, id, thread);
    // IS_COMPONENTS_V2 can never be removed, so an edit's flags carry it over rather than fail on it.
    if (typeof body.flags === 'number') body.flags |= (m.flags ?? 0) & MessageFlag.IS_COMPONENTS_V2;
    const problems = [
      ...uploadProblems(files, limits),
      ...validateEditMessageBody(body, {
        limits,
        previous: {
          content: m.content ?? '',
          embeds: m.embeds ?? [],
          attachments: m.attachments ?? [],
          components: m.components ?? [],
          poll: m.poll ?? null,
          flags: m.flags ?? 0,
        },
        hasFiles: files.length > 0,
        withComponents: opts.withComponents,
        applicationOwned: m.application_id != null,
      }),
    ];
    if (reportProblems(problems, ctx)) return 1;
    const edited = await editWebhookMessage(client, target.ref, id, body as never, {
      ...thread,
      ...(opts.withComponents ? { withComponents: true } : {}),
      ...(files.length > 0 ? { files } : {}),
    });
    const shown = client.redactor.redactValue(edited);
    if (opts.json) ctx.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    else writeLine(ctx.stdout, messageLines(shown).join('\n'));
    writeLine(ctx.stderr, `Edited message ${id}.`);
    return 0;
  });
}
