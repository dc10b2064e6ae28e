/**
 * Components v2 (message flag IS_COMPONENTS_V2): the message is its
 * components. @skyra/discord-components-core has no elements for these, so
 * they are drawn here with plain elements styled in views/channels.css:
 * container (accent colour bar, spoiler), section (text beside a button or
 * thumbnail), text display (markdown), thumbnail, media gallery, file and
 * separator; action rows as in v1.
 */
import { h } from '../dom.js';
import { attachmentImage, fileBox } from './attachments.js';
import { renderActionRow, renderButton } from './components.js';
import { renderMarkdown, type MentionNames } from './markdown.js';
import { attachmentFor, type AttachmentLike } from './media.js';
import { cssColour, safeHref } from './text.js';
import { ComponentType } from '../../wire/enums.js';
import type { Obj } from '../../wire/rules/values.js';

const objs = (v: unknown): Obj[] =>
  Array.isArray(v) ? v.filter((c): c is Obj => typeof c === 'object' && c !== null && !Array.isArray(c)) : [];
const obj = (v: unknown): Obj | undefined =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

interface Ctx {
  attachments: readonly AttachmentLike[];
  names: MentionNames;
}

/** An unfurled media item: an uploaded file's image, else a link to the URL (never loaded). */
function media(item: unknown, ctx: Ctx, cls: string, description?: unknown): HTMLElement {
  const url = obj(item)?.url;
  const file = attachmentFor(url, ctx.attachments);
  if (file) {
    const alt = typeof description === 'string' ? description : file.filename;
    const img = attachmentImage({ ...file, description: alt }, (i) => i.replaceWith(fileBox(file)), cls);
    return img;
  }
  const href = safeHref(url);
  return h(
    'div',
    { class: `${cls} external-media` },
    href ? h('a', { href, target: '_blank', rel: 'noopener noreferrer nofollow' }, href) : 'media',
  );
}

function spoilered(el: HTMLElement, c: Obj): HTMLElement {
  if (c.spoiler === true) {
    el.classList.add('spoiler');
    el.title = 'Spoiler';
  }
  return el;
}

function component(c: Obj, ctx: Ctx): HTMLElement {
  switch (c.type) {
    case ComponentType.ACTION_ROW:
      return renderActionRow(c);
    case ComponentType.SECTION: {
      const accessory = obj(c.accessory);
      let side: HTMLElement | undefined;
      // A button outside an action row would refuse to render (skyra checks its parent).
      if (accessory?.type === ComponentType.BUTTON)
        side = h('discord-action-row', { class: 'action-row' }, renderButton(accessory));
      else if (accessory?.type === ComponentType.THUMBNAIL)
        side = spoilered(media(accessory.media, ctx, 'v2-thumbnail', accessory.description), accessory);
      return h(
        'div',
        { class: 'v2-section' },
        h(
          'div',
          { class: 'v2-section-text' },
          objs(c.components).map((x) => component(x, ctx)),
        ),
        side ? h('div', { class: 'v2-accessory' }, side) : undefined,
      );
    }
    case ComponentType.TEXT_DISPLAY:
      return h('div', { class: 'v2-text' }, renderMarkdown(String(c.content ?? ''), { names: ctx.names }));
    case ComponentType.THUMBNAIL:
      return spoilered(media(c.media, ctx, 'v2-thumbnail', c.description), c);
    case ComponentType.MEDIA_GALLERY: {
      const items = objs(c.items);
      return h(
        'div',
        { class: `v2-gallery count-${Math.min(items.length, 4)}` },
        items.map((i) =>
          spoilered(h('div', { class: 'v2-gallery-item' }, media(i.media, ctx, 'v2-gallery-image', i.description)), i),
        ),
      );
    }
    case ComponentType.FILE: {
      const file = attachmentFor(obj(c.file)?.url, ctx.attachments);
      return spoilered(
        file ? fileBox(file) : h('div', { class: 'v2-file-missing' }, String(obj(c.file)?.url ?? 'file')),
        c,
      );
    }
    case ComponentType.SEPARATOR:
      return h('hr', {
        class: `v2-separator${c.divider === false ? ' invisible' : ''} spacing-${c.spacing === 2 ? 'large' : 'small'}`,
      });
    case ComponentType.CONTAINER: {
      const accent = cssColour(c.accent_color);
      const box = h(
        'div',
        { class: `v2-container${accent ? ' accent' : ''}` },
        objs(c.components).map((x) => component(x, ctx)),
      );
      if (accent) box.style.setProperty('--accent-colour', accent);
      return spoilered(box, c);
    }
    default:
      return h('div', { class: 'component-unknown' }, `component type ${String(c.type)}`);
  }
}

export function renderComponentsV2(
  components: unknown,
  attachments: readonly AttachmentLike[],
  names: MentionNames,
): HTMLElement {
  return h(
    'div',
    { class: 'components-v2' },
    objs(components).map((c) => component(c, { attachments, names })),
  );
}
