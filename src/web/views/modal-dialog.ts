/**
 * The modal an application opened for the member (callback 9, from an
 * invocation or a component), as the client shows it: a <dialog> with the
 * title and its text inputs (short or paragraph, label, placeholder,
 * pre-filled value, required mark, lengths), checked as the client checks
 * them before anything is sent (wire's textInputProblem, the rule the
 * emulator applies to `submit-modal`). Submit posts the fields; answered,
 * the dialog closes; otherwise it stays open saying why, as the client
 * keeps the form. Cancel (or Escape) closes it, sending nothing.
 */
import { html, nothing, render, type TemplateResult } from 'lit-html';
import { ComponentType, TextInputStyle } from '../../wire/enums.js';
import {
  modalFields,
  textInputBounds,
  textInputProblem,
  type ModalField,
} from '../../wire/interactions/component-modal.js';
import { errorReason, failureReason, submitModal, type Acting } from './member-actions.js';
import type { Obj } from '../../wire/rules/values.js';

export interface ModalContext {
  /** The application whose modal it is: the submission goes to it. */
  applicationId: string;
  who: Acting;
}

let openDialog: HTMLDialogElement | undefined;

const customId = (f: ModalField) => String(f.input.custom_id);
const isText = (f: ModalField) => f.input.type === ComponentType.TEXT_INPUT;

class ModalDialog {
  readonly el: HTMLDialogElement;
  private readonly fields: ModalField[];
  private readonly values = new Map<string, string>();
  private errors = new Map<string, string>();
  private failure: string | undefined;
  private sending = false;

  constructor(
    private readonly modal: Obj,
    private readonly ctx: ModalContext,
  ) {
    this.fields = modalFields(modal);
    for (const f of this.fields)
      if (isText(f)) this.values.set(customId(f), typeof f.input.value === 'string' ? f.input.value : '');
    this.el = document.createElement('dialog');
    this.el.className = 'modal-dialog';
    this.el.dataset.customId = String(modal.custom_id);
    this.el.addEventListener('close', () => this.el.remove());
    this.draw();
  }

  private field(f: ModalField): TemplateResult {
    const id = customId(f);
    const { required, min, max } = textInputBounds(f.input);
    const label = html`<span class="modal-label">${f.label ?? id}${required ? html`<span class="required" aria-hidden="true">*</span>` : nothing}</span>`;
    if (!isText(f))
      return html`<div class="modal-field unsupported" data-custom-id=${id}>${label}<span class="muted">This field is not a text input: the emulator fills only text inputs.</span></div>`;
    const error = this.errors.get(id);
    const attrs = {
      placeholder: typeof f.input.placeholder === 'string' ? f.input.placeholder : '',
      value: this.values.get(id) ?? '',
    };
    const onInput = (ev: Event) => {
      this.values.set(id, (ev.target as HTMLInputElement | HTMLTextAreaElement).value);
      if (this.errors.delete(id)) this.draw();
    };
    // maxlength: the client stops the typing there, as it does.
    const input =
      f.input.style === TextInputStyle.PARAGRAPH
        ? html`<textarea name=${id} rows="4" placeholder=${attrs.placeholder} maxlength=${max} aria-required=${String(required)} aria-invalid=${String(!!error)} .value=${attrs.value} @input=${onInput}></textarea>`
        : html`<input type="text" name=${id} placeholder=${attrs.placeholder} maxlength=${max} aria-required=${String(required)} aria-invalid=${String(!!error)} .value=${attrs.value} @input=${onInput}>`;
    const lengths = min > 0 ? html`<span class="modal-lengths muted">${min}–${max} characters</span>` : nothing;
    return html`<label class="modal-field" data-custom-id=${id}>${label}${input}${lengths}<span class="field-error error" role="status">${error ?? ''}</span></label>`;
  }

  private draw(): void {
    const failure = this.failure
      ? html`<div class="modal-failure" role="alert"><strong>This interaction failed</strong><div class="reason">${this.failure}</div></div>`
      : nothing;
    render(
      html`<form class="modal-form" novalidate @submit=${this.onSubmit}><header class="modal-header"><h2 class="modal-title">${String(this.modal.title ?? '')}</h2><button type="button" class="modal-close" aria-label="Close" @click=${this.cancel}>×</button></header><div class="modal-fields">${this.fields.map((f) => this.field(f))}</div>${failure}<footer class="modal-footer"><button type="button" class="modal-cancel" @click=${this.cancel}>Cancel</button><button type="submit" class="modal-submit" ?disabled=${this.sending}>${this.sending ? 'Sending…' : 'Submit'}</button></footer></form>`,
      this.el,
    );
  }

  /** The client's checks, field by field; true when the form may be sent. */
  private check(): boolean {
    this.errors = new Map();
    for (const f of this.fields) {
      if (!isText(f)) continue;
      const problem = textInputProblem(f.input, this.values.get(customId(f)) ?? '');
      if (problem) this.errors.set(customId(f), `${f.label ?? customId(f)} ${problem}`);
    }
    return this.errors.size === 0;
  }

  private readonly cancel = (): void => {
    this.el.close();
  };

  private readonly onSubmit = (ev: Event): void => {
    ev.preventDefault();
    if (this.sending) return;
    this.failure = undefined;
    if (!this.check()) {
      this.draw();
      return;
    }
    this.sending = true;
    this.draw();
    submitModal(this.ctx.applicationId, Object.fromEntries(this.values), this.ctx.who)
      .then((o) => {
        this.failure = failureReason(o);
        if (!this.failure) this.el.close();
      })
      .catch((err: unknown) => {
        this.failure = errorReason(err);
      })
      .finally(() => {
        this.sending = false;
        if (this.el.isConnected) this.draw();
      });
  };
}

/** Opens the modal as a dialog (the client shows one at a time: a new one replaces it). */
export function openModalDialog(modal: Obj, ctx: ModalContext): HTMLDialogElement {
  if (openDialog?.open) openDialog.close();
  const dialog = new ModalDialog(modal, ctx).el;
  document.body.append(dialog);
  dialog.showModal();
  openDialog = dialog;
  return dialog;
}
