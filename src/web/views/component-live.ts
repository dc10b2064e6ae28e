/**
 * Buttons and selects in a channel's messages, live for the member the page
 * acts as (the side bar's choice): a click or a choice goes to the emulator
 * as the client sends it, and the message updates in place from the live
 * stream. What the client refuses does nothing (a disabled component; a
 * link button just opens its URL; a premium button the store); what fails
 * shows under the message as the client's "This interaction failed" with
 * the reason; a modal the answer opens shows as a dialog.
 */
import type { ViewMessage } from '../../emulator/view/channel-messages-types.js';
import type { PageComponentOutcome } from '../../emulator/view/outcome-types.js';
import { findComponent, unusable, type ComponentKind } from '../../wire/interactions/component-use.js';
import type { AppContext } from '../app-context.js';
import { h } from '../dom.js';
import { chooseInSelect, clickButton, errorReason, failureReason, type Acting } from './member-actions.js';
import { openModalDialog } from './modal-dialog.js';
import { closeSelectMenu, openSelectMenu } from './select-menu.js';
import type { Obj } from '../../wire/rules/values.js';

export interface LiveContext {
  app: AppContext;
  /** The message as the channel view holds it now. */
  message(id: string): ViewMessage | undefined;
}

const acting = (app: AppContext): Acting => ({ userId: app.selection.memberId, locale: app.selection.locale });

/** The failure line under a message (one at a time); none clears it. */
function showFailure(root: HTMLElement, messageId: string, reason: string | undefined): void {
  const el = root.querySelector<HTMLElement>(`discord-message[data-message-id="${CSS.escape(messageId)}"]`);
  el?.querySelector(':scope > .interaction-failed')?.remove();
  if (el && reason)
    el.append(
      h(
        'div',
        { class: 'interaction-failed', slot: 'components', role: 'alert' },
        h('strong', {}, 'This interaction failed'),
        h('span', { class: 'reason' }, reason),
      ),
    );
}

/** The component a click landed on, found on the message as the page holds it; undefined for anything the client would not send. */
function usedComponent(
  ctx: LiveContext,
  el: HTMLElement,
  kind: ComponentKind,
): { messageId: string; component: Obj } | undefined {
  const customId = el.dataset.customId;
  const messageId = el.closest<HTMLElement>('discord-message[data-message-id]')?.dataset.messageId;
  const vm = messageId ? ctx.message(messageId) : undefined;
  // A link or premium button has no custom_id; a deleted message's components are gone.
  if (!customId || !vm || vm.deleted) return undefined;
  const component = findComponent(vm.message.components, kind, customId);
  if (!('type' in component) || unusable(component)) return undefined;
  return { messageId: vm.id, component };
}

/** Makes the components under `root` live; returns what undoes it. */
export function liveComponents(root: HTMLElement, ctx: LiveContext): () => void {
  const settle = (messageId: string, pending: HTMLElement, sent: Promise<PageComponentOutcome>) => {
    pending.toggleAttribute('data-pending', true);
    showFailure(root, messageId, undefined);
    sent
      .then((o) => {
        showFailure(root, messageId, failureReason(o));
        if (o.outcome === 'answered' && o.modal)
          openModalDialog(o.modal, { applicationId: o.application.id, who: acting(ctx.app) });
      })
      .catch((err: unknown) => showFailure(root, messageId, errorReason(err)))
      .finally(() => pending.removeAttribute('data-pending'));
  };

  const onClick = (ev: MouseEvent) => {
    // The select's label passes the click on to its hidden checkbox: one click, two events.
    if (ev.composedPath()[0] instanceof HTMLInputElement) return;
    const target = ev.target as Element;
    const button = target.closest<HTMLElement>('discord-button');
    const select = button ? null : target.closest<HTMLElement>('discord-string-select-menu');
    const el = button ?? select;
    if (!el || el.hasAttribute('data-pending')) return;
    const used = usedComponent(ctx, el, button ? 'button' : 'select');
    if (!used) return;
    const { messageId, component } = used;
    const customId = String(component.custom_id);
    if (button) return settle(messageId, el, clickButton(messageId, customId, acting(ctx.app)));
    openSelectMenu({
      anchor: el,
      component,
      guild: ctx.app.guild(),
      send: (values) => settle(messageId, el, chooseInSelect(messageId, customId, values, acting(ctx.app))),
    });
  };
  root.addEventListener('click', onClick);
  return () => {
    root.removeEventListener('click', onClick);
    closeSelectMenu();
  };
}
