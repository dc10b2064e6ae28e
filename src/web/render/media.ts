import type { Obj } from '../../wire/rules/values.js';
/**
 * Which uploaded file a media reference names, pure. The emulator rewrites
 * an embed's `attachment://x.png` to the attachment's CDN URL, components v2
 * keep `attachment://x.png`; either way the page shows the bytes the
 * emulator kept (by attachment id), never the URL.
 */
export interface AttachmentLike {
  id: string;
  filename: string;
  size?: number;
  url?: string;
  proxy_url?: string;
  content_type?: string;
  description?: string;
  width?: number;
  height?: number;
}

export function attachmentsOf(message: Obj): AttachmentLike[] {
  const list = message.attachments;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (a): a is AttachmentLike =>
      typeof a === 'object' &&
      a !== null &&
      typeof (a as AttachmentLike).id === 'string' &&
      typeof (a as AttachmentLike).filename === 'string',
  );
}

/** The message's attachment a media URL refers to, if any. */
export function attachmentFor(url: unknown, attachments: readonly AttachmentLike[]): AttachmentLike | undefined {
  if (typeof url !== 'string') return undefined;
  if (url.startsWith('attachment://')) {
    const name = url.slice('attachment://'.length);
    return attachments.find((a) => a.filename === name);
  }
  return attachments.find((a) => a.url === url || a.proxy_url === url);
}

const IMAGE_EXTENSIONS = /\.(png|jpe?g|gif|webp|bmp|avif)$/i;
const VIDEO_EXTENSIONS = /\.(mp4|webm|mov)$/i;

export type MediaKind = 'image' | 'video' | 'file';

/** How the client shows an attachment: images inline, videos as players, anything else as a file box. */
export function mediaKind(a: Pick<AttachmentLike, 'filename' | 'content_type'>): MediaKind {
  const type = a.content_type?.split(';')[0]?.trim().toLowerCase();
  if (type === 'image/svg+xml') return 'file';
  if (type?.startsWith('image/')) return 'image';
  if (type?.startsWith('video/')) return 'video';
  if (!type && IMAGE_EXTENSIONS.test(a.filename)) return 'image';
  if (!type && VIDEO_EXTENSIONS.test(a.filename)) return 'video';
  return 'file';
}

const EMBED_MEDIA: ReadonlyArray<readonly [string, string]> = [
  ['image', 'url'],
  ['thumbnail', 'url'],
  ['video', 'url'],
  ['author', 'icon_url'],
  ['footer', 'icon_url'],
];

/** Attachments an embed shows: the client does not show them again below the message. */
export function embeddedAttachmentIds(embeds: unknown, attachments: readonly AttachmentLike[]): Set<string> {
  const ids = new Set<string>();
  if (!Array.isArray(embeds)) return ids;
  for (const e of embeds) {
    if (typeof e !== 'object' || e === null) continue;
    for (const [field, key] of EMBED_MEDIA) {
      const media = (e as Obj)[field];
      if (typeof media !== 'object' || media === null) continue;
      const a = attachmentFor((media as Obj)[key], attachments);
      if (a) ids.add(a.id);
    }
  }
  return ids;
}
