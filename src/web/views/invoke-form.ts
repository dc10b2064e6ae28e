/**
 * The invoke form: one command, filled in as the client's picker fills it
 * (a subcommand, then a field per option enforcing what the client
 * enforces, autocomplete suggestions from the application), sent as the
 * selected member in the selected channel and locale, with what came of it.
 * Every check is the spec's own (command-form-model.ts): submit stays
 * blocked while the client would refuse the line.
 */
import { html, nothing, render, type TemplateResult } from 'lit-html';
import { createRef, ref } from 'lit-html/directives/ref.js';
import type { PickerCommand } from '../../emulator/view/picker-types.js';
import type { ActivityEntry } from '../../emulator/view/activity-types.js';
import { CommandType } from '../../wire/enums.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { getJson, postJson } from '../api.js';
import type { AppContext } from '../app-context.js';
import type { PageOutcome } from '../../emulator/view/outcome-types.js';
import { renderOutcome } from './command-outcome.js';
import { openModalDialog } from './modal-dialog.js';
import { CallbackType } from '../../wire/interactions/callback.js';
import { SlashFields, type Verdict } from './invoke-slash.js';
import type { Obj } from '../../wire/rules/values.js';

export interface InvokeForm {
  el: HTMLElement;
  dispose(): void;
}

/** The part of the form that depends on the command's kind: the fields, what they are worth, and the request. */
interface FormPart {
  template(v: Verdict): TemplateResult;
  verdict(): Verdict;
  request(): Obj;
  dispose(): void;
}

/** Messages in the channel that a message command can act on: those the live log saw created and not deleted. */
async function channelMessageIds(channelId: string): Promise<string[]> {
  const { entries } = await getJson<{ entries: ActivityEntry[] }>('/view/activity');
  const alive = new Set<string>();
  for (const e of entries) {
    if (e.kind !== 'message' || e.channelId !== channelId) continue;
    if (e.action === 'delete') alive.delete(e.messageId);
    else alive.add(e.messageId);
  }
  return [...alive].reverse();
}

/** A context-menu command acts on a member or a message. */
class ContextTarget implements FormPart {
  private readonly isUser: boolean;
  private readonly target = createRef<HTMLInputElement | HTMLSelectElement>();
  private messageIds: string[] = [];

  constructor(
    private readonly cmd: PickerCommand,
    private readonly app: AppContext,
    private readonly base: () => Obj,
    redraw: () => void,
  ) {
    this.isUser = cmd.type === CommandType.USER;
    if (!this.isUser)
      void channelMessageIds(app.selection.channelId)
        .then((ids) => {
          this.messageIds = ids;
          redraw();
        })
        .catch(() => undefined);
  }

  private value(): string {
    return this.target.value?.value.trim() ?? '';
  }

  template(): TemplateResult {
    const members = this.app.guild()?.members ?? [];
    const input = this.isUser
      ? html`<select name="target" data-option="target" ${ref(this.target)}><option value="">Pick the member…</option>${members.map((m) => html`<option value=${m.id}>@${m.username}</option>`)}</select>`
      : html`<input type="text" name="target" data-option="target" placeholder="message id" list="messages-${this.cmd.id}" inputmode="numeric" ${ref(this.target)}>`;
    const list = this.isUser
      ? nothing
      : html`<datalist id="messages-${this.cmd.id}">${this.messageIds.map((id) => html`<option value=${id}></option>`)}</datalist>`;
    return html`<div class="fields">${list}<label class="field" data-field="target"><span class="field-name">${this.isUser ? 'Member' : 'Message'}<span class="required">*</span></span>${input}</label></div>`;
  }

  verdict(): Verdict {
    const { isUser, cmd } = this;
    const v = this.value();
    const msg =
      v === ''
        ? `pick the ${isUser ? 'member' : 'message'} to act on`
        : isSnowflake(v)
          ? ''
          : 'a message id is a snowflake (a number of up to 20 digits)';
    return {
      ok: msg === '',
      problem: msg,
      preview: `${isUser ? 'User' : 'Message'} command “${cmd.name}” on ${v || '…'}`,
      missing: new Set(),
    };
  }

  request(): Obj {
    return {
      ...this.base(),
      [this.isUser ? 'userCommand' : 'messageCommand']: this.cmd.defaultName,
      target: this.value(),
    };
  }

  dispose(): void {}
}

/** What came of the last send: under way, the outcome, or the request's own failure. */
type Sent =
  | { state: 'sending' }
  | { state: PageOutcome['outcome']; body: TemplateResult }
  | { state: 'error'; message: string };

class InvokeFormView implements InvokeForm {
  readonly el: HTMLFormElement;
  private readonly part: FormPart;
  private verdict: Verdict = { ok: false, preview: '', problem: '', missing: new Set() };
  private sent: Sent | undefined;
  private disposed = false;

  constructor(
    private readonly cmd: PickerCommand,
    private readonly app: AppContext,
    applicationId: string,
  ) {
    const s = app.selection;
    const base = () => ({
      guildId: s.guildId,
      channelId: s.channelId,
      userId: s.memberId,
      locale: s.locale,
      applicationId,
      forPage: true,
    });
    const isSlash = cmd.type === CommandType.CHAT_INPUT || cmd.type === CommandType.PRIMARY_ENTRY_POINT;
    this.part = isSlash
      ? new SlashFields(cmd, app, base, () => this.validate())
      : new ContextTarget(cmd, app, base, () => this.validate());
    this.el = document.createElement('form');
    this.el.className = 'invoke-form';
    this.el.dataset.commandId = cmd.id;
    this.el.setAttribute('novalidate', '');
    this.el.addEventListener('input', () => this.validate());
    this.el.addEventListener('change', () => this.validate());
    this.el.addEventListener('submit', (ev) => {
      ev.preventDefault();
      this.send();
    });
    this.draw();
    this.validate();
  }

  private heading(): TemplateResult {
    const { cmd, app } = this;
    const isSlash = cmd.type === CommandType.CHAT_INPUT || cmd.type === CommandType.PRIMARY_ENTRY_POINT;
    const member = app.guild()?.members.find((m) => m.id === app.selection.memberId);
    const where = app.channel() ? `#${app.channel()!.name}` : 'a DM with the app';
    const scope =
      cmd.scope === 'guild'
        ? html`<span class="scope guild">server</span>`
        : html`<span class="scope global">global</span>`;
    const refused = cmd.access.allowed
      ? nothing
      : html`<p class="refused-note">Can't use: ${cmd.access.message ?? 'refused'} (${cmd.access.reason}). Sending shows the refusal.</p>`;
    return html`<h3>${isSlash ? html`<span class="slash">/</span>` : nothing}<span class="command-name">${cmd.name}</span>${scope}</h3>${cmd.description ? html`<p class="muted description">${cmd.description}</p>` : nothing}<p class="acting muted">As @${member?.username ?? app.selection.memberId} in ${where}, locale ${app.selection.locale}</p>${refused}`;
  }

  private outcome(): TemplateResult {
    const sent = this.sent;
    const body = !sent
      ? nothing
      : sent.state === 'sending'
        ? html`<div class="muted">Sending…</div>`
        : sent.state === 'error'
          ? html`<div class="error">${sent.message}</div>`
          : sent.body;
    return html`<section class="outcome" aria-live="polite" aria-label="Outcome" data-state=${sent?.state ?? nothing}>${body}</section>`;
  }

  private draw(): void {
    const v = this.verdict;
    const sending = this.sent?.state === 'sending';
    render(
      html`${this.heading()}${this.part.template(v)}<pre class="line-preview" aria-label="Command line">${v.preview}</pre><p class="problem error" role="status">${v.problem}</p><div class="actions"><button type="submit" class="send" ?disabled=${sending || !v.ok}>Send</button></div>${this.outcome()}`,
      this.el,
    );
  }

  /** Re-reads the fields, then draws what they are worth; true when the client would send them. */
  private validate(): boolean {
    if (this.disposed) return false;
    this.verdict = this.part.verdict();
    this.draw();
    return this.verdict.ok;
  }

  private send(): void {
    if (!this.validate()) return;
    this.sent = { state: 'sending' };
    this.draw();
    postJson<PageOutcome>('/interactions', this.part.request())
      .then((out) => {
        this.sent = { state: out.outcome, body: renderOutcome(out) };
        // The application opened a modal: the member now has it in front of them.
        const modal =
          out.outcome === 'answered' && out.callback?.type === CallbackType.MODAL ? out.callback.data : undefined;
        if (out.outcome === 'answered' && typeof modal === 'object' && modal !== null)
          openModalDialog(modal as Obj, {
            applicationId: out.application.id,
            who: { userId: this.app.selection.memberId, locale: this.app.selection.locale },
          });
      })
      .catch((err: unknown) => {
        this.sent = { state: 'error', message: err instanceof Error ? err.message : String(err) };
      })
      .finally(() => this.validate());
  }

  dispose(): void {
    this.disposed = true;
    this.part.dispose();
  }
}

export function renderInvokeForm(cmd: PickerCommand, app: AppContext, applicationId: string): InvokeForm {
  return new InvokeFormView(cmd, app, applicationId);
}
