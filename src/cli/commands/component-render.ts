/**
 * What a member sees after a click, a select choice or a modal submit, as
 * text: the updated or new message, the form that opened, or why nothing was
 * sent. Pure: the outcome in, lines out.
 */
import type { ComponentOutcome } from '../../emulator/index.js';
import { CallbackType } from '../../wire/interactions/callback.js';
import { noResponseReason } from '../../wire/interactions/delivery.js';
import { ButtonStyle, ComponentType, MessageFlag, SELECT_COMPONENT_TYPES } from '../../wire/enums.js';
import { allComponents } from '../../wire/interactions/component-use.js';
import { messageText, userOf } from './invoke-render.js';
import { modalText } from './modal-text.js';
import type { Obj } from '../../wire/rules/values.js';

type Answered = Extract<ComponentOutcome, { outcome: 'answered' }>;

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

function answeredLines(o: Answered): string[] {
  const app = o.application.name;
  const cb = o.callback?.type;
  if (o.modal) return [`${app} opened a form:`, indent(modalText(o.modal, userOf(o.interaction)))];
  const lines: string[] = [];
  if (cb === CallbackType.UPDATE_MESSAGE || cb === CallbackType.DEFERRED_UPDATE_MESSAGE) {
    const edited = o.received.some((r) => r.kind === 'edit-original');
    if (cb === CallbackType.DEFERRED_UPDATE_MESSAGE && !edited)
      lines.push(`${app} acknowledged (deferred update); the message is unchanged so far`);
    else lines.push(`${app} updated the message:`);
    if (o.message) lines.push(indent(messageText(o.message)));
  } else if (o.original) {
    const loading = ((o.original.flags as number) ?? 0) & MessageFlag.LOADING;
    lines.push(loading ? `${app} is thinking… (deferred; no edit arrived in time)` : `${app} answered:`);
    if (!loading) lines.push(indent(messageText(o.original)));
  } else lines.push(`${app} answered (callback type ${cb})`);
  for (const f of o.followups) lines.push('follow-up:', indent(messageText(f as Obj)));
  return lines;
}

export function renderComponentOutcome(o: ComponentOutcome): string {
  switch (o.outcome) {
    case 'invalid':
      return `error: ${o.message}\n`;
    case 'refused':
      return `Nothing was sent: ${o.refusal.message}\n`;
    case 'no-response':
      return `The application did not respond: ${noResponseReason(o.cause)}\n`;
    case 'answered':
      return `${answeredLines(o).join('\n')}\n`;
  }
}

/** `--json`: the outcome, the interaction's token masked (a credential for 15 minutes). */
export function componentJson(o: ComponentOutcome): string {
  const copy = JSON.parse(JSON.stringify(o)) as Obj;
  const interaction = copy.interaction as Obj | undefined;
  if (interaction && typeof interaction.token === 'string') interaction.token = '[redacted]';
  return `${JSON.stringify(copy, null, 2)}\n`;
}

/** Said on stderr after a message with buttons or selects a member can use: its id and the command that uses them (text output hides ids). */
export function useHint(m: Obj | undefined, userId: string | undefined): string | undefined {
  if (!m || typeof m.id !== 'string') return undefined;
  const usable = allComponents(m.components).filter((c) => c.disabled !== true);
  const button = usable.find(
    (c) => c.type === ComponentType.BUTTON && c.style !== ButtonStyle.LINK && c.style !== ButtonStyle.PREMIUM,
  );
  const menu = usable.find((c) => SELECT_COMPONENT_TYPES.includes(c.type as number));
  const user = userId !== undefined ? ` --user ${userId}` : '';
  const quote = (v: unknown) => (/^[\w-]+$/.test(String(v)) ? String(v) : `'${String(v).replace(/'/g, "'\\''")}'`);
  const ways = [
    ...(button ? [`cmdsync click ${m.id} ${quote(button.label ?? button.custom_id)}${user}`] : []),
    ...(menu ? [`cmdsync select ${m.id} ${quote(menu.placeholder ?? menu.custom_id)} VALUE…${user}`] : []),
  ];
  return ways.length > 0 ? `hint: message ${m.id} has components: ${ways.join(', or ')}\n` : undefined;
}
