import type { Node } from 'yaml';
import { CommandLineError, parseCommandLine } from '../../wire/interactions/command-line.js';
import type { SourceAt, Step, StepAction, StepKind } from '../model.js';
import { yamlLib } from '../../manifest/yaml-lib.js';
import { readExpectation, readWithin } from './expect.js';
import { contentOffset, describe, type Entry, type Reader, type YNode } from './nodes.js';
import { readComponentRef, readMessageRef, STEP_ID } from './refs.js';
import { duration, faultRoute } from './values.js';
import { MEMBER_ACTIONS, type MemberActionKind, ON_A_MESSAGE, readMemberAction } from './member-step.js';

const ACTIONS: readonly StepKind[] = [
  'invoke',
  'autocomplete',
  'user-command',
  'message-command',
  'click',
  'select',
  'submit-modal',
  'say',
  ...MEMBER_ACTIONS,
  'advance',
  'fail',
  'restart',
];
/** The keys besides the action, and the actions each belongs to. */
const EXTRA: Record<string, readonly StepKind[]> = {
  target: ['user-command', 'message-command'],
  message: ['click', 'select', ...ON_A_MESSAGE, 'advance'],
  values: ['select'],
};
const COMMON = ['id', 'expect', 'within', 'as', 'in'];
const STEP_KEYS = [...ACTIONS, ...Object.keys(EXTRA), ...COMMON];
/** Steps that only change the world: nothing reaches the bot, so there is nothing to expect. */
const SILENT: readonly StepKind[] = ['fail', 'restart'];

/** One entry of `steps:`; undefined when it has a problem (reported). */
export function readStep(r: Reader, node: YNode, fallback: SourceAt): Step | undefined {
  const at = r.at(node, fallback);
  const map = r.entries(node, 'a step', STEP_KEYS, at);
  if (!map) return undefined;
  const actions = [...map.values()].filter((e) => (ACTIONS as readonly string[]).includes(e.key));
  if (actions.length === 0) return r.missing(node, ACTIONS, at, `a step needs an action: one of ${ACTIONS.join(', ')}`);
  if (actions.length > 1)
    return r.problem(
      r.at(actions[1]!.keyNode),
      `a step has one action; this one has ${actions.map((a) => a.key).join(' and ')} (start a new "- " item for each)`,
    );
  const kind = actions[0]!.key as StepKind;
  let ok = true;
  for (const [key, kinds] of Object.entries(EXTRA)) {
    const e = map.get(key);
    if (e && !kinds.includes(kind))
      ok = r.problem(r.at(e.keyNode), `${key}: belongs to ${kinds.join(' and ')} steps, not ${kind}`) ?? false;
  }
  const action = readAction(r, kind, map);
  const step: Step = { action: action!, at };
  for (const key of ['as', 'in'] as const) {
    const e = map.get(key);
    if (e) ok = (step[key] = r.nonEmpty(e)) !== undefined && ok;
  }
  const id = map.get('id');
  if (id) ok = (step.id = stepId(r, id)) !== undefined && ok;
  const expect = map.get('expect');
  if (expect && SILENT.includes(kind))
    ok =
      r.problem(
        r.at(expect.keyNode),
        `${kind} changes the world and reaches no bot: it has nothing to expect (put expect on the step after it)`,
      ) ?? false;
  else if (expect) ok = (step.expect = readExpectation(r, expect, kind)) !== undefined && ok;
  const within = map.get('within');
  if (within && !expect)
    ok =
      r.problem(r.at(within.keyNode), 'within: is how long expect: may take to hold; this step has no expect') ?? false;
  else if (within) ok = (step.withinMs = readWithin(r, within)) !== undefined && ok;
  return ok && action ? step : undefined;
}

function stepId(r: Reader, e: Entry): string | undefined {
  const id = r.nonEmpty(e);
  if (id === undefined || STEP_ID.test(id)) return id;
  return r.problem(
    r.valueAt(e),
    `id "${id}" must start with a letter and hold only letters, digits, _ and - (later steps write it before a dot: ask.reply)`,
  );
}

function readAction(r: Reader, kind: StepKind, map: Map<string, Entry>): StepAction | undefined {
  const main = map.get(kind)!;
  switch (kind) {
    case 'invoke':
    case 'autocomplete': {
      const line = commandLine(r, main, kind === 'autocomplete');
      return line === undefined ? undefined : { kind, line };
    }
    case 'user-command':
    case 'message-command': {
      const name = r.nonEmpty(main);
      const targetEntry = map.get('target');
      if (!targetEntry)
        return r.problem(
          r.at(main.keyNode),
          `${kind} needs target: (the ${kind === 'user-command' ? 'member' : 'message'} it is used on)`,
        );
      if (kind === 'message-command') {
        const target = readMessageRef(r, targetEntry);
        return name === undefined || target === undefined ? undefined : { kind, name, target };
      }
      const target = r.nonEmpty(targetEntry);
      return name === undefined || target === undefined ? undefined : { kind, name, target };
    }
    case 'click':
    case 'select':
      return readComponentAction(r, kind, main, map);
    case 'submit-modal':
      return readFields(r, main);
    case 'say': {
      const text = r.nonEmpty(main);
      return text === undefined ? undefined : { kind, text };
    }
    case 'react':
    case 'unreact':
    case 'edit':
    case 'delete':
    case 'join':
    case 'leave':
    case 'dm':
      return readMemberAction(r, kind satisfies MemberActionKind, main, map);
    case 'advance': {
      const written = r.text(main);
      if (written === undefined) return undefined;
      const ms = duration(written);
      if (typeof ms !== 'number') return r.problem(r.valueAt(main), ms.problem);
      const messageEntry = map.get('message');
      if (!messageEntry) return { kind, ms };
      const message = readMessageRef(r, messageEntry);
      return message === undefined ? undefined : { kind, ms, message };
    }
    case 'restart': {
      const yes = r.bool(main);
      if (yes === undefined) return undefined;
      return yes
        ? { kind }
        : r.problem(r.valueAt(main), 'restart: true restarts the bot here; leave the step out to keep it running');
    }
    default:
      return readFault(r, main);
  }
}

/** An `invoke`/`autocomplete` line, checked as `cmdsync invoke` reads it, a mistake pointed at its column. */
function commandLine(r: Reader, entry: Entry, partial: boolean): string | undefined {
  const line = r.nonEmpty(entry);
  if (line === undefined) return undefined;
  try {
    parseCommandLine(line, partial);
  } catch (err) {
    if (!(err instanceof CommandLineError)) throw err;
    const start = contentOffset(entry.value);
    return r.problem(
      start === undefined ? r.valueAt(entry) : r.atOffset(start + err.column),
      `${entry.key} "${line}": ${err.message}`,
    );
  }
  return line;
}

function readComponentAction(
  r: Reader,
  kind: 'click' | 'select',
  main: Entry,
  map: Map<string, Entry>,
): StepAction | undefined {
  const label = readComponentRef(r, main);
  const messageEntry = map.get('message');
  const message = messageEntry ? readMessageRef(r, messageEntry) : undefined;
  if (messageEntry && message === undefined) return undefined;
  if (kind === 'click')
    return label === undefined ? undefined : { kind, button: label, ...(message !== undefined && { message }) };
  const valuesEntry = map.get('values');
  if (!valuesEntry) return r.problem(r.at(main.keyNode), 'select needs values: [...] (the options chosen)');
  const items = r.items(valuesEntry);
  if (!items) return undefined;
  const values = items.map((value, i) =>
    r.text({ key: 'values', keyNode: valuesEntry.keyNode, value }, `values[${i}]`),
  );
  if (label === undefined || values.some((v) => v === undefined)) return undefined;
  return { kind, menu: label, values: values as string[], ...(message !== undefined && { message }) };
}

function readFields(r: Reader, main: Entry): StepAction | undefined {
  const { isMap, isScalar } = yamlLib();
  if (!isMap(main.value))
    return r.problem(
      r.valueAt(main),
      `submit-modal must be a mapping of the modal's fields (field: value), not ${describe(main.value)}`,
    );
  const fields: Record<string, string> = {};
  let ok = true;
  for (const pair of main.value.items) {
    const keyNode = pair.key as Node;
    if (!isScalar(keyNode)) {
      ok = r.problem(r.at(keyNode, r.valueAt(main)), 'submit-modal: a field name must be text') ?? false;
      continue;
    }
    const key = String(keyNode.value);
    const value = r.text({ key, keyNode, value: pair.value as YNode }, `submit-modal field ${key}`);
    if (value === undefined) ok = false;
    else fields[key] = value;
  }
  return ok ? { kind: 'submit-modal', fields } : undefined;
}

function readFault(r: Reader, main: Entry): StepAction | undefined {
  const map = r.entries(main.value, 'fail', ['route', 'status', 'times'], r.valueAt(main));
  if (!map) return undefined;
  const routeEntry = map.get('route');
  const statusEntry = map.get('status');
  if (!routeEntry || !statusEntry) {
    const missing = [!routeEntry && 'route: "METHOD /path/*"', !statusEntry && 'status: (400-599)'].filter(Boolean);
    return r.problem(r.valueAt(main), `fail needs ${missing.join(' and ')}`);
  }
  const written = r.text(routeEntry);
  const route = written === undefined ? undefined : faultRoute(written);
  if (route && 'problem' in route) r.problem(r.valueAt(routeEntry), route.problem);
  const status = integer(r, statusEntry, 400, 599, 'an HTTP error status');
  const timesEntry = map.get('times');
  const times = timesEntry ? integer(r, timesEntry, 1, 1000, 'how many requests fail') : 1;
  if (!route || 'problem' in route || status === undefined || times === undefined) return undefined;
  return { kind: 'fail', route, status, times };
}

function integer(r: Reader, entry: Entry, min: number, max: number, what: string): number | undefined {
  const v = entry.value;
  const n = yamlLib().isScalar(v) ? v.value : undefined;
  if (typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max) return n;
  return r.problem(
    r.valueAt(entry),
    `${entry.key} must be a whole number from ${min} to ${max} (${what}), not ${describe(v)}`,
  );
}
