/**
 * A message's embeds as the client shows them (discord-embed). Images show
 * only when they are files uploaded with the message (from the bytes the
 * emulator kept); an external image URL is shown as a link, never loaded.
 */
import { h } from '../dom.js';
import { blobUrl, fileBox } from './attachments.js';
import { renderMarkdown, type MentionNames } from './markdown.js';
import { inlineIndexes } from './fields.js';
import { attachmentFor, type AttachmentLike } from './media.js';
import { cssColour, formatMessageTime, plainEmoji, safeHref } from './text.js';
import type { Obj } from '../../wire/rules/values.js';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const obj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

/** Sets `prop` of the embed to the file's blob URL once it arrives (image, thumbnail, author or footer icon). */
function whenLoaded(a: AttachmentLike | undefined, set: (url: string) => void, missing?: () => void): void {
  if (a) void blobUrl(a.id).then((url) => (url ? set(url) : missing?.()));
}

/** An external media URL, as a link where the image would be. */
function externalMedia(kind: string, url: unknown, slot: string): HTMLElement | undefined {
  const href = safeHref(url);
  if (!href) return undefined;
  return h(
    'div',
    { slot, class: 'embed-external-media' },
    `${kind}: `,
    h('a', { href, target: '_blank', rel: 'noopener noreferrer nofollow' }, href),
  );
}

export function renderEmbed(embed: Obj, attachments: readonly AttachmentLike[], names: MentionNames): HTMLElement {
  const el = h('discord-embed', { slot: 'embeds', class: 'embed' });
  const colour = cssColour(embed.color);
  if (colour) el.setAttribute('color', colour);
  const title = str(embed.title);
  if (title) el.setAttribute('embed-title', plainEmoji(title));
  const url = safeHref(embed.url);
  if (url) el.setAttribute('url', url);
  const author = obj(embed.author);
  if (author && str(author.name)) {
    el.setAttribute('author-name', plainEmoji(String(author.name)));
    const authorUrl = safeHref(author.url);
    if (authorUrl) el.setAttribute('author-url', authorUrl);
    whenLoaded(attachmentFor(author.icon_url, attachments), (u) => el.setAttribute('author-image', u));
  }
  const description = str(embed.description);
  if (description)
    el.append(
      h('discord-embed-description', { slot: 'description' }, renderMarkdown(description, { names, embed: true })),
    );

  const fields = Array.isArray(embed.fields) ? embed.fields.map(obj).filter((f): f is Obj => f !== undefined) : [];
  if (fields.length) {
    const indexes = inlineIndexes(fields);
    el.append(
      h(
        'discord-embed-fields',
        { slot: 'fields' },
        fields.map((f, i) =>
          h(
            'discord-embed-field',
            {
              'field-title': plainEmoji(String(f.name ?? '')),
              inline: f.inline === true ? '' : undefined,
              'inline-index': indexes[i] === undefined ? undefined : String(indexes[i]),
            },
            renderMarkdown(String(f.value ?? ''), { names, embed: true }),
          ),
        ),
      ),
    );
  }

  for (const [key, label] of [
    ['image', 'Image'],
    ['thumbnail', 'Thumbnail'],
    ['video', 'Video'],
  ] as const) {
    const media = obj(embed[key]);
    if (!media) continue;
    const file = attachmentFor(media.url, attachments);
    if (file && key !== 'video') {
      whenLoaded(
        file,
        (u) => el.setAttribute(key, u),
        () => el.append(fileBox(file, 'footer')),
      );
      // Tests and readers find which file the embed shows.
      el.setAttribute(`data-${key}-attachment-id`, file.id);
    } else {
      const link = externalMedia(label, media.url, 'footer');
      if (link) el.append(link);
    }
  }

  const footer = obj(embed.footer);
  const stamp = str(embed.timestamp);
  if ((footer && str(footer.text)) || stamp) {
    const f = h(
      'discord-embed-footer',
      { slot: 'footer', timestamp: stamp ? formatMessageTime(stamp) : undefined },
      footer ? String(footer.text ?? '') : '',
    );
    if (footer) whenLoaded(attachmentFor(footer.icon_url, attachments), (u) => f.setAttribute('footer-image', u));
    el.append(f);
  }
  return el;
}
