/**
 * What a select offers the member, pure: a string select its options; a
 * user, role, mentionable or channel select the guild's members, roles and
 * channels (those of the types it allows), each preselected as the
 * component's defaults say; and whether a choice may be sent (the wire's
 * min/max rule, the one the emulator applies).
 */
import type { ViewGuild } from '../../emulator/view/world-types.js';
import { ComponentType } from '../../wire/enums.js';
import { countRefusal, entityKinds, valueBounds } from '../../wire/interactions/component-use.js';
import { plainEmoji } from '../render/text.js';
import type { Obj } from '../../wire/rules/values.js';

export interface SelectChoice {
  /** What is sent: the option's value, or the entity's id. */
  value: string;
  label: string;
  description?: string;
  kind: 'option' | 'user' | 'role' | 'channel';
  preselected: boolean;
}

const objs = (v: unknown): Obj[] =>
  Array.isArray(v) ? v.filter((x): x is Obj => typeof x === 'object' && x !== null && !Array.isArray(x)) : [];

function optionChoices(c: Obj): SelectChoice[] {
  return objs(c.options).map((o) => ({
    value: String(o.value),
    label: plainEmoji(String(o.label ?? o.value)),
    ...(typeof o.description === 'string' && o.description !== '' ? { description: plainEmoji(o.description) } : {}),
    kind: 'option',
    preselected: o.default === true,
  }));
}

function entityChoices(c: Obj, guild: ViewGuild | undefined): SelectChoice[] {
  if (!guild) return [];
  const defaults = new Set(objs(c.default_values).map((d) => String(d.id)));
  const kinds = entityKinds(c.type as number);
  const types = Array.isArray(c.channel_types) ? (c.channel_types as unknown[]) : undefined;
  const out: SelectChoice[] = [];
  if (kinds.includes('user'))
    for (const m of guild.members)
      out.push({ value: m.id, label: m.username, kind: 'user', preselected: defaults.has(m.id) });
  // @everyone (the role with the guild's id) is no pick.
  if (kinds.includes('role'))
    for (const r of guild.roles)
      if (r.id !== guild.id)
        out.push({ value: r.id, label: `@${r.name}`, kind: 'role', preselected: defaults.has(r.id) });
  if (kinds.includes('channel'))
    for (const ch of guild.channels)
      if (!types || types.includes(ch.type))
        out.push({ value: ch.id, label: `#${ch.name}`, kind: 'channel', preselected: defaults.has(ch.id) });
  return out;
}

export function selectChoices(c: Obj, guild: ViewGuild | undefined): SelectChoice[] {
  return c.type === ComponentType.STRING_SELECT ? optionChoices(c) : entityChoices(c, guild);
}

/** One pick sends at once (the client closes the menu); more than one waits for the member to confirm. */
export function picksOne(c: Obj): boolean {
  return valueBounds(c).max === 1;
}

/** Why the chosen values may not be sent yet (too few, too many), or undefined. */
export function choiceProblem(c: Obj, chosen: readonly string[]): string | undefined {
  return countRefusal(c, chosen.length)?.message;
}

/** The member may add no more once max_values are chosen (the client greys the rest out). */
export function choiceFull(c: Obj, chosen: readonly string[]): boolean {
  return chosen.length >= valueBounds(c).max;
}
