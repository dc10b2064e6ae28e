/**
 * The one entry point for a message's components, whoever sends it (facts
 * §1.8, §4.1): an application (bot post, interaction answer or follow-up), an
 * application-owned webhook, or another webhook (whose components count only
 * with `with_components=true`, and then only non-interactive ones).
 * Pure; problems are located from the message body's root (`components.0…`).
 */
import { ApiErrors, problem, type Path, type Problem } from '../problem.js';
import { checkArray, isObject } from '../rules/values.js';
import { CHILDREN, COMPONENT_LIMITS, COMPONENTS_V2_FLAG, isInteractive } from './catalog.js';
import { componentWalk } from './dispatch.js';
import { ComponentErrors } from './errors.js';

/** Who sends the message: it decides whether components count and whether interactive ones may come. */
export type ComponentSender = 'application' | 'application-webhook' | 'webhook';

export interface MessageComponentContext {
  sender: ComponentSender;
  /** The `with_components` query of a webhook execute or edit (only a non-application webhook needs it). */
  withComponents?: boolean;
  /** On an edit, the flags the message had: IS_COMPONENTS_V2 stays once set. */
  previousFlags?: number;
}

/** The components count at all: a webhook no application owns needs `with_components=true`, else the field is ignored. */
export function componentsRespected(ctx: MessageComponentContext): boolean {
  return ctx.sender !== 'webhook' || ctx.withComponents === true;
}

/** The message is (or stays) a components-v2 one: the flag in this request, or already on the message. */
export function isComponentsV2(flags: unknown, previousFlags = 0): boolean {
  const asked = typeof flags === 'number' && Number.isInteger(flags) && flags >= 0 ? flags : 0;
  return ((asked | previousFlags) & COMPONENTS_V2_FLAG) !== 0;
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

/** Every rule of a component list, given whether the message is a components-v2 one. */
export function checkComponentTree(list: readonly unknown[], v2: boolean): Problem[] {
  const w = componentWalk('message');
  const path = ['components'];
  if (!v2 && list.length > COMPONENT_LIMITS.legacy_rows_max) {
    const max = COMPONENT_LIMITS.legacy_rows_max;
    w.out.push(
      problem(
        'component-count',
        path,
        `A message holds at most ${max} action rows (it has ${list.length}).`,
        ApiErrors.maxLength(max),
      ),
    );
  }
  for (const [i, c] of list.entries()) w.visit(c, [...path, i], v2 ? CHILDREN.v2Top : CHILDREN.legacyTop);
  if (v2 && w.count > COMPONENT_LIMITS.v2_total_max) {
    const max = COMPONENT_LIMITS.v2_total_max;
    w.out.push(
      problem(
        'component-count',
        path,
        `A components-v2 message holds at most ${max} components, nested ones counted (it has ${w.count}).`,
        ApiErrors.maxLength(max),
      ),
    );
  }
  if (v2 && w.text > COMPONENT_LIMITS.v2_text_max) {
    const max = COMPONENT_LIMITS.v2_text_max;
    w.out.push(
      problem(
        'component-text',
        path,
        `Text displays hold at most ${max} characters together (they have ${w.text}).`,
        ComponentErrors.v2TextTooLong(max),
      ),
    );
  }
  return w.out;
}

/**
 * Every component rule of a message body (`components`, judged with its
 * `flags`). Safe on arbitrary JSON. Components a non-application webhook
 * sends without `with_components` are ignored (a warning, no refusal).
 */
export function checkMessageComponents(body: unknown, ctx: MessageComponentContext): Problem[] {
  const b = isObject(body) ? body : {};
  const out: Problem[] = [];
  const list = checkArray(out, b.components, ['components'], 'component-type', 'Components');
  if (!list || list.length === 0) return out;
  if (!componentsRespected(ctx)) {
    out.push({
      rule: 'message-components-ignored',
      severity: 'warning',
      path: ['components'],
      message: 'Components are ignored unless with_components=true is passed for a webhook no application owns.',
    });
    return out;
  }
  out.push(...checkComponentTree(list, isComponentsV2(b.flags, ctx.previousFlags)));
  if (ctx.sender === 'webhook') {
    for (const p of interactiveComponentPaths(list, ['components'])) {
      out.push(
        problem(
          'message-components-interactive',
          p,
          'Only application-owned webhooks may send interactive components (buttons other than links, selects, text inputs).',
          ComponentErrors.interactiveNotAllowed,
        ),
      );
    }
  }
  return out;
}
