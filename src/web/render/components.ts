/**
 * Message components v1 as the client shows them: action rows of buttons
 * (every style: link buttons as links, premium buttons with their SKU) and
 * selects (string, user, role, mentionable, channel) with their placeholder.
 * Each interactive one carries its custom_id (`data-custom-id`): the channel
 * view makes them live for the member it acts as (views/component-live.ts).
 */
import { h } from '../dom.js';
import { plainEmoji, safeHref } from './text.js';
import { ComponentType } from '../../wire/enums.js';
import type { Obj } from '../../wire/rules/values.js';

const BUTTON_STYLES: Record<number, 'primary' | 'secondary' | 'success' | 'destructive'> = {
  1: 'primary',
  2: 'secondary',
  3: 'success',
  4: 'destructive',
  5: 'secondary',
  6: 'primary',
};
const SELECT_PLACEHOLDER: Record<number, string> = {
  3: 'Make a selection',
  5: 'Select a user',
  6: 'Select a role',
  7: 'Select a user or role',
  8: 'Select a channel',
};
export const SELECT_TYPES = new Set(Object.keys(SELECT_PLACEHOLDER).map(Number));

/** A component's emoji as text: unicode as is, a custom one as `:name:` (its image lives on the CDN). */
function emojiText(emoji: unknown): string {
  if (typeof emoji !== 'object' || emoji === null) return '';
  const e = emoji as { id?: unknown; name?: unknown };
  if (typeof e.name !== 'string' || e.name === '') return '';
  return e.id ? `:${e.name}: ` : `${e.name} `;
}

export function renderButton(b: Obj): HTMLElement {
  const style = typeof b.style === 'number' ? b.style : 1;
  const url = style === 5 ? safeHref(b.url) : undefined;
  const premium = style === 6;
  const label = premium ? 'Premium' : plainEmoji(String(b.label ?? ''));
  const el = h(
    'discord-button',
    {
      type: BUTTON_STYLES[style] ?? 'secondary',
      url,
      disabled: b.disabled === true ? '' : undefined,
      class: `button style-${style}${premium ? ' premium' : ''}`,
      title: premium
        ? `Premium: SKU ${String(b.sku_id ?? '?')}`
        : typeof b.custom_id === 'string'
          ? `custom_id: ${b.custom_id}`
          : url,
      'data-style': String(style),
      'data-custom-id': typeof b.custom_id === 'string' ? b.custom_id : undefined,
    },
    `${emojiText(b.emoji)}${label}`,
  );
  return el;
}

export function renderSelect(s: Obj): HTMLElement {
  const type = Number(s.type);
  return h('discord-string-select-menu', {
    placeholder: plainEmoji(
      typeof s.placeholder === 'string' && s.placeholder !== ''
        ? s.placeholder
        : (SELECT_PLACEHOLDER[type] ?? 'Make a selection'),
    ),
    disabled: s.disabled === true ? '' : undefined,
    class: `select select-${type}`,
    title: typeof s.custom_id === 'string' ? `custom_id: ${s.custom_id}` : undefined,
    'data-custom-id': typeof s.custom_id === 'string' ? s.custom_id : undefined,
  });
}

/** One action row: buttons go straight into discord-action-row (the element insists), a select beside them in its own. */
export function renderActionRow(row: Obj, slot?: string): HTMLElement {
  const children = Array.isArray(row.components)
    ? row.components.filter((c): c is Obj => typeof c === 'object' && c !== null)
    : [];
  const el = h('discord-action-row', { slot, class: 'action-row' });
  for (const c of children) {
    if (c.type === ComponentType.BUTTON) el.append(renderButton(c));
    else if (SELECT_TYPES.has(Number(c.type))) el.append(renderSelect(c));
    else el.append(h('span', { class: 'component-unknown' }, `component type ${String(c.type)}`));
  }
  return el;
}
