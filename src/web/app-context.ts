/**
 * What every view of the page shares: the world (applications, guilds,
 * channels, members), the selection the side bar holds (guild, channel, the
 * member the page acts and sees as), and the live feed.
 */
import type { ViewChannel, ViewGuild, ViewWorld } from '../emulator/view/world-types.js';
import type { StreamEntry } from './stream.js';

export interface Selection {
  guildId: string;
  channelId: string;
  /** The member the commands view evaluates access for and the invoke form acts as. */
  memberId: string;
  /** The locale the commands view shows and the invoke form sends. */
  locale: string;
}

export interface AppContext {
  world: ViewWorld;
  selection: Selection;
  /** Re-reads the world (after a change) and re-renders the side bar. */
  refreshWorld(): Promise<void>;
  /** Changes the selection; views re-render through `onSelection`. */
  select(change: Partial<Selection>): void;
  guild(): ViewGuild | undefined;
  channel(): ViewChannel | undefined;
}

/** One view of the page (Channels, Commands, State), mounted into the main area. */
export interface ViewHandle {
  /** Every entry of the live feed while the view is shown. */
  onEntry?(entry: StreamEntry): void;
  /** The selection changed (a channel picked in the side bar, another member or locale). */
  onSelection?(): void;
  /** The world changed (a command created, a channel added). */
  onWorld?(): void;
  unmount?(): void;
}

export type MountView = (el: HTMLElement, app: AppContext) => ViewHandle;
