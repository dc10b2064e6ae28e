/** Select menu rules (facts §1.4, §4.1): custom_id, placeholder, value counts, options, default values. */
import { ChannelType, ComponentType } from '../enums.js';
import { ApiErrors, problem, type Path } from '../problem.js';
import { checkBoolean, checkEnumList, describeValue, has, isObject, type Obj } from '../rules/values.js';
import { COMPONENT_LIMITS, SELECT_DEFAULT_VALUE_TYPES } from './catalog.js';
import { ComponentErrors } from './errors.js';
import { checkCount, checkCustomId, checkEmoji, checkInteger, checkMaxText, type Walk } from './walk.js';

const L = COMPONENT_LIMITS;

/** min_values and max_values within their ranges and in order; returns the effective pair (defaults 1 and 1). */
export function checkValueCounts(
  w: Walk,
  c: Obj,
  path: Path,
  range: { min: number; max: number },
  defaultMax = 1,
): { min: number; max: number } {
  const minOk = checkInteger(
    w.out,
    c.min_values,
    [...path, 'min_values'],
    'component-values',
    'min_values',
    range.min,
    range.max,
  );
  const maxOk = checkInteger(
    w.out,
    c.max_values,
    [...path, 'max_values'],
    'component-values',
    'max_values',
    Math.max(1, range.min),
    range.max,
  );
  const min = minOk ? (c.min_values as number) : 1;
  const max = maxOk ? (c.max_values as number) : defaultMax;
  if ((minOk || maxOk) && min > max) {
    w.out.push(
      problem(
        'component-values',
        [...path, 'min_values'],
        `min_values (${min}) is more than max_values (${max}).`,
        ComponentErrors.minAboveMax,
      ),
    );
  }
  return { min, max };
}

/**
 * In a modal, `required` (default true) and `disabled` is refused; in a
 * message `required` is ignored and `disabled` is a boolean (§1.4, §3.1).
 */
export function checkRequiredAndDisabled(w: Walk, c: Obj, path: Path, minValues: unknown): void {
  if (w.surface === 'message') {
    checkBoolean(w.out, c.disabled, [...path, 'disabled'], 'component-disabled', 'disabled');
    return;
  }
  if (has(c, 'disabled'))
    w.out.push(
      problem(
        'component-disabled',
        [...path, 'disabled'],
        'A component in a modal cannot be disabled.',
        ComponentErrors.disabledInModal,
      ),
    );
  checkBoolean(w.out, c.required, [...path, 'required'], 'component-required', 'required');
  if (c.required !== false && minValues === 0) {
    w.out.push(
      problem(
        'component-values',
        [...path, 'min_values'],
        'A required component needs min_values of at least 1.',
        ComponentErrors.minValuesRequired,
      ),
    );
  }
}

/** Options of a string select, a radio group or a checkbox group: label and value 1-100, unique values. */
export function checkOptions(
  w: Walk,
  list: readonly unknown[],
  path: Path,
  maxDefaults: number | undefined,
  emoji: boolean,
): void {
  const values = new Set<string>();
  let defaults = 0;
  list.forEach((o, i) => {
    const at = [...path, i];
    if (!isObject(o)) {
      w.out.push(
        problem('component-option', at, `An option must be a mapping, not ${describeValue(o)}.`, ApiErrors.object()),
      );
      return;
    }
    checkMaxText(w.out, o.label, [...at, 'label'], 'An option label', L.option_text_max, true);
    const value = checkMaxText(w.out, o.value, [...at, 'value'], 'An option value', L.option_text_max, true);
    checkMaxText(w.out, o.description, [...at, 'description'], 'An option description', L.option_text_max);
    if (emoji) checkEmoji(w.out, o.emoji, at);
    checkBoolean(w.out, o.default, [...at, 'default'], 'component-option', 'default');
    if (o.default === true) defaults++;
    if (value === undefined) return;
    if (values.has(value))
      w.out.push(
        problem(
          'component-option',
          [...at, 'value'],
          `Option value ${JSON.stringify(value)} is listed twice.`,
          ComponentErrors.optionValueDuplicated,
        ),
      );
    values.add(value);
  });
  if (maxDefaults !== undefined && defaults > maxDefaults) {
    w.out.push(
      problem(
        'component-option',
        path,
        `${defaults} options are marked default but at most ${maxDefaults} may be chosen.`,
        ComponentErrors.tooManyDefaults,
      ),
    );
  }
}

/** default_values of an auto-populated select: `{ id, type }` of the kinds it offers, as many as may be chosen. */
function checkDefaultValues(w: Walk, c: Obj, path: Path, counts: { min: number; max: number }): void {
  const where = [...path, 'default_values'];
  const list = checkCount(
    w.out,
    c.default_values,
    where,
    'default_values',
    { min: 0, max: L.select_values.max },
    false,
  );
  if (!list) return;
  const kinds = SELECT_DEFAULT_VALUE_TYPES[c.type as number] ?? [];
  list.forEach((v, i) => {
    const at = [...where, i];
    if (!isObject(v)) {
      w.out.push(
        problem(
          'component-default-values',
          at,
          `A default value must be a mapping, not ${describeValue(v)}.`,
          ApiErrors.object(),
        ),
      );
      return;
    }
    if (typeof v.id !== 'string' || !/^\d{1,20}$/.test(v.id))
      w.out.push(
        problem(
          'component-default-values',
          [...at, 'id'],
          `${describeValue(v.id)} is not an id.`,
          ApiErrors.snowflake(v.id),
        ),
      );
    if (typeof v.type !== 'string' || !kinds.includes(v.type)) {
      w.out.push(
        problem(
          'component-default-values',
          [...at, 'type'],
          `This select's default values name a ${kinds.join(' or ')}.`,
          ApiErrors.choices(kinds),
        ),
      );
    }
  });
  if (list.length > 0 && (list.length < counts.min || list.length > counts.max)) {
    w.out.push(
      problem(
        'component-default-values',
        where,
        `${list.length} default values, but from ${counts.min} to ${counts.max} may be chosen.`,
        ComponentErrors.defaultValuesCount,
      ),
    );
  }
}

export function checkSelect(w: Walk, c: Obj, path: Path): void {
  checkCustomId(w, c, path, true);
  checkMaxText(w.out, c.placeholder, [...path, 'placeholder'], 'A placeholder', L.select_placeholder_max);
  const counts = checkValueCounts(w, c, path, L.select_values);
  checkRequiredAndDisabled(w, c, path, c.min_values);
  if (c.type === ComponentType.STRING_SELECT) {
    const options = checkCount(w.out, c.options, [...path, 'options'], 'A string select’s options', L.select_options);
    if (options) checkOptions(w, options, [...path, 'options'], counts.max, true);
    return;
  }
  checkDefaultValues(w, c, path, counts);
  if (c.type === ComponentType.CHANNEL_SELECT && Array.isArray(c.channel_types)) {
    checkEnumList(
      w.out,
      c.channel_types,
      [...path, 'channel_types'],
      'component-channel-types',
      'Channel type',
      ChannelType,
    );
  }
}
