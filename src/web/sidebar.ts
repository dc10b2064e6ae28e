/**
 * The side bar: each guild with its channels as the client lists them
 * (threads under their parent, forum posts under their forum), the bots'
 * direct messages, then the member the page acts as and the locale it shows.
 */
import { html, nothing, render, svg, type TemplateResult } from 'lit-html';
import type { AppContext } from './app-context.js';
import type { ViewChannel, ViewGuild } from '../emulator/view/world-types.js';
import { isForumLike, isThreadType } from '../wire/channels.js';
import { ChannelType } from '../wire/enums.js';

/**
 * Channel icons as small inline SVG (the page ships no icon font and the
 * browser may have no emoji font): one path each, drawn in the text colour.
 */
const GLYPHS: Record<number, { path: string; label: string }> = {
  [ChannelType.GUILD_TEXT]: { path: 'M9 3 7 21M17 3l-2 18M4 8.5h17M3 15.5h17', label: 'text channel' },
  [ChannelType.GUILD_ANNOUNCEMENT]: {
    path: 'M4 10v4h3l7 4V6L7 10H4Zm13-1.5a4.5 4.5 0 0 1 0 7',
    label: 'announcement channel',
  },
  [ChannelType.GUILD_FORUM]: { path: 'M4 5h13v9H9l-4 3v-3H4V5Zm16 4v8h-1v3l-4-3h-5', label: 'forum' },
  [ChannelType.GUILD_MEDIA]: { path: 'M4 5h16v14H4V5Zm0 11 5-5 4 4 2-2 5 5M15.5 9.5h.01', label: 'media channel' },
  [ChannelType.GUILD_VOICE]: {
    path: 'M4 10v4h3l5 4V6l-5 4H4Zm12-2a5 5 0 0 1 0 8m2.5-10.5a8.5 8.5 0 0 1 0 13',
    label: 'voice channel',
  },
  [ChannelType.GUILD_STAGE_VOICE]: {
    path: 'M12 4a3 3 0 0 1 3 3v4a3 3 0 0 1-6 0V7a3 3 0 0 1 3-3Zm-6 7a6 6 0 0 0 12 0M12 17v3',
    label: 'stage channel',
  },
  [ChannelType.ANNOUNCEMENT_THREAD]: { path: 'M6 4v10a3 3 0 0 0 3 3h10m-4-4 4 4-4 4', label: 'thread' },
  [ChannelType.PUBLIC_THREAD]: { path: 'M6 4v10a3 3 0 0 0 3 3h10m-4-4 4 4-4 4', label: 'thread' },
  [ChannelType.PRIVATE_THREAD]: { path: 'M6 4v10a3 3 0 0 0 3 3h10m-4-4 4 4-4 4', label: 'private thread' },
};
const POST_GLYPH = { path: 'M5 4h14v12H9l-4 4V4Zm4 5h6m-6 3h4', label: 'forum post' };

/** The channel type's icon, as the client draws one before a channel's name. */
export function channelGlyph(type: number, post = false): TemplateResult {
  const glyph = post ? POST_GLYPH : (GLYPHS[type] ?? GLYPHS[ChannelType.GUILD_TEXT]!);
  const path = svg`<path d=${glyph.path} fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"></path>`;
  return html`<span class="icon" title=${glyph.label} data-glyph=${post ? 'post' : String(type)}><svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">${path}</svg></span>`;
}

function channelItem(
  app: AppContext,
  guildId: string,
  c: ViewChannel,
  depth: number,
  children: ViewChannel[],
  parentType?: number,
): TemplateResult {
  const selected = c.id === app.selection.channelId;
  const isPost = c.parentId !== undefined && children.length === 0 && isThreadType(c.type);
  const tags = isPost && c.appliedTags?.length ? c.appliedTags.length : 0;
  const pick = (ev: Event) => {
    ev.preventDefault();
    app.select({ guildId, channelId: c.id });
    if (!location.hash.startsWith('#/commands')) location.hash = '#/channels';
  };
  return html`<a href="#" class="channel depth-${depth}${selected ? ' selected' : ''}${c.archived ? ' archived' : ''}" data-channel-id=${c.id} title="${c.name} (${c.id})${c.archived ? ', archived' : ''}" aria-current=${selected ? 'true' : nothing} @click=${pick}>${channelGlyph(c.type, isPost && parentType !== undefined && isForumLike(parentType))}<span class="name">${c.name}</span>${c.nsfw ? html`<span class="badge">18+</span>` : nothing}${tags ? html`<span class="badge">${tags} tag${tags > 1 ? 's' : ''}</span>` : nothing}</a>`;
}

/** A guild's channels in the order the side bar lists them: each parent, then what is under it. */
function guildSection(app: AppContext, g: ViewGuild): TemplateResult {
  const byParent = new Map<string, ViewChannel[]>();
  for (const c of g.channels) if (c.parentId) byParent.set(c.parentId, [...(byParent.get(c.parentId) ?? []), c]);
  const items: TemplateResult[] = [];
  const add = (c: ViewChannel, depth: number, parentType?: number) => {
    const kids = byParent.get(c.id) ?? [];
    items.push(channelItem(app, g.id, c, depth, kids, parentType));
    for (const k of kids) add(k, depth + 1, c.type);
  };
  for (const c of g.channels) if (!c.parentId || !g.channels.some((p) => p.id === c.parentId)) add(c, 0);
  const bans = g.bans?.length
    ? html`<details class="bans"><summary>Banned (${g.bans.length})</summary>${g.bans.map(
        (b) =>
          html`<div class="ban" title=${b.userId}>${b.username}${b.reason ? html` <span class="reason">${b.reason}</span>` : nothing}</div>`,
      )}</details>`
    : nothing;
  return html`<section class="guild" data-guild-id=${g.id}><h2 title=${g.id}>${g.name}</h2>${items}${bans}</section>`;
}

/** Who the page acts as and in which locale; `.selected` (not the attribute) so a re-render moves the choice. */
function actingAs(app: AppContext): TemplateResult {
  const members = app.guild()?.members ?? [];
  const pick = (key: 'memberId' | 'locale') => (ev: Event) =>
    app.select({ [key]: (ev.target as HTMLSelectElement).value });
  return html`<section class="as"><label>Acting as <select id="member" aria-label="Act as member" @change=${pick('memberId')}>${members.map(
    (m) =>
      html`<option value=${m.id} .selected=${m.id === app.selection.memberId}>${m.username}${m.owner ? ' (owner)' : ''}${m.timedOutUntil ? ' (timed out)' : ''}</option>`,
  )}</select></label><label>Locale <select id="locale" aria-label="Locale" @change=${pick('locale')}>${app.world.locales.map(
    (l) => html`<option value=${l} .selected=${l === app.selection.locale}>${l}</option>`,
  )}</select></label></section>`;
}

/** The bots' DMs, one per user (the member's name; the bot's when the world has several). */
function directMessages(app: AppContext): TemplateResult | typeof nothing {
  const several = app.world.applications.length > 1;
  const dms = app.world.applications.flatMap((a) => (a.dms ?? []).map((d) => ({ ...d, bot: a.name })));
  if (dms.length === 0) return nothing;
  return html`<section class="dms"><h2>Direct messages</h2>${dms.map(
    (d) =>
      html`<div class="dm" data-channel-id=${d.id} title="${d.username} (${d.id})">${channelGlyph(ChannelType.GUILD_TEXT)}<span class="name">${d.username}${several ? html` <span class="reason">with ${d.bot}</span>` : nothing}</span></div>`,
  )}</section>`;
}

export function renderSidebar(el: HTMLElement, app: AppContext): void {
  render(html`${app.world.guilds.map((g) => guildSection(app, g))}${directMessages(app)}${actingAs(app)}`, el);
}
