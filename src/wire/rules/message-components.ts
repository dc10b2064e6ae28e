import type { Problem } from '../problem.js';
import { checkMessageComponents, componentsRespected, type MessageComponentContext } from '../components/message.js';
import type { Obj } from './values.js';

/** The component rules live in src/wire/components/; this is the webhook message rules' door to them. */
export { interactiveComponentPaths } from '../components/message.js';

/** Checks a message body's components; returns the list when it counts (for the emptiness rule), else []. */
export function checkComponents(out: Problem[], body: Obj, ctx: MessageComponentContext): unknown[] {
  out.push(...checkMessageComponents(body, ctx));
  return componentsRespected(ctx) && Array.isArray(body.components) ? body.components : [];
}
