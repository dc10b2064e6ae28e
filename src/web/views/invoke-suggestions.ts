/**
 * Autocomplete for the invoke form: as the user types in (or enters) an
 * autocomplete option, the form asks the application for choices after a
 * pause, as the client does, and lists them under the field; picking one
 * fills the field. Each list says which value it answers (`data-value`) and
 * whether it is ready (`data-state`), for whoever waits on it.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import type { PageChoice, PageOutcome } from '../../emulator/view/outcome-types.js';
import type { LineCheck } from './command-form-model.js';
import { postJson } from '../api.js';
import type { Obj } from '../../wire/rules/values.js';

const AUTOCOMPLETE_DEBOUNCE_MS = 250;

interface List {
  /** The value typed when asked. */
  value: string;
  state?: 'loading' | 'ready';
  /** A note in place of choices (a check that failed, "Loading suggestions…"), or the choices. */
  note?: { text: string; error: boolean };
  choices?: PageChoice[];
}

export interface SuggestionsHost {
  /** The form's values with `option` focused, as the line the client would send for autocomplete. */
  focusedLine(option: string): LineCheck;
  /** The request fields every invocation carries (who, where, which application). */
  base(): Obj;
  read(option: string): string;
  /** A choice picked: the field takes its value. */
  fill(option: string, value: string): void;
  redraw(): void;
}

export class Suggestions {
  private readonly lists = new Map<string, List>();
  private readonly seqs = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private disposed = false;

  constructor(private readonly host: SuggestionsHost) {}

  /** Asks after the pause, the last keystroke winning. */
  schedule(option: string): void {
    clearTimeout(this.timers.get(option));
    this.timers.set(
      option,
      setTimeout(() => {
        this.timers.delete(option);
        void this.ask(option);
      }, AUTOCOMPLETE_DEBOUNCE_MS),
    );
  }

  private set(option: string, list: List): void {
    this.lists.set(option, list);
    this.host.redraw();
  }

  private async ask(option: string): Promise<void> {
    const mine = (this.seqs.get(option) ?? 0) + 1;
    this.seqs.set(option, mine);
    const value = this.host.read(option);
    const check = this.host.focusedLine(option);
    if (!check.ok) return this.set(option, { value, state: 'ready', note: { text: check.message, error: false } });
    this.set(option, { value, state: 'loading', note: { text: 'Loading suggestions…', error: false } });
    let list: List;
    try {
      const out = await postJson<PageOutcome>('/interactions', {
        ...this.host.base(),
        line: check.line,
        autocomplete: true,
      });
      list =
        out.outcome === 'answered' && out.choices
          ? { value, state: 'ready', choices: out.choices }
          : { value, state: 'ready', note: { text: noChoices(out), error: false } };
    } catch (err) {
      list = { value, state: 'ready', note: { text: err instanceof Error ? err.message : String(err), error: true } };
    }
    if (mine === this.seqs.get(option) && !this.disposed) this.set(option, list);
  }

  private pick(option: string, c: PageChoice): void {
    this.host.fill(option, String(c.value));
    this.set(option, { value: this.lists.get(option)?.value ?? '' });
  }

  /** The list under `option`'s field. */
  list(option: string): TemplateResult {
    const l = this.lists.get(option);
    return html`<ul class="suggestions" data-suggestions-for=${option} data-state=${l?.state ?? nothing} data-value=${l ? l.value : nothing}>${l ? this.items(option, l) : nothing}</ul>`;
  }

  private items(option: string, l: List): unknown {
    if (l.note) return html`<li class=${l.note.error ? 'error' : 'muted'}>${l.note.text}</li>`;
    if (!l.choices) return nothing;
    if (l.choices.length === 0) return html`<li class="muted">No suggestions</li>`;
    return l.choices.map(
      (c) =>
        html`<li><button type="button" class="suggestion" data-value=${String(c.value)} @click=${() => this.pick(option, c)}>${c.name}</button></li>`,
    );
  }

  /** Another subcommand: its fields start without lists. */
  reset(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.lists.clear();
    this.seqs.clear();
  }

  dispose(): void {
    this.disposed = true;
    this.reset();
  }
}

function noChoices(out: PageOutcome): string {
  return out.outcome === 'refused'
    ? out.refusal.message
    : out.outcome === 'invalid'
      ? out.message
      : 'The application gave no suggestions';
}
