import { deepEqual } from '../../plan/diff.js';
import { OptionType } from '../../wire/enums.js';
import { displayValue, quote, wordDiff, type Owner } from './values.js';
import type { Obj } from '../../wire/rules/values.js';

/**
 * A command's change as nested blocks (commands, subcommands, groups,
 * options, choices), the way `terraform plan` shows a resource: arrays of
 * named things are matched by name, so an inserted option is one `+` block
 * and not a cascade of changes down the list; an updated block holds only
 * what changed in it. Text, markdown and JSON all render this one tree.
 */

export type NodeSign = '+' | '-' | '~' | ' ';

export interface DiffNode {
  sign: NodeSign;
  /** A field key (`description`) or a block's name (`option "what" (string)`). */
  label: string;
  /** A field's value as the manifest spells it (added, removed, or shown for context). */
  value?: string;
  /** A changed field: both sides as the manifest spells them. */
  before?: string;
  after?: string;
  /** A long text change, word by word (`"a [-b-]{+c+}"`), instead of before → after. */
  words?: string;
  /** A remark after the line: `moved from position 3 to 1`, `(known after apply)`. */
  note?: string;
  /** Present on blocks (possibly empty, for a moved block that changed nothing else). */
  children?: DiffNode[];
}

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A field that says nothing: absent, null, an empty dictionary or list. */
const isBlank = (v: unknown): boolean =>
  v === undefined || v === null || (isObj(v) && Object.keys(v).length === 0) || (Array.isArray(v) && v.length === 0);

/** Identity first, then what people read, then the nested lists. */
const FIRST = ['type', 'name', 'value', 'description', 'name_localizations', 'description_localizations'];
const LAST = ['choices', 'options'];

function orderedKeys(...objs: Obj[]): string[] {
  const all = [...new Set(objs.flatMap((o) => Object.keys(o)))];
  return [
    ...FIRST.filter((k) => all.includes(k)),
    ...all.filter((k) => !FIRST.includes(k) && !LAST.includes(k)),
    ...LAST.filter((k) => all.includes(k)),
  ];
}

/** `subcommand "add"`, `group "admin"`, `option "what" (string)`, `choice "Red"`. */
function blockLabel(list: 'options' | 'choices', item: Obj): string {
  const name = quote(String(item.name ?? ''));
  if (list === 'choices') return `choice ${name}`;
  if (item.type === OptionType.SUB_COMMAND) return `subcommand ${name}`;
  if (item.type === OptionType.SUB_COMMAND_GROUP) return `group ${name}`;
  return `option ${name} (${displayValue('type', item.type, 'option')})`;
}

const ownerOf = (list: 'options' | 'choices'): Owner => (list === 'options' ? 'option' : 'choice');

/** A choice with nothing but a name and a value reads best on one line: `+ choice "Red": "red"`. */
function inlineChoice(item: Obj): boolean {
  return Object.entries(item).every(([k, v]) => k === 'name' || k === 'value' || isBlank(v));
}

/** Every field an object sets, all signed `sign`: the body of an added or removed block. */
export function wholeNodes(obj: Obj, owner: Owner, sign: '+' | '-'): DiffNode[] {
  const out: DiffNode[] = [];
  for (const key of orderedKeys(obj)) {
    const v = obj[key];
    if (isBlank(v)) continue;
    if ((key === 'options' || key === 'choices') && Array.isArray(v))
      out.push(...v.filter(isObj).map((item) => wholeItem(key, item, sign)));
    else if (isObj(v))
      out.push({
        sign,
        label: key,
        children: Object.entries(v).map(([k, x]) => ({ sign, label: k, value: displayValue(k, x, owner) })),
      });
    else out.push({ sign, label: key, value: displayValue(key, v, owner) });
  }
  return out;
}

function wholeItem(list: 'options' | 'choices', item: Obj, sign: '+' | '-'): DiffNode {
  const label = blockLabel(list, item);
  if (list === 'choices' && inlineChoice(item))
    return { sign, label, value: displayValue('value', item.value, 'choice') };
  if (sign === '-') return { sign, label };
  const { name: _n, ...rest } = item;
  if (list === 'options') delete rest.type;
  return { sign, label, children: wholeNodes(rest, ownerOf(list), sign) };
}

function fieldChange(key: string, before: unknown, after: unknown, owner: Owner): DiffNode {
  if (isBlank(before) && !isBlank(after)) return { sign: '+', label: key, value: displayValue(key, after, owner) };
  if (isBlank(after) && !isBlank(before)) return { sign: '-', label: key, value: displayValue(key, before, owner) };
  const words = typeof before === 'string' && typeof after === 'string' ? wordDiff(before, after) : undefined;
  if (words) return { sign: '~', label: key, words };
  return { sign: '~', label: key, before: displayValue(key, before, owner), after: displayValue(key, after, owner) };
}

/** Key by key; only what changed. */
export function diffObject(before: Obj, after: Obj, owner: Owner): DiffNode[] {
  const out: DiffNode[] = [];
  for (const key of orderedKeys(before, after)) {
    const b = before[key];
    const a = after[key];
    if (deepEqual(b, a) || (isBlank(b) && isBlank(a))) continue;
    if ((key === 'options' || key === 'choices') && (Array.isArray(b) || Array.isArray(a))) {
      out.push(
        ...diffNamedList(key, (Array.isArray(b) ? b : []).filter(isObj), (Array.isArray(a) ? a : []).filter(isObj)),
      );
    } else if ((isObj(b) || isBlank(b)) && (isObj(a) || isBlank(a)) && (isObj(b) || isObj(a))) {
      // A dictionary (localizations): a block of the keys that changed.
      const bo = isObj(b) ? b : {};
      const ao = isObj(a) ? a : {};
      const sign: NodeSign = isBlank(b) ? '+' : isBlank(a) ? '-' : '~';
      out.push({ sign, label: key, children: diffObject(bo, ao, owner) });
    } else {
      out.push(fieldChange(key, b, a, owner));
    }
  }
  return out;
}

/** Names of `xs` that keep their relative order in `ys` (a longest common subsequence): the others moved. */
function stayingNames(xs: string[], ys: string[]): Set<string> {
  const n = xs.length;
  const m = ys.length;
  const len: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      len[i][j] = xs[i] === ys[j] ? len[i + 1][j + 1] + 1 : Math.max(len[i + 1][j], len[i][j + 1]);
  const keep = new Set<string>();
  for (let i = 0, j = 0; i < n && j < m; ) {
    if (xs[i] === ys[j]) {
      keep.add(xs[i]);
      i++;
      j++;
    } else if (len[i + 1][j] >= len[i][j + 1]) i++;
    else j++;
  }
  return keep;
}

/**
 * Options or choices matched by name. A removed entry is shown where it was
 * (after the entry that preceded it), so the list reads in order.
 */
export function diffNamedList(list: 'options' | 'choices', before: Obj[], after: Obj[]): DiffNode[] {
  const nameOf = (o: Obj): string => String(o.name ?? '');
  const beforeBy = new Map(before.map((o) => [nameOf(o), o]));
  const afterBy = new Map(after.map((o) => [nameOf(o), o]));
  const common = (xs: Obj[], other: Map<string, Obj>): string[] => xs.map(nameOf).filter((n) => other.has(n));
  const staying = stayingNames(common(before, afterBy), common(after, beforeBy));
  const owner = ownerOf(list);

  const out: DiffNode[] = [];
  /** Per entry still there: where a removed entry that followed it goes (just after its own lines). */
  const placed = new Map<string, number>();
  for (const item of after) {
    const name = nameOf(item);
    const old = beforeBy.get(name);
    if (!old) {
      out.push(wholeItem(list, item, '+'));
      continue;
    }
    const moved = !staying.has(name);
    if (list === 'choices' && inlineChoice(old) && inlineChoice(item) && !moved) {
      if (!deepEqual(old.value, item.value))
        out.push({
          sign: '~',
          label: blockLabel(list, item),
          before: displayValue('value', old.value, owner),
          after: displayValue('value', item.value, owner),
        });
    } else {
      const children = diffObject(old, item, owner);
      const note = moved ? `moved from position ${before.indexOf(old) + 1} to ${after.indexOf(item) + 1}` : undefined;
      if (children.length > 0 || moved)
        out.push({ sign: '~', label: blockLabel(list, item), children, ...(note ? { note } : {}) });
    }
    placed.set(name, out.length);
  }
  let offset = 0;
  const removed: Array<[number, DiffNode]> = [];
  before.forEach((item, i) => {
    if (afterBy.has(nameOf(item))) return;
    let at = 0;
    for (let k = i - 1; k >= 0; k--) {
      const p = placed.get(nameOf(before[k]));
      if (p !== undefined) {
        at = p;
        break;
      }
    }
    removed.push([at, wholeItem(list, item, '-')]);
  });
  removed.sort((x, y) => x[0] - y[0]);
  for (const [at, node] of removed) out.splice(at + offset++, 0, node);
  return out;
}

/** The fields the service fills in on a global command when the manifest leaves them to the application's settings. */
const FROM_APP_SETTINGS = ['integration_types', 'contexts'];

/**
 * A create: what the manifest writes, then what the service assigns. Never a
 * default the manifest did not write (`nsfw: false`), never a guess at what
 * the application's settings will give.
 */
export function createNodes(body: Obj, global: boolean): DiffNode[] {
  const { type: _t, name: _n, ...rest } = body;
  const nodes = wholeNodes(rest, 'command', '+');
  if (global)
    for (const key of FROM_APP_SETTINGS)
      if (isBlank(body[key])) nodes.push({ sign: '+', label: key, value: "(from the application's settings)" });
  nodes.push({ sign: '+', label: 'id', value: '(known after apply)' });
  return nodes;
}
