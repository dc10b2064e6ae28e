/**
 * One message as the client shows it (discord-message): author and avatar
 * (a webhook's name override is the message's author; its avatar is the
 * image the webhook was given as data, else a letter drawn by the page, as
 * the page loads nothing from the network), the APP tag, the time, markdown content, attachments, embeds,
 * components v1 or v2, a poll, the "used /command" header of an
 * interaction answer, "is thinking…" while deferred, "(edited)", and for an
 * ephemeral answer who alone sees it. A deleted message stays, greyed and
 * marked, with its last content.
 */
import './skyra.js';
import type { ViewMessage } from '../../emulator/view/channel-messages-types.js';
import { MessageFlag } from '../../wire/enums.js';
import { h } from '../dom.js';
import { avatarBlobUrl, renderAttachments } from './attachments.js';
import { avatarDataUrl } from './avatar.js';
import { renderActionRow } from './components.js';
import { renderComponentsV2 } from './components-v2.js';
import { renderEmbed } from './embed.js';
import { renderMarkdown, type MentionNames } from './markdown.js';
import { attachmentsOf, embeddedAttachmentIds } from './media.js';
import { answerHeading, formatMessageTime, plainEmoji } from './text.js';
import type { Obj } from '../../wire/rules/values.js';

const obj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;
const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.filter((c): c is Obj => obj(c) !== undefined) : []);

/** An answer's header, as answerHeading says (a command's "used /name", else what the member used). */
function answerHeader(a: NonNullable<ViewMessage['interaction']>, msg: Obj): HTMLElement {
  const avatar = avatarDataUrl(a.userId, a.username);
  const heading = answerHeading(a, obj(msg.interaction_metadata)?.type);
  if (heading.kind === 'command')
    return h('discord-command', {
      slot: 'reply',
      author: a.username,
      avatar,
      command: `/${heading.command}`,
      class: 'command-header',
    });
  return h('div', { slot: 'reply', class: 'component-header' }, heading.text);
}

export function messageClasses(m: ViewMessage): string {
  return ['message', m.source, m.ephemeral ? 'ephemeral' : '', m.edited ? 'edited' : '', m.deleted ? 'deleted' : '']
    .filter(Boolean)
    .join(' ');
}

function renderPoll(poll: Obj, names: MentionNames): HTMLElement {
  const question = String(obj(poll.question)?.text ?? '');
  const answers = objs(poll.answers);
  const counts = new Map(objs(obj(poll.results)?.answer_counts).map((c) => [String(c.id), Number(c.count) || 0]));
  return h(
    'div',
    { class: 'poll', slot: 'embeds' },
    h('div', { class: 'poll-question' }, renderMarkdown(question, { names })),
    h(
      'div',
      { class: 'poll-kind muted' },
      poll.allow_multiselect === true ? 'Select one or more answers' : 'Select one answer',
    ),
    answers.map((a) => {
      const media = obj(a.poll_media);
      const emoji = obj(media?.emoji);
      const label = `${emoji?.name ? (emoji.id ? `:${String(emoji.name)}: ` : `${String(emoji.name)} `) : ''}${plainEmoji(String(media?.text ?? ''))}`;
      return h(
        'div',
        { class: 'poll-answer' },
        h('span', {}, label),
        h('span', { class: 'poll-votes muted' }, `${counts.get(String(a.answer_id)) ?? 0} votes`),
      );
    }),
  );
}

export function renderMessage(m: ViewMessage, names: MentionNames): HTMLElement {
  const msg = m.message;
  const author = obj(msg.author);
  const authorName = String(author?.global_name ?? author?.username ?? 'Unknown');
  const authorId = String(author?.id ?? m.id);
  const flags = typeof msg.flags === 'number' ? msg.flags : 0;
  const loading = (flags & MessageFlag.LOADING) !== 0;
  const v2 = (flags & MessageFlag.IS_COMPONENTS_V2) !== 0;
  const suppressEmbeds = (flags & MessageFlag.SUPPRESS_EMBEDS) !== 0;
  const attachments = attachmentsOf(msg);

  const el = h('discord-message', {
    'data-message-id': m.id,
    'data-source': m.source,
    class: messageClasses(m),
    author: authorName,
    avatar: avatarDataUrl(authorId, authorName),
    bot: author?.bot === true ? '' : undefined,
    timestamp: formatMessageTime(msg.timestamp),
    edited: m.edited ? '' : undefined,
    title: author?.avatar ? `avatar ${String(author.avatar)}` : undefined,
  });
  if (typeof author?.avatar === 'string') {
    const hash = author.avatar;
    void avatarBlobUrl(hash).then((url) => {
      if (!url) return;
      el.setAttribute('avatar', url);
      el.dataset.avatar = hash;
    });
  }

  if (m.interaction) el.append(answerHeader(m.interaction, msg));

  if (loading) el.append(h('span', { class: 'thinking' }, `${authorName} is thinking…`));
  else if (!v2) el.append(...renderMarkdown(typeof msg.content === 'string' ? msg.content : '', { names }));

  if (m.deleted) el.append(h('span', { class: 'deleted-mark' }, ' (deleted)'));
  if (m.ephemeral && m.interaction)
    el.append(h('div', { class: 'ephemeral-note' }, `Only ${m.interaction.username} can see this`));

  if (v2) {
    const box = renderComponentsV2(msg.components, attachments, names);
    box.slot = 'components';
    el.append(box);
  } else {
    const inEmbeds = suppressEmbeds ? new Set<string>() : embeddedAttachmentIds(msg.embeds, attachments);
    const shown = renderAttachments(attachments.filter((a) => !inEmbeds.has(a.id)));
    if (shown) el.append(shown);
    if (!suppressEmbeds) for (const e of objs(msg.embeds)) el.append(renderEmbed(e, attachments, names));
    const poll = obj(msg.poll);
    if (poll) el.append(renderPoll(poll, names));
    for (const row of objs(msg.components)) el.append(renderActionRow(row, 'components'));
  }

  const thread = obj(msg.thread);
  if (thread)
    el.append(h('discord-thread', { slot: 'thread', name: String(thread.name ?? 'thread'), cta: 'See Thread' }));
  return el;
}
