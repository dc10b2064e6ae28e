import { ButtonStyle, ComponentType, SELECT_COMPONENT_TYPES } from '../enums.js';
import { ApiErrors, problem, type Path, type Problem } from '../problem.js';
import { MessageErrors } from './message-errors.js';
import { checkArray, describeValue, isObject, type Obj } from './values.js';

/** Component types a non-application webhook may not send (they need an app to answer them). */
const SELECT_TYPES = SELECT_COMPONENT_TYPES;
/** Link buttons do not call the app back. */
const NON_INTERACTIVE_BUTTON_STYLES: readonly number[] = [ButtonStyle.LINK];

function isInteractive(c: Obj): boolean {
  if (c.type === ComponentType.BUTTON) return !NON_INTERACTIVE_BUTTON_STYLES.includes(c.style as number);
  return c.type === ComponentType.TEXT_INPUT || SELECT_TYPES.includes(c.type as number);
}

/** Paths of interactive components, searching rows, containers and section accessories. */
export function interactiveComponentPaths(components: readonly unknown[], base: Path = []): Path[] {
  const found: Path[] = [];
  components.forEach((c, i) => {
    if (!isObject(c)) return;
    const here = [...base, i];
    if (isInteractive(c)) found.push(here);
    if (Array.isArray(c.components)) found.push(...interactiveComponentPaths(c.components, [...here, 'components']));
    if (isObject(c.accessory) && isInteractive(c.accessory)) found.push([...here, 'accessory']);
  });
  return found;
}

export function checkComponents(out: Problem[], components: unknown, respected: boolean, applicationOwned: boolean): unknown[] {
  const list = checkArray(out, components, ['components'], 'message-components-type', 'Components');
  if (!list) return [];
  list.forEach((c, i) => {
    if (!isObject(c) || typeof c.type !== 'number') {
      out.push(problem('message-components-type', ['components', i], `A component must be a mapping with a numeric type, not ${describeValue(c)}.`, ApiErrors.object()));
    }
  });
  if (list.length > 0 && !respected) {
    out.push({
      rule: 'message-components-ignored',
      severity: 'warning',
      path: ['components'],
      message: 'Components are ignored unless with_components=true is passed for a webhook no application owns.',
    });
    return [];
  }
  if (!applicationOwned) {
    for (const p of interactiveComponentPaths(list, ['components'])) {
      out.push(
        problem(
          'message-components-interactive',
          p,
          'Only application-owned webhooks may send interactive components (buttons other than links, selects, text inputs).',
          MessageErrors.interactiveComponents,
        ),
      );
    }
  }
  return list;
}
