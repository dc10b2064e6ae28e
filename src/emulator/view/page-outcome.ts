/**
 * An invocation's outcome as the web view may hold it: the interaction's
 * token is a credential for 15 minutes (anyone holding it can answer as the
 * application), so the page gets the outcome without it. Pure.
 */
import type { InvokeOutcome } from '../interactions/invoke.js';
import type { PageChoice, PageOutcome } from './outcome-types.js';

/** Autocomplete choices as the page lists them (the invoke path keeps the callback's choices as it got them). */
function pageChoices(choices: readonly unknown[]): PageChoice[] {
  return choices.map((c) => {
    const { name, value } = (typeof c === 'object' && c !== null ? c : {}) as { name?: unknown; value?: unknown };
    return { name: String(name), value: typeof value === 'number' ? value : String(value) };
  });
}

export function outcomeForPage(outcome: InvokeOutcome): PageOutcome {
  if (outcome.outcome === 'invalid' || outcome.outcome === 'refused' || outcome.outcome === 'launched') return outcome;
  const { token: _token, ...interaction } = outcome.interaction;
  const { choices, ...rest } = outcome;
  return { ...rest, interaction, ...(choices ? { choices: pageChoices(choices) } : {}) };
}
