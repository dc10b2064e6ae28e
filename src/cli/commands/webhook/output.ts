/**
 * What the webhook subcommands print. Webhook objects fetched with the bot
 * token carry the webhook's token: every printer here drops it, and only
 * `webhook url` (on explicit request) shows it. Remote text is flattened to
 * one line so a name cannot smuggle terminal escapes.
 */
import { formatPath } from '../../../remote/index.js';
import { sanitizeMessage } from '../../../report/apply/result.js';
import { enumName, WebhookType } from '../../../wire/enums.js';
import type { Problem } from '../../../wire/problem.js';
import { writeLine, type CliContext } from '../../context.js';
import { labelOf } from '../../names.js';
import type { Obj } from '../../../wire/rules/values.js';

/** A webhook without its token (and without `url`, which embeds it). */
export function publicWebhook(webhook: unknown): Obj {
  const { token: _token, url: _url, ...rest } = (webhook ?? {}) as Obj;
  return rest;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  return sanitizeMessage(String(value));
}

function typeName(type: unknown): string {
  return typeof type === 'number'
    ? (enumName(WebhookType, type)?.toLowerCase().replace(/_/g, ' ') ?? `type ${type}`)
    : '?';
}

/** A channel or guild id with its name, when known: `#general (1234)`; remote names flattened to one line. */
function place(kind: 'channel' | 'guild', id: unknown, names: ReadonlyMap<string, string>): string {
  return typeof id === 'string' ? text(labelOf(kind, id, names)) : text(id);
}

/** The detail view of `get`, `create`, `edit`; `names` puts names next to the channel and guild ids. */
export function webhookLines(webhook: unknown, names: ReadonlyMap<string, string> = new Map()): string[] {
  const w = webhook as Obj;
  const lines = [
    `id:          ${text(w.id)}`,
    `name:        ${text(w.name)}`,
    `type:        ${typeName(w.type)}`,
    `channel:     ${place('channel', w.channel_id, names)}`,
    `guild:       ${place('guild', w.guild_id, names)}`,
    `application: ${text(w.application_id)}`,
    `avatar:      ${text(w.avatar)}`,
  ];
  const user = w.user as Obj | undefined;
  if (user && typeof user === 'object') lines.push(`creator:     ${text(user.username)} (${text(user.id)})`);
  if (typeof w.token === 'string') lines.push(`token:       (hidden; use cmdsync webhook url ${text(w.id)})`);
  return lines;
}

/** One line per webhook for `list`. */
export function webhookRow(webhook: unknown, names: ReadonlyMap<string, string> = new Map()): string {
  const w = webhook as Obj;
  return `${text(w.id)}  ${JSON.stringify(text(w.name))}  ${typeName(w.type)}  channel ${place('channel', w.channel_id, names)}`;
}

/** Prints a webhook (or a list) as JSON without tokens, or as human lines. */
export function printWebhook(
  webhook: unknown,
  json: boolean,
  ctx: CliContext,
  names?: ReadonlyMap<string, string>,
): void {
  if (json) ctx.stdout.write(`${JSON.stringify(publicWebhook(webhook), null, 2)}\n`);
  else writeLine(ctx.stdout, webhookLines(webhook, names).join('\n'));
}

/** `embeds[0].fields[3].value: message`; a problem about the whole message has no path. */
export function problemLine(p: Problem): string {
  const where = formatPath(p.path);
  return `${p.severity}: ${where === '' ? '' : `${where}: `}${p.message}`;
}

/**
 * Prints rule findings to stderr. Returns true when one is an error: the
 * caller then sends nothing and exits 1.
 */
export function reportProblems(problems: readonly Problem[], ctx: CliContext): boolean {
  for (const p of problems) writeLine(ctx.stderr, problemLine(p));
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) writeLine(ctx.stderr, `Nothing was sent: ${errors} error${errors === 1 ? '' : 's'} above.`);
  return errors > 0;
}

/** A short human view of a webhook message (`message get`, `send --wait`). */
export function messageLines(message: unknown): string[] {
  const m = message as Obj;
  const lines = [`id:          ${text(m.id)}`, `channel:     ${text(m.channel_id)}`];
  if (typeof m.content === 'string' && m.content !== '')
    lines.push(`content:     ${text(m.content.length > 200 ? `${m.content.slice(0, 199)}…` : m.content)}`);
  const embeds = Array.isArray(m.embeds) ? m.embeds.length : 0;
  const components = Array.isArray(m.components) ? m.components.length : 0;
  lines.push(`embeds:      ${embeds}`);
  if (components > 0) lines.push(`components:  ${components}`);
  const attachments = Array.isArray(m.attachments) ? (m.attachments as Obj[]) : [];
  lines.push(
    `attachments: ${attachments.length === 0 ? 'none' : attachments.map((a) => `${text(a.filename)} (id ${text(a.id)})`).join(', ')}`,
  );
  lines.push(`flags:       ${typeof m.flags === 'number' ? m.flags : 0}`);
  if (typeof m.edited_timestamp === 'string') lines.push(`edited:      ${text(m.edited_timestamp)}`);
  return lines;
}
