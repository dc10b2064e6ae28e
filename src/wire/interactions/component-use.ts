/**
 * A member's use of a message component as the client allows it (facts
 * §1.3, §1.4, §2.1): the button or select named by custom_id or by what the
 * member sees (label, placeholder), and the refusals the client applies
 * before anything is sent (disabled, a link or premium button, a value not
 * offered, too few or too many values). Pure.
 */
import { ButtonStyle, ComponentType, SELECT_COMPONENT_TYPES } from '../enums.js';
import type { Obj } from '../rules/values.js';

export type ComponentRefusalKind =
  | 'unknown-message'
  | 'not-interactive'
  | 'unknown-component'
  | 'ambiguous-component'
  | 'disabled'
  | 'link-button'
  | 'premium-button'
  | 'unknown-value'
  | 'value-count'
  | 'no-modal'
  | 'modal-field';

/** Why the client sends nothing: typed, with what the member is told. */
export interface ComponentRefusal {
  kind: ComponentRefusalKind;
  message: string;
}

export const refuse = (kind: ComponentRefusalKind, message: string): ComponentRefusal => ({ kind, message });

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every component of a message, in order: rows' children, containers' and sections' contents, section accessories. */
export function allComponents(components: unknown): Obj[] {
  const out: Obj[] = [];
  const walk = (list: unknown) => {
    if (!Array.isArray(list)) return;
    for (const c of list) {
      if (!isObj(c)) continue;
      out.push(c);
      walk(c.components);
      if (isObj(c.accessory)) walk([c.accessory]);
    }
  };
  walk(components);
  return out;
}

export type ComponentKind = 'button' | 'select';

const kindOf = (c: Obj): ComponentKind | undefined =>
  c.type === ComponentType.BUTTON ? 'button' : SELECT_COMPONENT_TYPES.includes(c.type as number) ? 'select' : undefined;

/**
 * The button or select `ref` names on a message: its custom_id, else its
 * label (button) or placeholder (select) when exactly one matches.
 */
export function findComponent(components: unknown, kind: ComponentKind, ref: string): Obj | ComponentRefusal {
  const mine = allComponents(components).filter((c) => kindOf(c) === kind);
  const byId = mine.find((c) => c.custom_id === ref);
  if (byId) return byId;
  const seen = kind === 'button' ? 'label' : 'placeholder';
  const byText = mine.filter((c) => c[seen] === ref);
  if (byText.length === 1) return byText[0]!;
  if (byText.length > 1)
    return refuse(
      'ambiguous-component',
      `${byText.length} ${kind}s on the message have the ${seen} "${ref}": name one by its custom_id (${byText.map((c) => c.custom_id ?? c.url).join(', ')})`,
    );
  const names = mine.map(
    (c) => `"${String(c.custom_id ?? c.url ?? '?')}"${typeof c[seen] === 'string' ? ` (${String(c[seen])})` : ''}`,
  );
  return refuse(
    'unknown-component',
    `no ${kind} "${ref}" on the message (it has ${names.length === 0 ? `no ${kind}` : names.join(', ')})`,
  );
}

/** What the client refuses before sending: a disabled component, a link or premium button. */
export function unusable(c: Obj): ComponentRefusal | undefined {
  const name = String(c.label ?? c.placeholder ?? c.custom_id ?? c.url ?? 'the component');
  if (c.disabled === true) return refuse('disabled', `"${name}" is disabled`);
  if (c.type === ComponentType.BUTTON && c.style === ButtonStyle.LINK)
    return refuse(
      'link-button',
      `"${name}" is a link button: it opens ${String(c.url)} and sends the application nothing`,
    );
  if (c.type === ComponentType.BUTTON && c.style === ButtonStyle.PREMIUM)
    return refuse(
      'premium-button',
      `"${name}" is a premium button: it opens the store and sends the application nothing`,
    );
  return undefined;
}

/** A select's bounds (facts §1.4: both default to 1). */
export function valueBounds(c: Obj): { min: number; max: number } {
  return {
    min: typeof c.min_values === 'number' ? c.min_values : 1,
    max: typeof c.max_values === 'number' ? c.max_values : 1,
  };
}

/** The count of values the member chose, against min_values/max_values. */
export function countRefusal(c: Obj, count: number): ComponentRefusal | undefined {
  const { min, max } = valueBounds(c);
  if (count < min || count > max) {
    const range = min === max ? `exactly ${min}` : `${min} to ${max}`;
    return refuse(
      'value-count',
      `"${String(c.placeholder ?? c.custom_id)}" takes ${range} value${max === 1 ? '' : 's'}, not ${count}`,
    );
  }
  return undefined;
}

/** A string select's chosen options, each named by value or label, as the values sent; or the refusal. */
export function stringSelectValues(c: Obj, chosen: readonly string[]): string[] | ComponentRefusal {
  const options = (Array.isArray(c.options) ? c.options : []).filter(isObj);
  const values: string[] = [];
  for (const want of chosen) {
    const opt = options.find((o) => o.value === want) ?? options.find((o) => o.label === want);
    if (!opt)
      return refuse(
        'unknown-value',
        `"${want}" is not an option of "${String(c.placeholder ?? c.custom_id)}" (options: ${options.map((o) => String(o.value)).join(', ')})`,
      );
    values.push(String(opt.value));
  }
  return countRefusal(c, values.length) ?? values;
}

/** What an entity select lets the member pick (facts §1.4, §2.1). */
export type EntityKind = 'user' | 'role' | 'channel';

export function entityKinds(selectType: number): EntityKind[] {
  if (selectType === ComponentType.USER_SELECT) return ['user'];
  if (selectType === ComponentType.ROLE_SELECT) return ['role'];
  if (selectType === ComponentType.MENTIONABLE_SELECT) return ['user', 'role'];
  if (selectType === ComponentType.CHANNEL_SELECT) return ['channel'];
  return [];
}

/** The MESSAGE_COMPONENT interaction's `data` (facts §2.1); `resolved` for entity selects. */
export function componentData(c: Obj, values: readonly string[] | undefined, resolved: Obj | undefined): Obj {
  return {
    component_type: c.type,
    custom_id: c.custom_id,
    ...(typeof c.id === 'number' ? { id: c.id } : {}),
    ...(values !== undefined ? { values: [...values] } : {}),
    resolved,
  };
}

/** What the place knows of ids, to check an entity select's picks. */
export interface EntityLookup {
  isUser(id: string): boolean;
  isRole(id: string): boolean;
  /** The channel's type, undefined when there is no such channel here. */
  channelType(id: string): number | undefined;
}

/** An entity select's picks sorted into users, roles and channels, each checked to exist (and a channel to be of an offered type); or the refusal. */
export function entityValues(
  c: Obj,
  chosen: readonly string[],
  lookup: EntityLookup,
): { users: string[]; roles: string[]; channels: string[] } | ComponentRefusal {
  const kinds = entityKinds(c.type as number);
  const out = { users: [] as string[], roles: [] as string[], channels: [] as string[] };
  const name = String(c.placeholder ?? c.custom_id);
  for (const id of chosen) {
    if (kinds.includes('user') && lookup.isUser(id)) out.users.push(id);
    else if (kinds.includes('role') && lookup.isRole(id)) out.roles.push(id);
    else if (kinds.includes('channel') && lookup.channelType(id) !== undefined) {
      const types = Array.isArray(c.channel_types) ? (c.channel_types as number[]) : undefined;
      if (types && !types.includes(lookup.channelType(id)!))
        return refuse('unknown-value', `channel ${id} is not of a type "${name}" offers (${types.join(', ')})`);
      out.channels.push(id);
    } else
      return refuse(
        'unknown-value',
        `"${name}" offers ${kinds.map((k) => `${k}s`).join(' and ')}: there is no ${kinds.join(' or ')} ${id} here`,
      );
  }
  return countRefusal(c, chosen.length) ?? out;
}
