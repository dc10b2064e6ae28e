/** The Channels view: the selected channel's messages, rendered as the client shows them, live. */
import type { AppContext, MountView, ViewHandle } from '../app-context.js';

/** Renders one channel's messages into `el`, kept live; also used by the commands view beside its invoke form. */
export function mountChannel(el: HTMLElement, app: AppContext, channelId: string): ViewHandle {
  el.textContent = `Channel ${channelId}`;
  void app;
  return {};
}

export const mountChannels: MountView = (el, app) => mountChannel(el, app, app.selection.channelId);
