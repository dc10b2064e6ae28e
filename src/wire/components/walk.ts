/**
 * The walk over a component tree that every component rule shares: what the
 * whole message or modal has seen so far (custom ids, ids, component count,
 * text), and the field checks each component kind uses.
 */
import { ApiErrors, problem, type Path, type Problem } from '../problem.js';
import { lengthWithin, textLength } from '../naming.js';
import { describeValue, isObject, type Obj } from '../rules/values.js';
import { COMPONENT_LIMITS } from './catalog.js';
import { ComponentErrors } from './errors.js';

export type Surface = 'message' | 'modal';

export interface Walk {
  out: Problem[];
  surface: Surface;
  /** custom_ids seen so far: unique per message or modal, disabled components included (§1.2). */
  customIds: Set<string>;
  /** Component `id`s given so far: unique per message (§1.2). */
  ids: Set<number>;
  /** Components seen, nested ones counted (the v2 total, §1.8). */
  count: number;
  /** Characters of Text Displays seen (the v2 text total, §1.8). */
  text: number;
  /** Checks a child that must be one of `allowed` types; false when it is not a component or not allowed there. */
  visit(c: unknown, path: Path, allowed: readonly number[]): c is Obj;
}

export function newWalk(
  surface: Surface,
  visit: (w: Walk, c: unknown, path: Path, allowed: readonly number[]) => boolean,
): Walk {
  const w: Walk = {
    out: [],
    surface,
    customIds: new Set(),
    ids: new Set(),
    count: 0,
    text: 0,
    visit: (c, path, allowed): c is Obj => visit(w, c, path, allowed),
  };
  return w;
}

/** The component's own `id`: optional, a positive 32-bit integer (0 counts as omitted), unique in the message. */
export function checkComponentId(w: Walk, c: Obj, path: Path): void {
  const id = c.id;
  if (id === undefined || id === null || id === 0) return;
  if (!checkInteger(w.out, id, [...path, 'id'], 'component-id', 'A component id', 0, COMPONENT_LIMITS.id_max)) return;
  if (w.ids.has(id as number)) {
    w.out.push(
      problem(
        'component-id',
        [...path, 'id'],
        `Component id ${String(id)} is used twice in this ${w.surface}.`,
        ComponentErrors.idDuplicated,
      ),
    );
  }
  w.ids.add(id as number);
}

/** A custom_id of 1-100 characters, unique in the message or modal (the later one is reported). */
export function checkCustomId(w: Walk, c: Obj, path: Path, required: boolean): void {
  const where = [...path, 'custom_id'];
  const { min, max } = COMPONENT_LIMITS.custom_id;
  const id = checkLength(w.out, c.custom_id, where, 'custom_id', { min, max, required });
  if (id === undefined || !lengthWithin(id, min, max)) return;
  if (w.customIds.has(id)) {
    w.out.push(
      problem(
        'component-custom-id',
        where,
        `custom_id ${JSON.stringify(id)} is already used in this ${w.surface}.`,
        ComponentErrors.customIdDuplicated,
      ),
    );
  }
  w.customIds.add(id);
}

/** An integer field within [min, max] (absent is fine); true when it is one. */
export function checkInteger(
  out: Problem[],
  value: unknown,
  path: Path,
  rule: string,
  label: string,
  min: number,
  max: number,
): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    out.push(
      problem(rule, path, `${label} must be a whole number, not ${describeValue(value)}.`, ApiErrors.integer(value)),
    );
    return false;
  }
  if (value < min)
    out.push(problem(rule, path, `${label} must be at least ${min} (it is ${value}).`, ApiErrors.numberMin(min)));
  else if (value > max)
    out.push(problem(rule, path, `${label} must be at most ${max} (it is ${value}).`, ApiErrors.numberMax(max)));
  else return true;
  return false;
}

/**
 * A string of `min`..`max` characters. Too long is BASE_TYPE_MAX_LENGTH (facts
 * §4.1 lists custom_id, label, url, placeholder and option fields so); an
 * empty required one is BASE_TYPE_BAD_LENGTH. Returns the string when it is one.
 */
export function checkLength(
  out: Problem[],
  value: unknown,
  path: Path,
  label: string,
  range: { min: number; max: number; required: boolean },
): string | undefined {
  if (value === undefined || value === null) {
    if (range.required) out.push(problem('component-text', path, `${label} is required.`, ApiErrors.required()));
    return undefined;
  }
  if (typeof value !== 'string') {
    out.push(
      problem('component-text', path, `${label} must be a string, not ${describeValue(value)}.`, ApiErrors.string()),
    );
    return undefined;
  }
  if (lengthWithin(value, range.min, range.max)) return value;
  const len = textLength(value);
  const api = len > range.max ? ApiErrors.maxLength(range.max) : ApiErrors.badLength(range.min, range.max);
  out.push(
    problem('component-text', path, `${label} must be ${range.min}-${range.max} characters long (it has ${len}).`, api),
  );
  return value;
}

/** A text field of at most `max` characters (absent is fine unless `required`, then at least 1). */
export function checkMaxText(
  out: Problem[],
  value: unknown,
  path: Path,
  label: string,
  max: number,
  required = false,
): string | undefined {
  return checkLength(out, value, path, label, { min: required ? 1 : 0, max, required });
}

/** A partial emoji: `{ id?, name?, animated? }` naming a custom emoji by id or a unicode one by name. */
export function checkEmoji(out: Problem[], emoji: unknown, path: Path): void {
  if (emoji === undefined || emoji === null) return;
  const where = [...path, 'emoji'];
  if (!isObject(emoji)) {
    out.push(
      problem('component-emoji', where, `An emoji must be a mapping, not ${describeValue(emoji)}.`, ApiErrors.object()),
    );
    return;
  }
  const idOk = typeof emoji.id === 'string' && /^\d{1,20}$/.test(emoji.id);
  const nameOk = typeof emoji.name === 'string' && emoji.name.length > 0;
  if (emoji.id !== undefined && emoji.id !== null && !idOk) {
    out.push(
      problem(
        'component-emoji',
        [...where, 'id'],
        `Emoji id ${describeValue(emoji.id)} is not an id.`,
        ComponentErrors.invalidEmoji,
      ),
    );
  } else if (!idOk && !nameOk) {
    out.push(
      problem(
        'component-emoji',
        [...where, 'id'],
        'An emoji needs the id of a custom emoji or the name of a unicode one.',
        ComponentErrors.invalidEmoji,
      ),
    );
  }
}

/** A list field of `min`..`max` entries; returns the list when it is one. */
export function checkCount(
  out: Problem[],
  value: unknown,
  path: Path,
  label: string,
  range: { min: number; max: number },
  required = true,
): unknown[] | undefined {
  if (value === undefined || value === null) {
    if (required) out.push(problem('component-count', path, `${label} is required.`, ApiErrors.required()));
    return undefined;
  }
  if (!Array.isArray(value)) {
    out.push(
      problem('component-count', path, `${label} must be a list, not ${describeValue(value)}.`, ApiErrors.array()),
    );
    return undefined;
  }
  if (value.length < range.min || value.length > range.max) {
    const api = range.min > 0 ? ApiErrors.badLength(range.min, range.max) : ApiErrors.maxLength(range.max);
    out.push(
      problem(
        'component-count',
        path,
        `${label} must hold ${range.min}-${range.max} entries (it holds ${value.length}).`,
        api,
      ),
    );
  }
  return value;
}

/** Characters a Text Display adds to the message's v2 text total. */
export function displayedText(content: unknown): number {
  return typeof content === 'string' ? textLength(content) : 0;
}
