/**
 * The Commands view: the picker as the client shows it to the selected
 * member in the selected channel and locale (per application when there are
 * several; slash commands, then user and message commands as their own
 * groups), who may use each and why not; commands the member may not see
 * are left out, as the client leaves them out, unless "show hidden" is on
 * (then each says why it is hidden); a command clicked opens the invoke
 * form, beside the channel's messages so the answer appears live.
 */
import { html, nothing, render, type TemplateResult } from 'lit-html';
import { createRef, ref } from 'lit-html/directives/ref.js';
import type { PickerAnswer } from '../../emulator/view/picker-types.js';
import { getJson } from '../api.js';
import type { AppContext, MountView, ViewHandle } from '../app-context.js';
import { mountChannel } from './channels.js';
import { appCommands, hiddenSwitch, type AppCommands, type Picked } from './command-list.js';
import { renderInvokeForm, type InvokeForm } from './invoke-form.js';

function pickerQuery(app: AppContext, applicationId: string): string {
  const s = app.selection;
  const q = new URLSearchParams({
    application_id: applicationId,
    guild_id: s.guildId,
    channel_id: s.channelId,
    member_id: s.memberId,
    locale: s.locale,
  });
  return `/view/commands?${q.toString()}`;
}

class CommandsView {
  private answers: AppCommands[] = [];
  private loaded = false;
  private error: string | undefined;
  /** Whom and in which locale the picker was last read for (what a reader waits on after changing either). */
  private readFor: { locale: string; memberId: string } | undefined;
  private showHidden = false;
  private picked: Picked | undefined;
  private form: InvokeForm | undefined;
  private formKey = '';
  private channel: { id: string; handle: ViewHandle } | undefined;
  private readonly channelBox = createRef<HTMLElement>();
  private loadSeq = 0;
  private gone = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly app: AppContext,
  ) {
    this.draw();
  }

  private list(): TemplateResult | TemplateResult[] | typeof nothing {
    if (this.error !== undefined) return html`<p class="error">Could not load the commands: ${this.error}</p>`;
    if (!this.readFor) return nothing;
    const several = this.answers.length > 1;
    const pick = (p: Picked) => {
      this.picked = p;
      this.openForm();
    };
    const toggle = (on: boolean) => {
      this.showHidden = on;
      this.draw();
    };
    return [
      hiddenSwitch(this.answers, this.showHidden, toggle),
      ...this.answers.map((a) => appCommands(a, several, this.showHidden, this.picked, pick)),
    ];
  }

  private formBox(): TemplateResult | HTMLElement {
    if (this.form) return this.form.el;
    return html`<p class="muted">${this.picked ? 'That command is gone.' : 'Pick a command to fill in and send it.'}</p>`;
  }

  private draw(): void {
    const r = this.readFor;
    render(
      html`<section class="command-list" aria-label="Commands" data-loaded=${String(this.loaded)} data-locale=${r?.locale ?? nothing} data-member-id=${r?.memberId ?? nothing}>${this.list()}</section><section class="invoke-box" aria-label="Invoke">${this.formBox()}</section><section class="command-channel" aria-label="Channel" ${ref(this.channelBox)}></section>`,
      this.root,
    );
  }

  /** The channel beside the form, where the answer appears: the selected one. */
  mountChannelBox(): void {
    const id = this.app.selection.channelId;
    if (this.channel?.id === id) return;
    this.channel?.handle.unmount?.();
    this.channel = id ? { id, handle: mountChannel(this.channelBox.value!, this.app, id) } : undefined;
  }

  /** The form for the picked command; kept (with what the user typed and the outcome) while the command and the selection stay. */
  private openForm(): void {
    const picked = this.picked;
    const found =
      picked &&
      this.answers
        .find((a) => a.applicationId === picked.applicationId)
        ?.answer.commands.find((c) => c.id === picked.commandId);
    // The world is re-read after every change (a bot's follow-up is one): keep what the user typed and the outcome unless the command or the selection changed.
    const key = JSON.stringify([picked, found, this.app.selection]);
    if (!this.form || key !== this.formKey) {
      this.formKey = key;
      this.form?.dispose();
      this.form = found && picked ? renderInvokeForm(found, this.app, picked.applicationId) : undefined;
    }
    this.draw();
  }

  async load(): Promise<void> {
    const mine = ++this.loadSeq;
    this.loaded = false;
    this.draw();
    try {
      const next = await Promise.all(
        this.app.world.applications.map(async (a) => ({
          applicationId: a.id,
          name: a.name,
          answer: await getJson<PickerAnswer>(pickerQuery(this.app, a.id)),
        })),
      );
      if (mine !== this.loadSeq || this.gone) return;
      this.answers = next;
      this.loaded = true;
      this.error = undefined;
      this.readFor = { locale: this.app.selection.locale, memberId: this.app.selection.memberId };
      this.openForm();
    } catch (err) {
      if (mine !== this.loadSeq || this.gone) return;
      this.loaded = true;
      this.error = err instanceof Error ? err.message : String(err);
      this.draw();
    }
  }

  handle(): ViewHandle {
    return {
      onEntry: (entry) => this.channel?.handle.onEntry?.(entry),
      onSelection: () => {
        this.mountChannelBox();
        this.channel?.handle.onSelection?.();
        void this.load();
      },
      onWorld: () => {
        this.channel?.handle.onWorld?.();
        void this.load();
      },
      unmount: () => {
        this.gone = true;
        this.form?.dispose();
        this.channel?.handle.unmount?.();
      },
    };
  }
}

export const mountCommands: MountView = (el, app) => {
  const root = document.createElement('div');
  root.className = 'commands-view';
  el.append(root);
  const view = new CommandsView(root, app);
  view.mountChannelBox();
  void view.load();
  return view.handle();
};
