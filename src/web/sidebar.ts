/**
 * The side bar: each guild with its channels as the client lists them
 * (threads under their parent, forum posts under their forum), then the
 * member the page acts as and the locale it shows.
 */
import type { AppContext } from './app-context.js';
import type { ViewChannel } from '../emulator/view/world-view.js';
import { h } from './dom.js';

/** Channel types (facts §4): text 0, announcement 5, forum 15, media 16, threads 10/11/12. */
const THREADS = new Set([10, 11, 12]);
const ICONS: Record<number, string> = { 0: '#', 5: '📢', 15: '💬', 16: '🖼', 2: '🔊', 13: '🎙', 10: '🧵', 11: '🧵', 12: '🧵' };

function channelItem(app: AppContext, guildId: string, c: ViewChannel, depth: number, children: ViewChannel[]): HTMLElement[] {
  const selected = c.id === app.selection.channelId;
  const isPost = c.parentId !== undefined && children.length === 0 && THREADS.has(c.type);
  const link = h(
    'a',
    {
      href: '#',
      class: `channel depth-${depth}${selected ? ' selected' : ''}${c.archived ? ' archived' : ''}`,
      'data-channel-id': c.id,
      title: `${c.name} (${c.id})${c.archived ? ', archived' : ''}`,
      'aria-current': selected ? 'true' : undefined,
    },
    h('span', { class: 'icon' }, ICONS[c.type] ?? '#'),
    h('span', { class: 'name' }, c.name),
    c.nsfw ? h('span', { class: 'badge' }, '18+') : undefined,
    isPost && c.appliedTags?.length ? h('span', { class: 'badge' }, `${c.appliedTags.length} tag${c.appliedTags.length > 1 ? 's' : ''}`) : undefined,
  );
  link.addEventListener('click', (ev) => {
    ev.preventDefault();
    app.select({ guildId, channelId: c.id });
    if (!location.hash.startsWith('#/commands')) location.hash = '#/channels';
  });
  return [link];
}

export function renderSidebar(el: HTMLElement, app: AppContext): void {
  const parts: HTMLElement[] = [];
  for (const g of app.world.guilds) {
    const byParent = new Map<string, ViewChannel[]>();
    for (const c of g.channels) if (c.parentId) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
    const items: HTMLElement[] = [];
    const add = (c: ViewChannel, depth: number) => {
      const kids = byParent.get(c.id) ?? [];
      items.push(...channelItem(app, g.id, c, depth, kids));
      for (const k of kids) add(k, depth + 1);
    };
    for (const c of g.channels) if (!c.parentId || !g.channels.some((p) => p.id === c.parentId)) add(c, 0);
    parts.push(h('section', { class: 'guild', 'data-guild-id': g.id }, h('h2', { title: g.id }, g.name), ...items));
  }
  const guild = app.guild();
  const member = h('select', { id: 'member', 'aria-label': 'Act as member' }, ...(guild?.members ?? []).map((m) => h('option', { value: m.id, selected: m.id === app.selection.memberId ? '' : undefined }, `${m.username}${m.owner ? ' (owner)' : ''}`)));
  member.addEventListener('change', () => app.select({ memberId: (member as HTMLSelectElement).value }));
  const locale = h('select', { id: 'locale', 'aria-label': 'Locale' }, ...app.world.locales.map((l) => h('option', { value: l, selected: l === app.selection.locale ? '' : undefined }, l)));
  locale.addEventListener('change', () => app.select({ locale: (locale as HTMLSelectElement).value }));
  parts.push(h('section', { class: 'as' }, h('label', {}, 'Acting as ', member), h('label', {}, 'Locale ', locale)));
  el.replaceChildren(...parts);
}
