/**
 * What a step acts on, as written: a message (`message:` of a click or
 * select, `target:` of a message command) and a component (by label or
 * custom_id, or by position). References to earlier steps are checked
 * against the scenario once all its steps are read (`checkStepRefs`), so a
 * typo is a problem at its line before any bot starts.
 */
import type { ComponentRef, MessageRef, Step, StepKind, StepPart } from '../model.js';
import { yamlLib } from '../../manifest/yaml-lib.js';
import { readText } from './expect-text.js';
import { describe, type Entry, type Reader } from './nodes.js';

/** A step's `id:`: a name later steps write before a dot. */
export const STEP_ID = /^[A-Za-z][\w-]*$/;
const SINGLE = /^([A-Za-z][\w-]*)\.(reply|update|message|said)$/;
const LISTED = /^([A-Za-z][\w-]*)\.(messages|followups)\[(\d+)\]$/;

const FORMS =
  'a message id, latest (the bot\'s latest message in the channel), STEP.reply, STEP.update, STEP.message, STEP.said, STEP.messages[N], STEP.followups[N] (STEP an earlier step\'s id:), or { content: "text or /regex/" }';

/** A message reference; undefined when it has a problem (reported). */
export function readMessageRef(r: Reader, entry: Entry): MessageRef | undefined {
  const at = r.valueAt(entry);
  if (yamlLib().isMap(entry.value)) {
    const map = r.entries(entry.value, entry.key, ['content'], at);
    const content = map?.get('content');
    if (!map) return undefined;
    if (!content) return r.problem(at, `${entry.key}: { content: … } names the message by what it says`);
    const matcher = readText(r, content, `${entry.key}.content`);
    return matcher && { kind: 'content', content: matcher, at };
  }
  const written = r.nonEmpty(entry);
  if (written === undefined) return undefined;
  if (/^\d+$/.test(written)) return { kind: 'id', id: written, at };
  if (written === 'latest') return { kind: 'latest', at };
  const single = SINGLE.exec(written);
  if (single) return { kind: 'step', step: single[1]!, part: single[2] as StepPart, at };
  const listed = LISTED.exec(written);
  if (listed) return { kind: 'step', step: listed[1]!, part: listed[2] as StepPart, index: Number(listed[3]), at };
  return r.problem(at, `${entry.key} "${written}" names no message: write ${FORMS}`);
}

/** A component: its label (placeholder) or custom_id, or `{ row, column }`, or `{ index }` (0-based). */
export function readComponentRef(r: Reader, entry: Entry): ComponentRef | undefined {
  const at = r.valueAt(entry);
  if (!yamlLib().isMap(entry.value)) return r.nonEmpty(entry);
  const map = r.entries(entry.value, entry.key, ['row', 'column', 'index'], at);
  if (!map) return undefined;
  const [row, column, index] = (['row', 'column', 'index'] as const).map((k) => {
    const e = map.get(k);
    return e && position(r, e);
  });
  if (map.has('index') && (map.has('row') || map.has('column')))
    return r.problem(at, `${entry.key}: give either { index } or { row, column }, not both`);
  if (map.has('index')) return index === undefined ? undefined : { index };
  if (!map.has('row') || !map.has('column'))
    return r.problem(
      at,
      `${entry.key} by position needs { row, column } (0-based: the first row is 0) or { index } (0-based, in order)`,
    );
  return row === undefined || column === undefined ? undefined : { row, column };
}

function position(r: Reader, e: Entry): number | undefined {
  const v = e.value;
  const n = yamlLib().isScalar(v) ? v.value : undefined;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0 && n < 100) return n;
  return r.problem(r.valueAt(e), `${e.key} must be a whole number from 0 (0 is the first), not ${describe(v)}`);
}

/** The steps whose own message `said` reads, whose interaction has a `reply`, an `update`, follow-ups. */
const PARTS_OF: Record<StepPart, readonly StepKind[] | 'any'> = {
  said: ['say', 'dm'],
  reply: ['invoke', 'user-command', 'message-command', 'click', 'select', 'submit-modal'],
  followups: ['invoke', 'user-command', 'message-command', 'click', 'select', 'submit-modal'],
  update: ['click', 'select', 'submit-modal'],
  message: 'any',
  messages: 'any',
};

/** The references of one step (the `message:` of a click, a select or a member's doing; a message command's `target:`). */
function refsOf(step: Step): MessageRef[] {
  const a = step.action;
  if (a.kind === 'message-command') return [a.target];
  if ('message' in a && a.message) return [a.message];
  return [];
}

/**
 * Each step id unique in the scenario, each reference to a step naming an
 * earlier one that can have what it reads. Problems reported; false when any.
 */
export function checkStepRefs(r: Reader, steps: Step[]): boolean {
  const seen = new Map<string, Step>();
  const all = new Set(steps.map((s) => s.id).filter((id) => id !== undefined));
  let ok = true;
  for (const step of steps) {
    for (const ref of refsOf(step)) {
      if (ref.kind !== 'step') continue;
      const target = seen.get(ref.step);
      const problem = target
        ? wrongPart(ref.step, target, ref.part)
        : all.has(ref.step)
          ? `step ${ref.step} comes after this one: a step can name only an earlier step of its scenario`
          : `no earlier step of this scenario has id: ${ref.step}${seen.size ? ` (ids so far: ${[...seen.keys()].join(', ')})` : ''}`;
      if (problem) ok = r.problem(ref.at, problem) ?? false;
    }
    if (step.id === undefined) continue;
    if (seen.has(step.id)) ok = r.problem(step.at, `two steps of this scenario have id: ${step.id}`) ?? false;
    seen.set(step.id, step);
  }
  return ok;
}

function wrongPart(id: string, target: Step, part: StepPart): string | undefined {
  const kinds = PARTS_OF[part];
  if (kinds === 'any' || kinds.includes(target.action.kind)) return undefined;
  const hint = target.action.kind === 'say' ? ` (write ${id}.message, the bot's first message, or ${id}.said)` : '';
  return `step ${id} is ${/^[aeiou]/.test(target.action.kind) ? 'an' : 'a'} ${target.action.kind} step: it has no ${part}${hint}`;
}
