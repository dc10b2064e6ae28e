/**
 * An invocation's outcome as the web view may hold it: the interaction's
 * token is a credential for 15 minutes (anyone holding it can answer as the
 * application), so the page gets the outcome without it. Pure.
 */
import type { InvokeOutcome } from '../interactions/invoke.js';

export function outcomeForPage(outcome: InvokeOutcome): InvokeOutcome {
  if (!('interaction' in outcome) || !outcome.interaction) return outcome;
  const { token: _token, ...interaction } = outcome.interaction;
  return { ...outcome, interaction };
}
