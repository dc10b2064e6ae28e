/**
 * The invoke form's field for one option, as the client shows it for the
 * option's type: a list for choices, booleans, members, roles and channels
 * (only the channel types the option takes), a file name and size for an
 * attachment, a number field with its bounds, else text. The form reads the
 * values back through `FieldRefs`.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import { ref } from 'lit-html/directives/ref.js';
import type { PickerOption } from '../../emulator/view/picker-types.js';
import type { ViewGuild } from '../../emulator/view/world-types.js';
import { ChannelType, OptionType } from '../../wire/enums.js';
import { DEFAULT_LIMITS } from '../../wire/limits.js';
import { mentionValue } from './command-form-model.js';

const CHANNEL_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(ChannelType).map(([k, v]) => [v, k.toLowerCase().replace(/_/g, ' ')]),
);

export function limitsHint(o: PickerOption): string {
  const parts: string[] = [];
  if (o.min_value !== undefined || o.max_value !== undefined)
    parts.push(`${o.min_value ?? '−∞'} to ${o.max_value ?? '∞'}`);
  if (o.min_length !== undefined || o.max_length !== undefined)
    parts.push(`${o.min_length ?? 0}–${o.max_length ?? DEFAULT_LIMITS.string_option_length_max} characters`);
  if (o.channel_types) parts.push(o.channel_types.map((t) => CHANNEL_NAMES[t] ?? String(t)).join(', '));
  if (o.autocomplete) parts.push('suggestions from the app');
  return parts.join(' · ');
}

export function typeName(type: number): string {
  return (
    Object.entries(OptionType)
      .find(([, v]) => v === type)?.[0]
      .toLowerCase()
      .replace(/_/g, ' ') ?? String(type)
  );
}

/** The inputs the form drew, by option (default name): each field's input, and an attachment's size. */
export class FieldRefs {
  readonly inputs = new Map<string, HTMLInputElement | HTMLSelectElement>();
  readonly sizes = new Map<string, HTMLInputElement>();

  /** A lit `ref` that records the element for `name` (a detached one reports undefined: the next field of that name takes over). */
  input(name: string) {
    return ref((el) => {
      if (el) this.inputs.set(name, el as HTMLInputElement | HTMLSelectElement);
    });
  }

  size(name: string) {
    return ref((el) => {
      if (el) this.sizes.set(name, el as HTMLInputElement);
    });
  }

  clear(): void {
    this.inputs.clear();
    this.sizes.clear();
  }

  /** The value as the line carries it (a file name without its spaces around). */
  read(o: PickerOption): string {
    const value = this.inputs.get(o.defaultName)?.value ?? '';
    return o.type === OptionType.ATTACHMENT ? value.trim() : value;
  }

  /** What the input itself refuses before any rule runs. */
  problem(o: PickerOption): string | undefined {
    const input = this.inputs.get(o.defaultName);
    if (o.type === OptionType.ATTACHMENT)
      return this.sizes.get(o.defaultName)?.validity.valid === false ? 'a size in whole bytes' : undefined;
    // A number field holds '' for text that is no number: say so rather than treat it as empty.
    if (input instanceof HTMLInputElement && input.type === 'number' && input.validity.badInput) return 'not a number';
    return undefined;
  }
}

const memberOptions = (guild: ViewGuild | undefined) =>
  (guild?.members ?? []).map((m) => html`<option value=${mentionValue.user(m.id)}>@${m.username}</option>`);
const roleOptions = (guild: ViewGuild | undefined) =>
  (guild?.roles ?? []).map(
    (r) => html`<option value=${mentionValue.role(r.id)}>${r.name.startsWith('@') ? r.name : `@${r.name}`}</option>`,
  );

function pickList(
  o: PickerOption,
  guild: ViewGuild | undefined,
): { placeholder: string; options: unknown } | undefined {
  if (o.choices && !o.autocomplete)
    return {
      placeholder: 'Choose…',
      options: o.choices.map((c) => html`<option value=${c.defaultName}>${c.name}</option>`),
    };
  switch (o.type) {
    case OptionType.BOOLEAN:
      return {
        placeholder: 'Choose…',
        options: html`<option value="True">True</option><option value="False">False</option>`,
      };
    case OptionType.USER:
      return { placeholder: 'Pick a member…', options: memberOptions(guild) };
    case OptionType.ROLE:
      return { placeholder: 'Pick a role…', options: roleOptions(guild) };
    case OptionType.MENTIONABLE:
      return {
        placeholder: 'Pick a member or role…',
        options: html`<optgroup label="Members">${memberOptions(guild)}</optgroup><optgroup label="Roles">${roleOptions(guild)}</optgroup>`,
      };
    case OptionType.CHANNEL: {
      // The client offers only the channel types the option takes.
      const channels = (guild?.channels ?? []).filter((c) => !o.channel_types || o.channel_types.includes(c.type));
      return {
        placeholder: channels.length ? 'Pick a channel…' : 'No channel of these types',
        options: channels.map((c) => html`<option value=${mentionValue.channel(c.id)}>#${c.name}</option>`),
      };
    }
  }
  return undefined;
}

/** The input the client shows for an option's type; `onAsk` (autocomplete) runs as the user types in it or enters it. */
export function optionInput(
  o: PickerOption,
  guild: ViewGuild | undefined,
  refs: FieldRefs,
  onAsk?: () => void,
): TemplateResult {
  const name = o.defaultName;
  const list = pickList(o, guild);
  if (list)
    return html`<select name=${name} data-option=${name} ${refs.input(name)}><option value="">${list.placeholder}</option>${list.options}</select>`;
  if (o.type === OptionType.ATTACHMENT)
    return html`<span class="attachment"><input type="text" name=${name} data-option=${name} placeholder="file name, e.g. report.pdf" ${refs.input(name)}><input type="number" name="${name}.size" min="0" step="1" value="1024" aria-label="size in bytes" ${refs.size(name)}><span class="muted">bytes</span></span>`;
  if ((o.type === OptionType.INTEGER || o.type === OptionType.NUMBER) && !o.autocomplete)
    return html`<input type="number" name=${name} data-option=${name} step=${o.type === OptionType.INTEGER ? '1' : 'any'} min=${o.min_value ?? nothing} max=${o.max_value ?? nothing} ${refs.input(name)}>`;
  return html`<input type="text" name=${name} data-option=${name} autocomplete="off" minlength=${o.min_length ?? nothing} maxlength=${o.max_length ?? nothing} @input=${onAsk} @focus=${onAsk} ${refs.input(name)}>`;
}

/** One field: the option's name, required mark and type, its input, what it takes, and where its suggestions go. */
export function fieldRow(
  o: PickerOption,
  input: TemplateResult,
  suggestions: TemplateResult | typeof nothing,
  marks: { invalid: boolean; missing: boolean },
): TemplateResult {
  const hint = [o.description, limitsHint(o)].filter(Boolean).join(' · ');
  return html`<label class="field${marks.invalid ? ' invalid' : ''}${marks.missing ? ' missing' : ''}" data-field=${o.defaultName}><span class="field-name">${o.name}${o.required ? html`<span class="required" title="required">*</span>` : nothing}<span class="chip">${typeName(o.type)}</span></span>${input}<span class="hint muted">${hint}</span>${suggestions}</label>`;
}
