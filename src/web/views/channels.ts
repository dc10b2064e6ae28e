/**
 * The Channels view: the selected channel's messages (webhook messages and
 * interaction answers, deleted ones as tombstones), rendered as the client
 * shows them and kept live from the stream. The latest page loads first,
 * older pages as the reader scrolls up; only loaded messages are rendered.
 */
import { ApiError, getJson } from '../api.js';
import type { AppContext, MountView, ViewHandle } from '../app-context.js';
import { h } from '../dom.js';
import type { StreamEntry } from '../stream.js';
import type { ChannelMessagesPage, ViewMessage } from '../../emulator/view/channel-messages-types.js';
import type { MentionNames } from '../render/markdown.js';
import { renderMessage } from '../render/message.js';
import { insertionIndex, viewMessageOf, type MessageEntry } from '../render/timeline.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import { channelGlyph } from '../sidebar.js';

const PAGE = 50;
/** Within this many pixels of the bottom the view follows new messages; of the top, it loads older ones. */
const STICK_PX = 48;
const OLDER_PX = 240;
/** Messages kept in the page while the reader follows the bottom: a bot posting without pause must not grow the page without end; the trimmed ones come back as an older page. */
const LIVE_KEPT = 300;

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

function channelTitle(app: AppContext, channelId: string): HTMLElement[] {
  const all = app.world.guilds.flatMap((g) => g.channels);
  const c = all.find((x) => x.id === channelId);
  if (!c) return [h('span', { class: 'name' }, `channel ${channelId}`)];
  const parent = c.parentId ? all.find((x) => x.id === c.parentId) : undefined;
  return [
    ...(parent ? [h('span', { class: 'parent muted' }, parent.name), h('span', { class: 'sep muted' }, ' › ')] : []),
    channelGlyph(c.type),
    h('span', { class: 'name' }, c.name),
    c.archived ? h('span', { class: 'badge' }, 'archived') : undefined,
  ].filter((x): x is HTMLElement => x !== undefined);
}

/** Renders one channel's messages into `el`, kept live; also used by the commands view beside its invoke form. */
export function mountChannel(el: HTMLElement, app: AppContext, channelId: string): ViewHandle {
  const names = namesFrom(app);
  const header = h('header', { class: 'channel-header', 'data-channel-id': channelId }, channelTitle(app, channelId));
  const status = h('div', { class: 'older muted' });
  const list = h('discord-messages', { class: 'messages', 'data-channel-id': channelId, 'no-background': '' });
  const scroller = h('div', { class: 'messages-scroll' }, status, list);
  const root = h('section', { class: 'channel-view' }, header, scroller);
  el.append(root);

  const ids: string[] = [];
  const shown = new Map<string, { vm: ViewMessage; el: HTMLElement }>();
  const early: MessageEntry[] = [];
  let loaded = false;
  let hasMore = false;
  let loadingOlder = false;
  let stick = true;
  let closed = false;

  const username = (id: string) => names.user(id);

  function put(vm: ViewMessage): void {
    const node = renderMessage(vm, names);
    const existing = shown.get(vm.id);
    if (existing) existing.el.replaceWith(node);
    else {
      const i = insertionIndex(ids, vm.id);
      const next = ids[i];
      ids.splice(i, 0, vm.id);
      list.insertBefore(node, next === undefined ? null : shown.get(next)!.el);
    }
    shown.set(vm.id, { vm, el: node });
  }

  /** Following the bottom, the oldest messages past LIVE_KEPT leave the page (scrolling up loads them again). */
  function trim(): void {
    if (!stick || ids.length <= LIVE_KEPT) return;
    for (const id of ids.splice(0, ids.length - LIVE_KEPT)) {
      shown.get(id)?.el.remove();
      shown.delete(id);
    }
    hasMore = true;
  }

  /** A message older than every loaded one while older pages remain comes with its page, not from the stream. */
  const beyondLoaded = (id: string) => hasMore && ids.length > 0 && compareSnowflakes(id, ids[0]!) < 0;

  function apply(entry: MessageEntry): void {
    if (beyondLoaded(entry.messageId)) return;
    const known = shown.get(entry.messageId);
    const vm = viewMessageOf(entry, username);
    if (entry.action === 'delete' && known) {
      put({ ...known.vm, deleted: true, ...(entry.message ? { message: entry.message } : {}) });
      return;
    }
    // An answer's update carries no username lookup the page can do better than the one it showed.
    put(known?.vm.interaction && vm.interaction ? { ...vm, interaction: { ...vm.interaction, username: known.vm.interaction.username } } : vm);
  }

  const atBottom = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight <= STICK_PX;
  // Where the view last scrolled itself: the scroll event that follows is not the reader's (by then more may have arrived, and it would read as "scrolled up").
  let ownTop = -1;
  const toBottom = () => {
    scroller.scrollTop = scroller.scrollHeight;
    ownTop = scroller.scrollTop;
  };

  async function fetchPage(before?: string): Promise<ChannelMessagesPage> {
    const q = new URLSearchParams({ limit: String(PAGE) });
    if (before) q.set('before', before);
    return getJson<ChannelMessagesPage>(`/view/channels/${encodeURIComponent(channelId)}/messages?${q.toString()}`);
  }

  function showStatus(): void {
    status.textContent = !loaded
      ? 'Loading messages…'
      : hasMore
        ? loadingOlder
          ? 'Loading older messages…'
          : 'Scroll up for older messages'
        : ids.length === 0
          ? 'No messages in this channel yet. Messages sent through webhooks and interaction answers show here.'
          : 'The beginning of this channel.';
  }

  async function loadOlder(): Promise<void> {
    if (loadingOlder || !hasMore || closed) return;
    loadingOlder = true;
    showStatus();
    try {
      const page = await fetchPage(ids[0]);
      if (closed) return;
      const before = scroller.scrollHeight - scroller.scrollTop;
      for (const m of page.messages) if (!shown.has(m.id)) put(m);
      hasMore = page.hasMore;
      // Keep the reader's place: the messages they were reading stay where they were.
      scroller.scrollTop = scroller.scrollHeight - before;
    } catch (err) {
      status.textContent = `Could not load older messages: ${err instanceof Error ? err.message : String(err)}`;
      loadingOlder = false;
      return;
    }
    loadingOlder = false;
    showStatus();
    fillViewport();
  }

  /** Until the view overflows there is no scrolling up to ask for older messages: load them now. */
  function fillViewport(): void {
    if (hasMore && scroller.scrollHeight <= scroller.clientHeight + OLDER_PX) void loadOlder();
  }

  scroller.addEventListener('scroll', () => {
    if (scroller.scrollTop !== ownTop) stick = atBottom();
    if (scroller.scrollTop <= OLDER_PX) void loadOlder();
  });
  // Content grows (a message arrives, an image decodes): a reader at the bottom stays there.
  const resize = new ResizeObserver(() => {
    if (stick) toBottom();
  });
  resize.observe(list);

  showStatus();
  if (!channelId) {
    status.textContent = 'No channel selected.';
  } else {
    fetchPage()
      .then((page) => {
        if (closed) return;
        for (const m of page.messages) put(m);
        hasMore = page.hasMore;
        loaded = true;
        for (const e of early.splice(0)) apply(e);
        list.setAttribute('data-loaded', 'true');
        showStatus();
        toBottom();
        fillViewport();
      })
      .catch((err: unknown) => {
        status.textContent = `Could not load messages: ${err instanceof ApiError || err instanceof Error ? err.message : String(err)}`;
        status.classList.add('error');
      });
  }

  return {
    onEntry(entry: StreamEntry) {
      if (entry.kind !== 'message' || entry.channelId !== channelId) return;
      const e: MessageEntry = {
        action: entry.action,
        channelId: entry.channelId,
        messageId: entry.messageId,
        source: entry.source,
        ...(entry.interaction ? { interaction: entry.interaction } : {}),
        ...(entry.message ? { message: entry.message } : {}),
      };
      if (!loaded) early.push(e);
      else {
        stick = stick || atBottom();
        apply(e);
        trim();
        showStatus();
      }
    },
    onWorld() {
      header.replaceChildren(...channelTitle(app, channelId));
    },
    unmount() {
      closed = true;
      resize.disconnect();
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
      if (app.selection.channelId === channelId) return;
      inner.unmount?.();
      channelId = app.selection.channelId;
      inner = mountChannel(el, app, channelId);
    },
    onWorld: () => inner.onWorld?.(),
    unmount: () => inner.unmount?.(),
  };
};
