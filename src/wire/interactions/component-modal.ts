/**
 * Submitting a modal as the client does (facts §1.5, §3): the fields the
 * member fills, named by custom_id or label, checked as the client checks
 * them (required, min/max length), and the MODAL_SUBMIT interaction's data
 * mirroring the modal's top level. Pure.
 */
import { COMPONENT_LIMITS } from '../components/catalog.js';
import { ComponentType, TextInputStyle } from '../enums.js';
import { refuse, type ComponentRefusal } from './component-use.js';
import type { Obj } from '../rules/values.js';

/** The Label component of modals (facts §1.6). */
export const LABEL_COMPONENT_TYPE = 18;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One field of a modal: the input and the label the member reads above it. */
export interface ModalField {
  input: Obj;
  label: string | undefined;
}

/** The modal's interactive fields, in order: legacy rows holding a text input, and Labels wrapping a child. */
export function modalFields(modal: Obj): ModalField[] {
  const out: ModalField[] = [];
  for (const top of Array.isArray(modal.components) ? modal.components : []) {
    if (!isObj(top)) continue;
    if (top.type === LABEL_COMPONENT_TYPE && isObj(top.component))
      out.push({ input: top.component, label: typeof top.label === 'string' ? top.label : undefined });
    if (top.type === ComponentType.ACTION_ROW && Array.isArray(top.components))
      for (const c of top.components)
        if (isObj(c)) out.push({ input: c, label: typeof c.label === 'string' ? c.label : undefined });
  }
  return out;
}

const fieldName = (f: ModalField) => f.label ?? String(f.input.custom_id);

/** The text each field is submitted with: what the member typed (by custom_id or label), else the pre-filled value; or the client's refusal. */
export function modalValues(
  modal: Obj,
  given: Readonly<Record<string, string>>,
): Map<string, string> | ComponentRefusal {
  const fields = modalFields(modal);
  const values = new Map<string, string>();
  for (const key of Object.keys(given)) {
    const f = fields.find((x) => x.input.custom_id === key) ?? fields.find((x) => x.label === key);
    if (!f)
      return refuse(
        'modal-field',
        `the form "${String(modal.title)}" has no field "${key}" (fields: ${fields.map((x) => fieldName(x)).join(', ')})`,
      );
    if (f.input.type !== ComponentType.TEXT_INPUT)
      return refuse('modal-field', `"${fieldName(f)}" is not a text input: the emulator fills only text inputs`);
    values.set(String(f.input.custom_id), given[key]!);
  }
  for (const f of fields) {
    const id = String(f.input.custom_id);
    if (f.input.type !== ComponentType.TEXT_INPUT) {
      if (f.input.required !== false)
        return refuse(
          'modal-field',
          `"${fieldName(f)}" is required and is not a text input: the emulator fills only text inputs`,
        );
      continue;
    }
    const text = values.get(id) ?? (typeof f.input.value === 'string' ? f.input.value : '');
    values.set(id, text);
    const problem = textInputProblem(f.input, text);
    if (problem) return refuse('modal-field', `"${fieldName(f)}" ${problem}`);
  }
  return values;
}

/** What the client lets a member type in a text input (facts §1.5): required unless `required: false`, lengths 0 to the service's maximum by default. */
export function textInputBounds(input: Obj): { required: boolean; min: number; max: number } {
  return {
    required: input.required !== false,
    min: typeof input.min_length === 'number' ? input.min_length : 0,
    max: typeof input.max_length === 'number' ? input.max_length : COMPONENT_LIMITS.text_input_length_max,
  };
}

/** The client's checks of one text input's text, as the member is told them (`is required`); undefined when it may be sent. */
export function textInputProblem(input: Obj, text: string): string | undefined {
  const { required, min, max } = textInputBounds(input);
  if (text === '') return required ? 'is required' : undefined;
  if (text.length < min) return `needs at least ${min} characters (got ${text.length})`;
  if (text.length > max) return `takes at most ${max} characters (got ${text.length})`;
  if (input.style !== TextInputStyle.PARAGRAPH && text.includes('\n')) return 'is a single line (short style)';
  return undefined;
}

/** A submitted child: its type, id and custom_id, with what was entered (facts §3.2: `type`, not `component_type`). */
function submitted(c: Obj, values: ReadonlyMap<string, string>): Obj {
  const base: Obj = { type: c.type, ...(typeof c.id === 'number' ? { id: c.id } : {}), custom_id: c.custom_id };
  return c.type === ComponentType.TEXT_INPUT
    ? { ...base, value: values.get(String(c.custom_id)) ?? '' }
    : { ...base, values: [] };
}

/** The MODAL_SUBMIT interaction's `data` (facts §3.2): the modal's top level, in order, with the values entered. */
export function modalSubmitData(modal: Obj, values: ReadonlyMap<string, string>): Obj {
  const components = (Array.isArray(modal.components) ? modal.components : []).filter(isObj).map((top) => {
    const id = typeof top.id === 'number' ? { id: top.id } : {};
    if (top.type === LABEL_COMPONENT_TYPE && isObj(top.component))
      return { type: top.type, ...id, component: submitted(top.component, values) };
    if (top.type === ComponentType.ACTION_ROW)
      return {
        type: top.type,
        ...id,
        components: (Array.isArray(top.components) ? top.components : [])
          .filter(isObj)
          .map((c) => submitted(c, values)),
      };
    return { type: top.type, ...id };
  });
  return { custom_id: modal.custom_id, components };
}
