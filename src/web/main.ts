/**
 * The web view's entry: reads the world, draws the side bar (guilds, their
 * channels with threads and forum posts under their parents, the member to
 * act as and the locale), mounts the view the URL names (#/channels,
 * #/commands, #/state) and feeds it the live stream.
 */
import './render/skyra-config.js';
import { getJson } from './api.js';
import type { AppContext, MountView, Selection, ViewHandle } from './app-context.js';
import { renderSidebar } from './sidebar.js';
import { openStream } from './stream.js';
import { mountChannels } from './views/channels.js';
import { mountCommands } from './views/commands.js';
import { mountState } from './views/state.js';
import type { ViewWorld } from '../emulator/view/world-types.js';
import { ChannelType } from '../wire/enums.js';

const VIEWS: Record<string, MountView> = { channels: mountChannels, commands: mountCommands, state: mountState };
const SELECTION_KEY = 'cmdsync-view-selection';

function defaultSelection(world: ViewWorld, saved: Partial<Selection>): Selection {
  const guild =
    world.guilds.find((g) => g.id === saved.guildId) ??
    world.guilds.find((g) => g.id === world.defaultGuildId) ??
    world.guilds[0];
  const channel =
    guild?.channels.find((c) => c.id === saved.channelId) ??
    guild?.channels.find((c) => c.type === ChannelType.GUILD_TEXT) ??
    guild?.channels[0];
  const member =
    guild?.members.find((m) => m.id === saved.memberId) ?? guild?.members.find((m) => m.owner) ?? guild?.members[0];
  return {
    guildId: guild?.id ?? '',
    channelId: channel?.id ?? '',
    memberId: member?.id ?? '',
    locale: saved.locale && world.locales.includes(saved.locale) ? saved.locale : 'en-US',
  };
}

function readSaved(): Partial<Selection> {
  try {
    return JSON.parse(localStorage.getItem(SELECTION_KEY) ?? '{}') as Partial<Selection>;
  } catch {
    return {};
  }
}

async function boot(): Promise<void> {
  const sidebar = document.getElementById('sidebar')!;
  const main = document.getElementById('view')!;
  const live = document.getElementById('live')!;
  const world = await getJson<ViewWorld>('/view/world');
  let current: { name: string; handle: ViewHandle } | undefined;

  const app: AppContext = {
    world,
    selection: defaultSelection(world, readSaved()),
    async refreshWorld() {
      app.world = await getJson<ViewWorld>('/view/world');
      const fixed = defaultSelection(app.world, app.selection);
      const moved =
        fixed.guildId !== app.selection.guildId ||
        fixed.channelId !== app.selection.channelId ||
        fixed.memberId !== app.selection.memberId;
      app.selection = fixed;
      renderSidebar(sidebar, app);
      current?.handle.onWorld?.();
      if (moved) current?.handle.onSelection?.();
    },
    select(change) {
      const next = { ...app.selection, ...change };
      // Another guild: its own channel and member.
      app.selection =
        change.guildId && change.guildId !== app.selection.guildId
          ? defaultSelection(app.world, { ...change, locale: next.locale })
          : next;
      localStorage.setItem(SELECTION_KEY, JSON.stringify(app.selection));
      renderSidebar(sidebar, app);
      current?.handle.onSelection?.();
    },
    guild: () => app.world.guilds.find((g) => g.id === app.selection.guildId),
    channel: () => app.guild()?.channels.find((c) => c.id === app.selection.channelId),
  };

  const show = () => {
    const name = location.hash.replace(/^#\/?/, '').split('/')[0] || 'channels';
    const mount = VIEWS[name] ?? mountChannels;
    current?.handle.unmount?.();
    main.replaceChildren();
    main.dataset.view = name;
    current = { name, handle: mount(main, app) };
    for (const a of document.querySelectorAll<HTMLAnchorElement>('nav.tabs a'))
      a.classList.toggle('active', a.dataset.tab === name);
  };
  window.addEventListener('hashchange', show);
  renderSidebar(sidebar, app);
  show();

  let worldTimer: ReturnType<typeof setTimeout> | undefined;
  openStream(
    (entry) => {
      current?.handle.onEntry?.(entry);
      // A change that may add channels (a forum post), commands or webhooks: re-read the world, at most every 300 ms.
      const changes = entry.kind === 'request' && entry.method !== 'GET' && entry.status < 300;
      if (changes && !worldTimer) {
        worldTimer = setTimeout(() => {
          worldTimer = undefined;
          void app.refreshWorld();
        }, 300);
      }
    },
    (status) => {
      live.textContent = status === 'live' ? '● live' : 'reconnecting…';
      live.className = `live ${status}`;
    },
  );
}

boot().catch((err: unknown) => {
  document.getElementById('view')!.textContent =
    `The web view could not load: ${err instanceof Error ? err.message : String(err)}`;
});
