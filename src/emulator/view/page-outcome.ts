/**
 * An invocation's outcome as the web view may hold it: the interaction's
 * token is a credential for 15 minutes (anyone holding it can answer as the
 * application), so the page gets the outcome without it. Pure.
 */
import type { InvokeOutcome } from '../interactions/invoke.js';
import type { ComponentOutcome } from '../interactions/component-deliver.js';
import type { PageChoice, PageComponentOutcome, PageOutcome } from './outcome-types.js';

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

/** A component's or modal's outcome for the page: what the member sees, without the interaction (its token) or what the bot sent raw. */
export function componentOutcomeForPage(outcome: ComponentOutcome): PageComponentOutcome {
  if (outcome.outcome === 'invalid') return { outcome: 'invalid', message: outcome.message };
  if (outcome.outcome === 'refused') return outcome;
  const { interaction: _interaction, received: _received, endpoint: _endpoint, ...seen } = outcome;
  return seen;
}
