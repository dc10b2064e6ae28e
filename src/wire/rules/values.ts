import { ApiErrors, problem, type Path, type PathSegment, type Problem } from '../problem.js';
import { lengthWithin, textLength } from '../naming.js';
import type { Limits } from '../limits.js';

/** Type guards and small checks shared by the rule modules. */

export type Obj = Record<string, unknown>;

/** The empty path, shared: a rule passes it with a `key` rather than build `[key]` for a check that finds nothing. */
export const ROOT: Path = [];

/**
 * `path` extended by `key` (none: `path` itself). The checks below take the
 * parent's path and the key and build the field's path only for a finding:
 * most find nothing, and they run for every field of every command.
 */
export function pathTo(path: Path, key?: PathSegment): Path {
  // `concat` allocates the new array at its size; `[...path, key]` (in the interpreter, where lint runs) copies and then grows it, at nearly three times the bytes.
  return key === undefined ? path : path.concat(key);
}

/**
 * Lists longer than this get a map of first indexes by name. The service
 * takes at most 25 options or choices, so a list it accepts is scanned and
 * allocates nothing; a hostile list of 100,000 stays linear (a scan per entry
 * took minutes, issue 40 item 4).
 */
const SCAN_AT_MOST = 32;

/** Where each `name` first appears in `list`, for `firstNamed`; none for a list short enough to scan. */
export function namedIndex(list: readonly unknown[]): ReadonlyMap<string, number> | undefined {
  if (list.length <= SCAN_AT_MOST) return undefined;
  const first = new Map<string, number>();
  for (let j = list.length - 1; j >= 0; j--) {
    const o = list[j];
    if (isObject(o) && typeof o.name === 'string') first.set(o.name, j);
  }
  return first;
}

/**
 * The index of the first mapping in `list` before `end` whose `name` is
 * `name`, or `end` when none is. `index` is `namedIndex(list)`, made once per list.
 */
export function firstNamed(
  list: readonly unknown[],
  name: string,
  end: number,
  index: ReadonlyMap<string, number> | undefined,
): number {
  if (index !== undefined) {
    const j = index.get(name);
    return j !== undefined && j < end ? j : end;
  }
  for (let j = 0; j < end; j++) {
    const o = list[j];
    if (isObject(o) && o.name === name) return j;
  }
  return end;
}

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function has(obj: Obj, key: string): boolean {
  // Most keys asked about are absent: the plain read answers that before the own-property check.
  return obj[key] !== undefined && Object.hasOwn(obj, key);
}

export function describeValue(value: unknown): string {
  // A missing field: `${typeof value} ${String(value)}` would say "undefined undefined".
  if (value === undefined || value === null) return String(value);
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}

/** What checkText checks a string field against. */
export interface TextCheck {
  rule: string;
  label: string;
  min: number;
  max: number;
  required: boolean;
}

/**
 * A TextCheck whose maximum is a limit: made again only when that limit
 * differs from the last one asked for, not once per field checked (these
 * run for every option and choice).
 */
export function textCheck(
  rule: string,
  label: string,
  min: number,
  required: boolean,
  max: (limits: Limits) => number,
): (limits: Limits) => TextCheck {
  let check: TextCheck | undefined;
  return (limits) => {
    const limit = max(limits);
    if (check === undefined || check.max !== limit) check = { rule, label, min, max: limit, required };
    return check;
  };
}

/**
 * A string field with a length range. Returns the string when it is one, so
 * callers can go on checking it.
 */
export function checkText(
  out: Problem[],
  value: unknown,
  path: Path,
  opts: TextCheck,
  key?: PathSegment,
): string | undefined {
  if (value === undefined || value === null) {
    if (opts.required)
      out.push(problem(opts.rule, pathTo(path, key), `${opts.label} is required.`, ApiErrors.required()));
    return undefined;
  }
  if (typeof value !== 'string') {
    out.push(
      problem(
        opts.rule,
        pathTo(path, key),
        `${opts.label} must be a string, not ${describeValue(value)}.`,
        ApiErrors.string(),
      ),
    );
    return undefined;
  }
  if (!lengthWithin(value, opts.min, opts.max)) {
    const len = textLength(value);
    const range = opts.min === opts.max ? `exactly ${opts.min}` : `${opts.min}-${opts.max}`;
    out.push(
      problem(
        opts.rule,
        pathTo(path, key),
        `${opts.label} must be ${range} characters long (it has ${len}).`,
        opts.min > 0 ? ApiErrors.badLength(opts.min, opts.max) : ApiErrors.maxLength(opts.max),
      ),
    );
  }
  return value;
}

export function checkBoolean(
  out: Problem[],
  value: unknown,
  path: Path,
  rule: string,
  label: string,
  key?: PathSegment,
): void {
  if (value === undefined || value === null || typeof value === 'boolean') return;
  out.push(
    problem(
      rule,
      pathTo(path, key),
      `${label} must be true or false, not ${describeValue(value)}.`,
      ApiErrors.boolean(value),
    ),
  );
}

/** An array field; returns it, or undefined after reporting a non-array. */
export function checkArray(
  out: Problem[],
  value: unknown,
  path: Path,
  rule: string,
  label: string,
  key?: PathSegment,
): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    out.push(
      problem(rule, pathTo(path, key), `${label} must be a list, not ${describeValue(value)}.`, ApiErrors.array()),
    );
    return undefined;
  }
  return value;
}

/** Each element of `list` must be one of `allowed`; duplicates earn a warning. */
/** Whether `list[i]`, `v`, is an earlier element again; `seen` (for a long list) holds the values before `i` and is given `v`. */
function repeated(list: readonly unknown[], v: unknown, i: number, seen: Set<unknown> | undefined): boolean {
  if (!seen) return list.indexOf(v) < i;
  if (seen.has(v)) return true;
  seen.add(v);
  return false;
}

export function checkEnumList(
  out: Problem[],
  list: unknown[],
  path: Path,
  rule: string,
  label: string,
  allowed: Readonly<Record<string, number>>,
  key?: PathSegment,
): void {
  const values = Object.values(allowed);
  // A later element is a duplicate of an earlier one. A short list is scanned; a long one (hostile: the values are few) keeps the values seen.
  const seen = list.length > SCAN_AT_MOST ? new Set<unknown>() : undefined;
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (typeof v !== 'number' || !values.includes(v)) {
      const names = Object.entries(allowed)
        .map(([n, x]) => `${n.toLowerCase()} (${x})`)
        .join(', ');
      out.push(
        problem(
          rule,
          [...pathTo(path, key), i],
          `${label} ${describeValue(v)} is not one of ${names}.`,
          ApiErrors.choices(values),
        ),
      );
    } else if (repeated(list, v, i, seen)) {
      out.push({
        rule,
        severity: 'warning',
        path: [...pathTo(path, key), i],
        message: `${label} ${v} is listed twice.`,
      });
    }
  }
}
