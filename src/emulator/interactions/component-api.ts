/**
 * What a member does with components and modals, as one set of actions the
 * running emulator, its control routes and `cmdsync click|select|submit-modal`
 * share.
 */
import { click, select, type ClickRequest, type SelectRequest } from './component-act.js';
import type { ComponentEnv, ComponentOutcome } from './component-deliver.js';
import { submitModal, type ModalSubmitRequest } from './modal-submit.js';

export type { ClickRequest, SelectRequest } from './component-act.js';
export type { ComponentOutcome, ComponentDelivered } from './component-deliver.js';
export type { ModalSubmitRequest } from './modal-submit.js';

export interface ComponentActions {
  /** A member clicks a button (by custom_id or label) on a message; the owning application gets a MESSAGE_COMPONENT interaction. */
  click(request: ClickRequest): Promise<ComponentOutcome>;
  /** A member chooses values in a select (by custom_id or placeholder). */
  select(request: SelectRequest): Promise<ComponentOutcome>;
  /** A member submits the modal they have open; the application gets a MODAL_SUBMIT interaction. */
  submitModal(request: ModalSubmitRequest): Promise<ComponentOutcome>;
}

export function componentActions(env: ComponentEnv): ComponentActions {
  return {
    click: (request) => click(env, request),
    select: (request) => select(env, request),
    submitModal: (request) => submitModal(env, request),
  };
}
