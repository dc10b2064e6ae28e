/**
 * The composer under a channel's messages: the member the page acts as
 * writes, Enter sends (Shift+Enter a new line), and the message goes
 * through `POST /__emulator/messages` as that member, so bots hear it
 * (MESSAGE_CREATE) and their replies appear above. An empty message is not
 * sent, as the client sends none; what the service refuses (no
 * SEND_MESSAGES, too long) stays in the box with the reason.
 */
import { html, render } from 'lit-html';
import { createRef, ref } from 'lit-html/directives/ref.js';
import type { AppContext } from '../app-context.js';
import { postMessage } from './member-actions.js';

export interface Composer {
  el: HTMLElement;
  /** The member or the world changed: the line under the box names who writes. */
  redraw(): void;
}

export function renderComposer(app: AppContext, channelId: string): Composer {
  const el = document.createElement('form');
  el.className = 'composer';
  el.dataset.channelId = channelId;
  const box = createRef<HTMLTextAreaElement>();
  let problem = '';
  let sending = false;

  const send = () => {
    const input = box.value!;
    const content = input.value;
    if (sending || content.trim() === '') return;
    sending = true;
    problem = '';
    draw();
    const who = { userId: app.selection.memberId, locale: app.selection.locale };
    void postMessage(channelId, content, who).then((out) => {
      sending = false;
      if (out.ok) {
        // Typed meanwhile: kept.
        if (input.value === content) input.value = '';
      } else problem = `Not sent: ${out.reason}`;
      draw();
      input.focus();
    });
  };
  const onKey = (ev: KeyboardEvent) => {
    if (ev.key !== 'Enter' || ev.shiftKey || ev.isComposing) return;
    ev.preventDefault();
    send();
  };

  const draw = () => {
    const guild = app.guild();
    const channel = guild?.channels.find((c) => c.id === channelId);
    const member = guild?.members.find((m) => m.id === app.selection.memberId);
    render(
      html`<textarea class="composer-input" rows="1" aria-label="Message" placeholder=${`Message ${channel ? `#${channel.name}` : ''}`} ?readonly=${sending} @keydown=${onKey} ${ref(box)}></textarea><div class="composer-meta muted">As @${member?.username ?? app.selection.memberId} · Enter sends, Shift+Enter starts a new line</div><div class="composer-problem error" role="alert">${problem}</div>`,
      el,
    );
  };
  el.addEventListener('submit', (ev) => {
    ev.preventDefault();
    send();
  });
  draw();
  return { el, redraw: draw };
}
