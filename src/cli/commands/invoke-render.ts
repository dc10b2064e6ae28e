/**
 * An invocation's outcome as the user would see it in the client, as text.
 * Pure: the outcome in, lines out.
 */
import type { InvokeOutcome } from '../../emulator/index.js';
import { CallbackType, TOKEN_LIFETIME_MS } from '../../wire/interactions/callback.js';
import { noResponseReason } from '../../wire/interactions/delivery.js';
import { ComponentType, MessageFlag, SELECT_COMPONENT_TYPES } from '../../wire/enums.js';
import { modalText } from './modal-text.js';
import type { Obj } from '../../wire/rules/values.js';

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/** Text display components of a components-v2 message, and the labels of buttons and selects. */
function componentLines(components: unknown, out: string[]): void {
  if (!Array.isArray(components)) return;
  for (const c of components as Obj[]) {
    if (c.type === ComponentType.TEXT_DISPLAY && typeof c.content === 'string') out.push(c.content);
    else if (c.type === ComponentType.BUTTON) out.push(`[button${typeof c.label === 'string' ? `: ${c.label}` : ''}]`);
    else if (typeof c.type === 'number' && SELECT_COMPONENT_TYPES.includes(c.type))
      out.push(`[select${typeof c.placeholder === 'string' ? `: ${c.placeholder}` : ''}]`);
    componentLines(c.components, out);
    if (c.accessory) componentLines([c.accessory], out);
  }
}

/** The member an interaction came from (for the hint on submitting their form). */
export function userOf(interaction: Obj): string | undefined {
  const user = ((interaction.member as Obj | undefined)?.user ?? interaction.user) as Obj | undefined;
  return typeof user?.id === 'string' ? user.id : undefined;
}

export function messageText(m: Obj): string {
  const lines: string[] = [];
  if (typeof m.content === 'string' && m.content !== '') lines.push(m.content);
  for (const e of (m.embeds as Obj[] | undefined) ?? []) {
    const parts = [e.title, e.description].filter((x): x is string => typeof x === 'string');
    lines.push(`[embed] ${parts.join(' — ')}`.trimEnd());
    for (const f of (e.fields as Obj[] | undefined) ?? []) lines.push(`  ${String(f.name)}: ${String(f.value)}`);
  }
  componentLines(m.components, lines);
  for (const a of (m.attachments as Obj[] | undefined) ?? []) lines.push(`[file] ${String(a.filename)}`);
  const poll = m.poll as Obj | undefined;
  if (poll)
    lines.push(
      `[poll] ${String((poll.question as Obj | undefined)?.text ?? '')}: ${((poll.answers as Obj[]) ?? []).map((a) => String((a.poll_media as Obj | undefined)?.text ?? '')).join(' / ')}`,
    );
  if (lines.length === 0) lines.push('(empty message)');
  if (((m.flags as number) ?? 0) & MessageFlag.EPHEMERAL) lines.push('(only you can see this)');
  return lines.join('\n');
}

export function renderOutcome(o: InvokeOutcome, appName: string): string {
  switch (o.outcome) {
    case 'invalid':
      return o.pointer ? `${o.pointer}\n` : `error: ${o.message}\n`;
    case 'refused':
      return `${o.refusal.message}\n  why: ${o.refusal.reason}\n`;
    case 'launched':
      return `The service launched ${o.application.name}'s Activity (entry point handler 2: the bot is not asked) and posted:\n${indent(messageText(o.message))}\n`;
    case 'no-response':
      return `The application did not respond: ${noResponseReason(o.cause)}\n`;
    case 'answered': {
      const out: string[] = [];
      const cb = o.callback?.type;
      if (o.choices) {
        out.push(
          o.choices.length === 0
            ? `${appName} offered no choices`
            : `${appName} offered ${o.choices.length} choice${o.choices.length > 1 ? 's' : ''}:`,
        );
        for (const c of o.choices as Obj[])
          out.push(`  ${String(c.name)}${c.value !== c.name ? `  (${JSON.stringify(c.value)})` : ''}`);
      } else if (cb === 9) {
        const d = (o.callback?.data ?? {}) as Obj;
        out.push(`${appName} opened a form:`);
        out.push(indent(modalText(d, userOf(o.interaction))));
      } else if (cb === 12) out.push(`${appName} launched its Activity`);
      else if (cb === 10) out.push(`${appName} asked the user to upgrade (premium required)`);
      else if (o.original) {
        const loading = ((o.original.flags as number) ?? 0) & MessageFlag.LOADING;
        if (cb === 5)
          out.push(
            loading
              ? `${appName} is thinking… (deferred; no edit arrived in time)`
              : `${appName} deferred, then answered:`,
          );
        else out.push(`${appName} answered:`);
        if (!loading) out.push(indent(messageText(o.original)));
      } else if (cb === 5) out.push(`${appName} deferred; the answer was deleted`);
      else out.push(`${appName} answered (callback type ${cb})`);
      for (const f of o.followups) {
        out.push('follow-up:');
        out.push(indent(messageText(f)));
      }
      return `${out.join('\n')}\n`;
    }
  }
}

/**
 * Said after an answer when invoke did not wait (`--wait`), and only when the bot is evidently not done: it
 * deferred, or it has sent follow-ups already. A plain answer gets no hint: said after every invoke, it was noise.
 * One line, so it reads as one.
 */
export function followupHint(o: InvokeOutcome): string | undefined {
  if (o.outcome !== 'answered' || o.choices) return undefined;
  const n = o.followups.length;
  if (n === 0 && o.callback?.type !== CallbackType.DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE) return undefined;
  const minutes = TOKEN_LIFETIME_MS / 60_000;
  return `hint: ${o.application.name} may send more for ${minutes} minutes; --wait SECONDS shows them\n`;
}

/** `--json`: the interaction sent and everything received, the token masked (it is a credential for 15 minutes). */
export function outcomeJson(o: InvokeOutcome): string {
  const copy = JSON.parse(JSON.stringify(o)) as Obj;
  const interaction = copy.interaction as Obj | undefined;
  if (interaction && typeof interaction.token === 'string') interaction.token = '[redacted]';
  return `${JSON.stringify(copy, null, 2)}\n`;
}
