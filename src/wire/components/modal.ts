/**
 * A modal, as the data of callback 9 (facts §3.1, §4.2): custom_id, title and
 * 1-5 top-level Labels, Text Displays or legacy rows of one Text Input.
 * Pure; problems are located from the callback's `data`.
 */
import { ApiErrors, problem, type Problem } from '../problem.js';
import { describeValue, isObject } from '../rules/values.js';
import { CHILDREN, COMPONENT_LIMITS } from './catalog.js';
import { componentWalk } from './dispatch.js';
import { checkCount, checkLength } from './walk.js';

export function checkModalData(data: unknown): Problem[] {
  const w = componentWalk('modal');
  if (!isObject(data)) {
    const api = data === undefined || data === null ? ApiErrors.required() : ApiErrors.object();
    w.out.push(
      problem(
        'modal-data',
        [],
        `A modal answer needs data (custom_id, title, components), not ${describeValue(data)}.`,
        api,
      ),
    );
    return w.out;
  }
  // The modal's own custom_id is checked for length only: uniqueness is among the components (§1.2), so a field may share it.
  checkLength(w.out, data.custom_id, ['custom_id'], 'custom_id', { ...COMPONENT_LIMITS.custom_id, required: true });
  const { min, max } = COMPONENT_LIMITS.modal_title;
  checkLength(w.out, data.title, ['title'], 'A modal title', { min, max, required: true });
  const list = checkCount(
    w.out,
    data.components,
    ['components'],
    'A modal’s components',
    COMPONENT_LIMITS.modal_components,
  );
  for (const [i, c] of (list ?? []).entries()) w.visit(c, ['components', i], CHILDREN.modalTop);
  return w.out;
}
