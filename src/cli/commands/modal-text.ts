/**
 * A modal as the member sees it: its title and fields, each with what the
 * client will check (required, lengths) and its pre-filled text. Pure.
 */
import { modalFields } from '../../wire/interactions/component-modal.js';
import { ComponentType, TextInputStyle } from '../../wire/enums.js';
import type { Obj } from '../../wire/rules/values.js';

function fieldLine(input: Obj, label: string | undefined): string {
  const id = String(input.custom_id);
  const notes: string[] = [];
  if (input.type === ComponentType.TEXT_INPUT)
    notes.push(input.style === TextInputStyle.PARAGRAPH ? 'paragraph' : 'one line');
  else notes.push(`component type ${String(input.type)}`);
  notes.push(input.required === false ? 'optional' : 'required');
  const min = typeof input.min_length === 'number' ? input.min_length : undefined;
  const max = typeof input.max_length === 'number' ? input.max_length : undefined;
  if (min !== undefined || max !== undefined) notes.push(`${min ?? 0}–${max ?? 4000} characters`);
  if (typeof input.value === 'string' && input.value !== '') notes.push(`pre-filled: ${JSON.stringify(input.value)}`);
  return `  ${label ?? id}${label !== undefined ? ` (${id})` : ''}: ${notes.join(', ')}`;
}

/** `Feedback` and one line per field; `user`: whose form it is, for the hint on submitting it. */
export function modalText(modal: Obj, user?: string): string {
  const lines = [`[form] ${String(modal.title ?? '')}`];
  for (const f of modalFields(modal)) lines.push(fieldLine(f.input, f.label));
  if (user !== undefined) lines.push(`submit it with: cmdsync submit-modal --user ${user} FIELD=VALUE…`);
  return lines.join('\n');
}
