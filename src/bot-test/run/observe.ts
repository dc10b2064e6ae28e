/**
 * The emulator's messages and modals reduced to what the matchers read
 * (model.ts's ObservedMessage and ObservedModal): content, embeds, the
 * buttons and selects in order, whether only the invoker sees it.
 */
import { allComponents } from '../../wire/interactions/component-use.js';
import { EPHEMERAL } from '../../wire/interactions/callback.js';
import { ComponentType, SELECT_COMPONENT_TYPES } from '../../wire/enums.js';
import type { ObservedMessage, ObservedModal } from '../model.js';

type Obj = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function interactive(c: Obj): boolean {
  return c.type === ComponentType.BUTTON || SELECT_COMPONENT_TYPES.includes(c.type as number);
}

/** `reactions`: the stored message's emoji, in order (the message object does not hold them). */
export function observedMessage(m: Obj, reactions: string[] = []): ObservedMessage {
  const components = allComponents(m.components)
    .filter(interactive)
    .map((c) => ({
      type: c.type as number,
      ...(str(c.custom_id) !== undefined ? { customId: str(c.custom_id)! } : {}),
      ...(str(c.label) !== undefined ? { label: str(c.label)! } : {}),
      ...(str(c.placeholder) !== undefined ? { placeholder: str(c.placeholder)! } : {}),
      ...(c.disabled === true ? { disabled: true } : {}),
      ...(str(c.url) !== undefined ? { url: str(c.url)! } : {}),
    }));
  return {
    id: str(m.id) ?? '',
    content: str(m.content) ?? '',
    embeds: Array.isArray(m.embeds) ? m.embeds.filter(isObj) : [],
    components,
    ephemeral: ((typeof m.flags === 'number' ? m.flags : 0) & EPHEMERAL) !== 0,
    reactions,
  };
}

/** A modal's text inputs, in rows (older) or labels (newer), in order. */
export function observedModal(m: Obj): ObservedModal {
  const fields: ObservedModal['fields'] = [];
  for (const top of Array.isArray(m.components) ? m.components.filter(isObj) : []) {
    const label = str(top.label);
    for (const c of allComponents([top])) {
      if (c.type !== ComponentType.TEXT_INPUT) continue;
      fields.push({
        customId: str(c.custom_id) ?? '',
        label: str(c.label) ?? label ?? '',
        style: (c.style as number) ?? 1,
        required: c.required !== false,
      });
    }
  }
  return { title: str(m.title) ?? '', customId: str(m.custom_id) ?? '', fields };
}
