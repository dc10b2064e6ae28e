/**
 * One channel's messages as the page holds them: the loaded window (oldest
 * first, ordered by snowflake), where the reader is (following the bottom or
 * reading back), older pages loaded as they scroll up, and the live feed
 * applied. Drawn as a lit-html template into the view's own root; a message
 * itself is rendered once by render/message.ts and kept until it changes.
 */
import { html, nothing, render, type TemplateResult } from 'lit-html';
import { createRef, ref } from 'lit-html/directives/ref.js';
import { repeat } from 'lit-html/directives/repeat.js';
import type { ChannelMessagesPage, ViewMessage } from '../../emulator/view/channel-messages-types.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import { getJson } from '../api.js';
import type { MentionNames } from '../render/markdown.js';
import { renderMessage } from '../render/message.js';
import { insertionIndex, viewMessageOf, type MessageEntry } from '../render/timeline.js';

const PAGE = 50;
/** Within this many pixels of the bottom the view follows new messages; of the top, it loads older ones. */
const STICK_PX = 48;
const OLDER_PX = 240;
/** Messages kept in the page while the reader follows the bottom: a bot posting without pause must not grow the page without end; the trimmed ones come back as an older page. */
const LIVE_KEPT = 300;

/** What the line above the messages says instead of where the history stands: a failed read, no channel. */
interface Problem {
  text: string;
  error: boolean;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

export class ChannelTimeline {
  private readonly ids: string[] = [];
  private readonly shown = new Map<string, { vm: ViewMessage; el: HTMLElement }>();
  /** Stream entries that arrived before the first page: applied once it is in. */
  private readonly early: MessageEntry[] = [];
  private loaded = false;
  private hasMore = false;
  private loadingOlder = false;
  private stick = true;
  private closed = false;
  private problem: Problem | undefined;
  /** Where the view last scrolled itself: the scroll event that follows is not the reader's (by then more may have arrived, and it would read as "scrolled up"). */
  private ownTop = -1;
  private readonly scroller = createRef<HTMLDivElement>();
  private readonly list = createRef<HTMLElement>();
  private readonly resize: ResizeObserver;

  constructor(
    private readonly root: HTMLElement,
    private readonly channelId: string,
    private readonly names: MentionNames,
    private title: () => TemplateResult,
    /** Drawn under the messages: the composer. */
    private readonly footer?: HTMLElement,
  ) {
    this.draw();
    // Content grows (a message arrives, an image decodes): a reader at the bottom stays there.
    this.resize = new ResizeObserver(() => {
      if (this.stick) this.toBottom();
    });
    this.resize.observe(this.list.value!);
    if (!channelId) this.showProblem({ text: 'No channel selected.', error: false });
    else void this.loadFirst();
  }

  private template(): TemplateResult {
    const id = this.channelId;
    return html`<header class="channel-header" data-channel-id=${id}>${this.title()}</header><div class="messages-scroll" ${ref(this.scroller)} @scroll=${this.onScroll}><div class=${this.problem?.error ? 'older muted error' : 'older muted'}>${this.problem?.text ?? this.statusText()}</div><discord-messages class="messages" data-channel-id=${id} no-background data-loaded=${this.loaded ? 'true' : nothing} ${ref(this.list)}>${repeat(
      this.ids,
      (m) => m,
      (m) => this.shown.get(m)!.el,
    )}</discord-messages></div>${this.footer ?? nothing}`;
  }

  /** A loaded message as the view holds it now (the live components read its components). */
  message(id: string): ViewMessage | undefined {
    return this.shown.get(id)?.vm;
  }

  private statusText(): string {
    if (!this.loaded) return 'Loading messages…';
    if (this.hasMore) return this.loadingOlder ? 'Loading older messages…' : 'Scroll up for older messages';
    return this.ids.length === 0
      ? 'No messages in this channel yet. Messages sent through webhooks and interaction answers show here.'
      : 'The beginning of this channel.';
  }

  private draw(): void {
    if (!this.closed) render(this.template(), this.root);
  }

  /** The line above the messages says where the history stands again. */
  private showStatus(): void {
    this.problem = undefined;
    this.draw();
  }

  private showProblem(problem: Problem): void {
    this.problem = problem;
    this.draw();
  }

  /** Adds or replaces a message in the loaded window (not drawn: the caller draws once). */
  private put(vm: ViewMessage): void {
    const el = renderMessage(vm, this.names);
    if (!this.shown.has(vm.id)) this.ids.splice(insertionIndex(this.ids, vm.id), 0, vm.id);
    this.shown.set(vm.id, { vm, el });
  }

  /** Following the bottom, the oldest messages past LIVE_KEPT leave the page (scrolling up loads them again). */
  private trim(): void {
    if (!this.stick || this.ids.length <= LIVE_KEPT) return;
    for (const id of this.ids.splice(0, this.ids.length - LIVE_KEPT)) this.shown.delete(id);
    this.hasMore = true;
  }

  /** A message older than every loaded one while older pages remain comes with its page, not from the stream. */
  private beyondLoaded(id: string): boolean {
    return this.hasMore && this.ids.length > 0 && compareSnowflakes(id, this.ids[0]!) < 0;
  }

  private apply(entry: MessageEntry): void {
    if (this.beyondLoaded(entry.messageId)) return;
    const known = this.shown.get(entry.messageId);
    const vm = viewMessageOf(entry, (id) => this.names.user(id));
    if (entry.action === 'delete' && known) {
      this.put({ ...known.vm, deleted: true, ...(entry.message ? { message: entry.message } : {}) });
      return;
    }
    // An answer's update carries no username lookup the page can do better than the one it showed.
    this.put(
      known?.vm.interaction && vm.interaction
        ? { ...vm, interaction: { ...vm.interaction, username: known.vm.interaction.username } }
        : vm,
    );
  }

  private atBottom(): boolean {
    const s = this.scroller.value!;
    return s.scrollHeight - s.scrollTop - s.clientHeight <= STICK_PX;
  }

  private toBottom(): void {
    const s = this.scroller.value!;
    s.scrollTop = s.scrollHeight;
    this.ownTop = s.scrollTop;
  }

  private readonly onScroll = (): void => {
    const s = this.scroller.value!;
    if (s.scrollTop !== this.ownTop) this.stick = this.atBottom();
    if (s.scrollTop <= OLDER_PX) void this.loadOlder();
  };

  private fetchPage(before?: string): Promise<ChannelMessagesPage> {
    const q = new URLSearchParams({ limit: String(PAGE) });
    if (before) q.set('before', before);
    return getJson<ChannelMessagesPage>(
      `/view/channels/${encodeURIComponent(this.channelId)}/messages?${q.toString()}`,
    );
  }

  private async loadFirst(): Promise<void> {
    let page: ChannelMessagesPage;
    try {
      page = await this.fetchPage();
    } catch (err) {
      this.showProblem({ text: `Could not load messages: ${errorText(err)}`, error: true });
      return;
    }
    if (this.closed) return;
    for (const m of page.messages) this.put(m);
    this.hasMore = page.hasMore;
    this.loaded = true;
    for (const e of this.early.splice(0)) this.apply(e);
    this.showStatus();
    this.toBottom();
    this.fillViewport();
  }

  private async loadOlder(): Promise<void> {
    if (this.loadingOlder || !this.hasMore || this.closed) return;
    this.loadingOlder = true;
    this.showStatus();
    try {
      const page = await this.fetchPage(this.ids[0]);
      if (this.closed) return;
      const s = this.scroller.value!;
      const before = s.scrollHeight - s.scrollTop;
      for (const m of page.messages) if (!this.shown.has(m.id)) this.put(m);
      this.hasMore = page.hasMore;
      this.loadingOlder = false;
      this.showStatus();
      // Keep the reader's place: the messages they were reading stay where they were.
      s.scrollTop = s.scrollHeight - before;
    } catch (err) {
      this.loadingOlder = false;
      this.showProblem({ text: `Could not load older messages: ${errorText(err)}`, error: false });
      return;
    }
    this.fillViewport();
  }

  /** Until the view overflows there is no scrolling up to ask for older messages: load them now. */
  private fillViewport(): void {
    const s = this.scroller.value!;
    if (this.hasMore && s.scrollHeight <= s.clientHeight + OLDER_PX) void this.loadOlder();
  }

  /** A message created, edited or deleted in this channel (from the live feed). */
  onMessage(entry: MessageEntry): void {
    if (!this.loaded) {
      this.early.push(entry);
      return;
    }
    this.stick = this.stick || this.atBottom();
    this.apply(entry);
    this.trim();
    this.showStatus();
  }

  /** The world changed: the header names the channel (and its parent) anew. */
  retitle(title: () => TemplateResult): void {
    this.title = title;
    this.draw();
  }

  close(): void {
    this.closed = true;
    this.resize.disconnect();
  }
}
