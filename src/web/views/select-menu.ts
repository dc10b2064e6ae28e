/**
 * A select's menu as the client opens it under the select: its options (or
 * the guild's members, roles, channels), preselected as its defaults say.
 * One pick sends at once; several wait for "Select", which stays off while
 * the count is outside min_values..max_values, and options past max_values
 * are greyed out. Escape, a click elsewhere or on the select again closes
 * it, sending nothing. One menu is open at a time.
 */
import { html, nothing, render } from 'lit-html';
import type { ViewGuild } from '../../emulator/view/world-types.js';
import { choiceFull, choiceProblem, picksOne, selectChoices, type SelectChoice } from './select-model.js';
import type { Obj } from '../../wire/rules/values.js';

export interface SelectMenuRequest {
  /** The select element the menu opens under. */
  anchor: HTMLElement;
  component: Obj;
  guild: ViewGuild | undefined;
  send(values: string[]): void;
}

let open: { anchor: HTMLElement; close(): void } | undefined;

/** The select element turns its own chevron on each click: turned back when the menu closes another way. */
function chevronBack(anchor: HTMLElement): void {
  const shadow = anchor.shadowRoot;
  if (shadow?.querySelector('.discord-string-select-menu-option-slot:not(.discord-string-select-menu-hidden)'))
    shadow.querySelector('input')?.click();
}

export function closeSelectMenu(): void {
  open?.close();
}

/** Opens the select's menu; a second click on the select closes it, as in the client. */
export function openSelectMenu(req: SelectMenuRequest): void {
  const again = open?.anchor === req.anchor;
  closeSelectMenu();
  if (again) return;
  const { component } = req;
  const choices = selectChoices(component, req.guild);
  const one = picksOne(component);
  let chosen = choices.filter((c) => c.preselected).map((c) => c.value);
  const popup = document.createElement('div');
  popup.className = 'select-popup';
  popup.dataset.customId = String(component.custom_id);

  const close = () => {
    popup.remove();
    document.removeEventListener('pointerdown', outside, true);
    document.removeEventListener('keydown', onKey, true);
    if (open?.close === close) open = undefined;
    // After the click that closed it has reached the select (a click on the select turns the chevron itself).
    setTimeout(() => chevronBack(req.anchor));
  };
  const outside = (ev: Event) => {
    const path = ev.composedPath();
    if (!path.includes(popup) && !path.includes(req.anchor)) close();
  };
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key === 'Escape') close();
  };
  const send = (values: string[]) => {
    close();
    req.send(values);
  };
  const toggle = (value: string) => {
    if (one) return send([value]);
    chosen = chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value];
    draw();
  };

  const option = (c: SelectChoice) => {
    const selected = chosen.includes(c.value);
    return html`<button type="button" role="option" class="select-option ${c.kind}" aria-selected=${String(selected)} ?disabled=${!one && !selected && choiceFull(component, chosen)} data-value=${c.value} @click=${() => toggle(c.value)}><span class="option-check" aria-hidden="true">${selected ? '✓' : ''}</span><span class="option-text"><span class="option-label">${c.label}</span>${c.description ? html`<span class="option-description muted">${c.description}</span>` : nothing}</span></button>`;
  };
  const draw = () => {
    const problem = choiceProblem(component, chosen);
    render(
      html`<div role="listbox" aria-multiselectable=${String(!one)} aria-label=${String(component.placeholder ?? 'Make a selection')}>${choices.length === 0 ? html`<div class="select-empty muted">Nothing to choose from</div>` : choices.map(option)}</div>${
        one
          ? nothing
          : html`<div class="select-footer"><span class="select-count muted">${problem ?? `${chosen.length} chosen`}</span><button type="button" class="select-send" ?disabled=${problem !== undefined} @click=${() => send(chosen)}>Select</button></div>`
      }`,
      popup,
    );
  };

  draw();
  document.body.append(popup);
  place(popup, req.anchor);
  document.addEventListener('pointerdown', outside, true);
  document.addEventListener('keydown', onKey, true);
  open = { anchor: req.anchor, close };
}

/** Under the select, or above it when there is no room below. */
function place(popup: HTMLElement, anchor: HTMLElement): void {
  const at = anchor.getBoundingClientRect();
  popup.style.left = `${Math.max(8, at.left)}px`;
  popup.style.width = `${Math.min(Math.max(at.width, 240), 400)}px`;
  const below = window.innerHeight - at.bottom;
  if (below >= popup.offsetHeight + 8 || below >= at.top) popup.style.top = `${at.bottom + 4}px`;
  else popup.style.top = `${Math.max(8, at.top - popup.offsetHeight - 4)}px`;
}
