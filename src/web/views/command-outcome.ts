/**
 * What an invocation came to, as the invoke form shows it: the answer the
 * user sees (content and embeds as text; the channel beside the form renders
 * them fully), the refusal with its reason, "did not respond", or the
 * client's own complaint about the line with a caret under it.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { MessageFlag } from '../../wire/enums.js';
import type { PageOutcome } from '../../emulator/view/outcome-types.js';
import { noResponseReason } from '../../wire/interactions/delivery.js';
import { CallbackType } from '../../wire/interactions/callback.js';
import type { Obj } from '../../wire/rules/values.js';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function messageBlock(m: Obj, label: string): TemplateResult {
  const flags = typeof m.flags === 'number' ? m.flags : 0;
  const embeds = Array.isArray(m.embeds) ? (m.embeds as Obj[]) : [];
  const attachments = Array.isArray(m.attachments) ? (m.attachments as Obj[]) : [];
  const ephemeral = (flags & MessageFlag.EPHEMERAL) !== 0;
  return html`<div class="answer${ephemeral ? ' ephemeral' : ''}" data-message-id=${str(m.id) || nothing}><div class="answer-label muted">${label}${ephemeral ? ' · only you can see this' : ''}${flags & MessageFlag.LOADING ? ' · is thinking…' : ''}</div>${str(m.content) ? html`<div class="answer-content">${str(m.content)}</div>` : nothing}${embeds.map(
    (e) =>
      html`<div class="answer-embed">${str(e.title) ? html`<strong>${str(e.title)}</strong>` : nothing}${str(e.description) ? html`<div>${str(e.description)}</div>` : nothing}</div>`,
  )}${attachments.map((a) => html`<div class="answer-attachment muted">Attachment: ${str(a.filename)}</div>`)}</div>`;
}

const box = (kind: string, body: TemplateResult) =>
  html`<div class="outcome-body ${kind}" data-outcome=${kind}>${body}</div>`;

/** A callback that posts no message (a modal, an update of a component's message) says so. */
function postsNoMessage(o: Extract<PageOutcome, { outcome: 'answered' }>): boolean {
  const type = o.callback?.type;
  return (
    !o.choices &&
    type !== undefined &&
    type !== CallbackType.CHANNEL_MESSAGE_WITH_SOURCE &&
    type !== CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
  );
}

function answered(o: Extract<PageOutcome, { outcome: 'answered' }>): TemplateResult {
  const how = `Answered by ${o.application.name} over ${o.delivery === 'http' ? 'HTTP' : 'the gateway'} (callback type ${o.callback?.type ?? '?'})`;
  const choices = o.choices
    ? html`<ul class="answer-choices">${o.choices.map((c) => html`<li>${c.name} → ${String(c.value)}</li>`)}</ul>${o.choices.length === 0 ? html`<div class="muted">No choices.</div>` : nothing}`
    : nothing;
  const modal = o.callback?.type === CallbackType.MODAL ? (o.callback.data as Obj | undefined) : undefined;
  const none = modal
    ? html`<div class="muted">Opened the form “${str(modal.title)}”.</div>`
    : html`<div class="muted">No message: the callback did not post one.</div>`;
  const original = o.original ? messageBlock(o.original, 'Answer') : postsNoMessage(o) ? none : nothing;
  return box(
    'answered',
    html`<div class="muted">${how}</div>${choices}${original}${o.followups.map((f) => messageBlock(f, 'Follow-up'))}`,
  );
}

export function renderOutcome(o: PageOutcome): TemplateResult {
  switch (o.outcome) {
    case 'invalid':
      return box(
        'invalid',
        html`<strong>The client would not send this: </strong>${o.message}${o.pointer ? html`<pre class="pointer">${o.pointer}</pre>` : nothing}`,
      );
    case 'refused':
      return box(
        'refused',
        html`<strong>${o.refusal.message}</strong><div class="reason muted">Why: ${o.refusal.reason}</div>`,
      );
    case 'launched':
      return box('launched', html`<strong>Activity launched: </strong>${str(o.message.content)}`);
    case 'no-response':
      return box(
        'no-response',
        html`<strong>${o.application.name} did not respond.</strong><div class="reason muted" data-cause=${o.cause.kind}>Why: ${noResponseReason(o.cause)}</div>`,
      );
    case 'answered':
      return answered(o);
  }
}
