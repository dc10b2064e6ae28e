/**
 * The Channels view: the selected channel's messages (webhook messages and
 * interaction answers, deleted ones as tombstones), rendered as the client
 * shows them and kept live from the stream. The latest page loads first,
 * older pages as the reader scrolls up; only loaded messages are rendered.
 * The member the side bar names acts here: their buttons and selects are
 * live (component-live.ts) and the composer under the messages posts as
 * them.
 */
import { html, nothing, type TemplateResult } from 'lit-html';
import type { AppContext, MountView, ViewHandle } from '../app-context.js';
import type { StreamEntry } from '../stream.js';
import type { MentionNames } from '../render/markdown.js';
import type { MessageEntry } from '../render/timeline.js';
import { channelGlyph } from '../sidebar.js';
import { ChannelTimeline } from './channel-timeline.js';
import { liveComponents } from './component-live.js';
import { renderComposer } from './composer.js';

/** Mentions named from the world the page holds. */
export function namesFrom(app: AppContext): MentionNames {
  return {
    user: (id) => {
      for (const g of app.world.guilds) {
        const m = g.members.find((x) => x.id === id);
        if (m) return m.username;
      }
      return app.world.applications.find((a) => a.botUserId === id)?.name;
    },
    channel: (id) => app.world.guilds.flatMap((g) => g.channels).find((c) => c.id === id)?.name,
    role: (id) => app.world.guilds.flatMap((g) => g.roles).find((r) => r.id === id)?.name,
  };
}

/** The channel's name as the header shows it: its parent first for a thread or post. */
function channelTitle(app: AppContext, channelId: string): TemplateResult {
  const all = app.world.guilds.flatMap((g) => g.channels);
  const c = all.find((x) => x.id === channelId);
  if (!c) return html`<span class="name">channel ${channelId}</span>`;
  const parent = c.parentId ? all.find((x) => x.id === c.parentId) : undefined;
  return html`${parent ? html`<span class="parent muted">${parent.name}</span><span class="sep muted"> › </span>` : nothing}${channelGlyph(c.type)}<span class="name">${c.name}</span>${c.archived ? html`<span class="badge">archived</span>` : nothing}`;
}

/** The message entry of a stream entry, or undefined for any other entry or channel. */
function messageEntry(entry: StreamEntry, channelId: string): MessageEntry | undefined {
  if (entry.kind !== 'message' || entry.channelId !== channelId) return undefined;
  return {
    action: entry.action,
    channelId: entry.channelId,
    messageId: entry.messageId,
    source: entry.source,
    interaction: entry.interaction,
    message: entry.message,
  };
}

/** Renders one channel's messages into `el`, kept live; also used by the commands view beside its invoke form. */
export function mountChannel(el: HTMLElement, app: AppContext, channelId: string): ViewHandle {
  const root = document.createElement('section');
  root.className = 'channel-view';
  el.append(root);
  const composer = channelId ? renderComposer(app, channelId) : undefined;
  const timeline = new ChannelTimeline(
    root,
    channelId,
    namesFrom(app),
    () => channelTitle(app, channelId),
    composer?.el,
  );
  const stopComponents = liveComponents(root, { app, message: (id) => timeline.message(id) });
  return {
    onEntry(entry: StreamEntry) {
      const e = messageEntry(entry, channelId);
      if (e) timeline.onMessage(e);
    },
    onSelection() {
      composer?.redraw();
    },
    onWorld() {
      timeline.retitle(() => channelTitle(app, channelId));
      composer?.redraw();
    },
    unmount() {
      stopComponents();
      timeline.close();
      root.remove();
    },
  };
}

export const mountChannels: MountView = (el, app) => {
  let channelId = app.selection.channelId;
  let inner = mountChannel(el, app, channelId);
  return {
    onEntry: (e) => inner.onEntry?.(e),
    onSelection() {
      if (app.selection.channelId === channelId) return inner.onSelection?.();
      inner.unmount?.();
      channelId = app.selection.channelId;
      inner = mountChannel(el, app, channelId);
    },
    onWorld: () => inner.onWorld?.(),
    unmount: () => inner.unmount?.(),
  };
};
