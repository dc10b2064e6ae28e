/**
 * Components as the service stores and returns them (facts §1.2): every
 * component gets an `id`; those sent without one (or with 0) are numbered 1,
 * 2, … in tree order, parents before children, skipping ids already taken.
 */
import { isObject, type Obj } from '../rules/values.js';

/** The children of a component: rows' and containers' `components`, a section's `accessory`, a label's `component`. */
function children(c: Obj): unknown[] {
  const out: unknown[] = Array.isArray(c.components) ? [...c.components] : [];
  if (isObject(c.accessory)) out.push(c.accessory);
  if (isObject(c.component)) out.push(c.component);
  return out;
}

function preOrder(list: readonly unknown[], visit: (c: Obj) => void): void {
  for (const c of list) {
    if (!isObject(c)) continue;
    visit(c);
    preOrder(children(c), visit);
  }
}

const given = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0;

/** A copy of `components` with every component numbered; the request's own objects are left alone. */
export function numberComponents(components: readonly unknown[]): unknown[] {
  const copy = structuredClone(components) as unknown[];
  const taken = new Set<number>();
  preOrder(copy, (c) => {
    if (given(c.id)) taken.add(c.id);
  });
  let next = 1;
  preOrder(copy, (c) => {
    if (given(c.id)) return;
    while (taken.has(next)) next++;
    c.id = next;
    taken.add(next);
  });
  return copy;
}
