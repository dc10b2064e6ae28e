/**
 * One component, whatever its type: is it a component, may it stand here,
 * then the checks of its kind. Every container calls back into this through
 * `Walk.visit`, so a tree is checked in one pass, parents before children.
 */
import { ComponentType } from '../enums.js';
import { ApiErrors, problem, type Path } from '../problem.js';
import { describeValue, isObject, type Obj } from '../rules/values.js';
import { checkButton } from './button.js';
import { componentName, isSelect } from './catalog.js';
import { ComponentErrors } from './errors.js';
import { checkMessageRow, V2_CHECKS } from './layout.js';
import { MODAL_CHECKS } from './modal-fields.js';
import { checkSelect } from './select.js';
import { checkComponentId, newWalk, type Surface, type Walk } from './walk.js';

function checkKind(w: Walk, c: Obj, path: Path): void {
  const type = c.type as number;
  if (type === ComponentType.BUTTON) checkButton(w, c, path);
  else if (isSelect(type)) checkSelect(w, c, path);
  else if (type === ComponentType.ACTION_ROW && w.surface === 'message') checkMessageRow(w, c, path);
  else (V2_CHECKS[type] ?? MODAL_CHECKS[type])?.(w, c, path);
}

function visit(w: Walk, c: unknown, path: Path, allowed: readonly number[]): c is Obj {
  if (!isObject(c)) {
    w.out.push(
      problem(
        'component-type',
        path,
        `A component must be a mapping with a numeric type, not ${describeValue(c)}.`,
        ApiErrors.object(),
      ),
    );
    return false;
  }
  if (typeof c.type !== 'number') {
    const api = c.type === undefined || c.type === null ? ApiErrors.required() : ApiErrors.integer(c.type);
    w.out.push(
      problem(
        'component-type',
        [...path, 'type'],
        `A component needs a numeric type, not ${describeValue(c.type)}.`,
        api,
      ),
    );
    return false;
  }
  if (!allowed.includes(c.type)) {
    const names = allowed.map((t) => `${componentName(t)} (${t})`).join(', ');
    w.out.push(
      problem(
        'component-placement',
        path,
        `A ${componentName(c.type)} cannot stand here; allowed: ${names}.`,
        ComponentErrors.typeChoices(allowed),
      ),
    );
    return false;
  }
  w.count++;
  checkComponentId(w, c, path);
  checkKind(w, c, path);
  return true;
}

/** A fresh walk over a message's or a modal's components. */
export function componentWalk(surface: Surface): Walk {
  return newWalk(surface, visit);
}
