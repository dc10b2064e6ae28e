/**
 * What an invocation came to, as the invoke form shows it: the answer the
 * user sees (content and embeds as text; the channel beside the form renders
 * them fully), the refusal with its reason, "did not respond", or the
 * client's own complaint about the line with a caret under it.
 */
import { MessageFlag } from '../../wire/enums.js';
import { noResponseReason, type NoResponse } from '../../wire/interactions/delivery.js';
import { h } from '../dom.js';
import { CallbackType } from '../../wire/interactions/callback.js';

type Obj = Record<string, unknown>;

/** The emulator's invoke outcome as the page receives it (`forPage`: without the interaction's token). */
export type PageOutcome =
  | { outcome: 'invalid'; message: string; pointer?: string }
  | { outcome: 'refused'; refusal: { kind: string; message: string; reason: string } }
  | { outcome: 'launched'; application: { id: string; name: string }; message: Obj }
  | ({ outcome: 'answered' } & PageDelivered)
  | ({ outcome: 'no-response'; cause: NoResponse } & PageDelivered);

interface PageDelivered {
  delivery: 'http' | 'gateway';
  application: { id: string; name: string };
  endpoint?: { status?: number; error?: string };
  callback?: { type: number; data?: unknown };
  original?: Obj;
  followups: Obj[];
  choices?: Array<{ name: string; value: string | number }>;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

function messageBlock(m: Obj, label: string): HTMLElement {
  const flags = typeof m.flags === 'number' ? m.flags : 0;
  const embeds = Array.isArray(m.embeds) ? (m.embeds as Obj[]) : [];
  const attachments = Array.isArray(m.attachments) ? (m.attachments as Obj[]) : [];
  return h(
    'div',
    { class: `answer${flags & MessageFlag.EPHEMERAL ? ' ephemeral' : ''}`, 'data-message-id': str(m.id) || undefined },
    h('div', { class: 'answer-label muted' }, label, flags & MessageFlag.EPHEMERAL ? ' · only you can see this' : '', flags & MessageFlag.LOADING ? ' · is thinking…' : ''),
    str(m.content) ? h('div', { class: 'answer-content' }, str(m.content)) : undefined,
    ...embeds.map((e) =>
      h('div', { class: 'answer-embed' }, str(e.title) ? h('strong', {}, str(e.title)) : undefined, str(e.description) ? h('div', {}, str(e.description)) : undefined),
    ),
    ...attachments.map((a) => h('div', { class: 'answer-attachment muted' }, `Attachment: ${str(a.filename)}`)),
  );
}

export function renderOutcome(o: PageOutcome): HTMLElement {
  const box = (kind: string, ...children: Array<Node | string | undefined>) => h('div', { class: `outcome-body ${kind}`, 'data-outcome': kind }, ...children);
  switch (o.outcome) {
    case 'invalid':
      return box('invalid', h('strong', {}, 'The client would not send this: '), o.message, o.pointer ? h('pre', { class: 'pointer' }, o.pointer) : undefined);
    case 'refused':
      return box('refused', h('strong', {}, o.refusal.message), h('div', { class: 'reason muted' }, `Why: ${o.refusal.reason}`));
    case 'launched':
      return box('launched', h('strong', {}, 'Activity launched: '), str(o.message.content));
    case 'no-response':
      return box(
        'no-response',
        h('strong', {}, `${o.application.name} did not respond.`),
        h('div', { class: 'reason muted', 'data-cause': o.cause.kind }, `Why: ${noResponseReason(o.cause)}`),
      );
    case 'answered': {
      const parts: Array<Node | string | undefined> = [
        h('div', { class: 'muted' }, `Answered by ${o.application.name} over ${o.delivery === 'http' ? 'HTTP' : 'the gateway'} (callback type ${o.callback?.type ?? '?'})`),
      ];
      if (o.choices) {
        parts.push(h('ul', { class: 'answer-choices' }, ...o.choices.map((c) => h('li', {}, `${c.name} → ${String(c.value)}`))));
        if (o.choices.length === 0) parts.push(h('div', { class: 'muted' }, 'No choices.'));
      }
      if (o.original) parts.push(messageBlock(o.original, 'Answer'));
      else if (
        !o.choices &&
        o.callback?.type !== undefined &&
        o.callback.type !== CallbackType.CHANNEL_MESSAGE_WITH_SOURCE &&
        o.callback.type !== CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
      )
        parts.push(h('div', { class: 'muted' }, 'No message: the callback did not post one.'));
      for (const f of o.followups) parts.push(messageBlock(f, 'Follow-up'));
      return box('answered', ...parts);
    }
  }
}
