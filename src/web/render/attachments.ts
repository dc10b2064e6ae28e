/**
 * Uploaded files as the page shows them. The bytes come from the emulator's
 * view API with the control token in a header, which an `<img src>` cannot
 * send: each file is fetched once, kept as a `blob:` URL (the page's CSP
 * allows blob: images) and handed to every element that shows it. A file
 * the emulator no longer holds (after a restart, or pushed out of its cache)
 * is shown as a file box.
 */
import { CONTROL, controlHeaders } from '../api.js';
import { h } from '../dom.js';
import { mediaKind, type AttachmentLike } from './media.js';
import { formatBytes } from './text.js';

/** Blob URLs kept (oldest revoked past this): an element already showing one keeps its decoded image. */
const KEPT = 300;
const blobs = new Map<string, Promise<string | undefined>>();

/** The file's bytes as a `blob:` URL, or undefined when the emulator does not hold them. */
export function blobUrl(attachmentId: string): Promise<string | undefined> {
  return viewBlob('attachments', attachmentId);
}

/** A webhook avatar (by its hash) as a `blob:` URL, or undefined when the emulator holds no image for it (an avatar URL, or a restart). */
export function avatarBlobUrl(hash: string): Promise<string | undefined> {
  return viewBlob('avatars', hash);
}

function viewBlob(kind: 'attachments' | 'avatars', id: string): Promise<string | undefined> {
  const key = `${kind}/${id}`;
  const known = blobs.get(key);
  if (known) return known;
  const p = fetch(`${CONTROL}/view/${key.split('/').map(encodeURIComponent).join('/')}`, { headers: controlHeaders() })
    .then(async (res) => (res.ok ? URL.createObjectURL(await res.blob()) : undefined))
    .catch(() => undefined);
  blobs.set(key, p);
  while (blobs.size > KEPT) {
    const [oldest, url] = blobs.entries().next().value!;
    blobs.delete(oldest);
    void url.then((u) => u && URL.revokeObjectURL(u));
  }
  return p;
}

/** A file box: name and size, a download of the kept bytes when there are any. */
export function fileBox(a: Pick<AttachmentLike, 'id' | 'filename' | 'size'>, slot?: string): HTMLElement {
  const size = formatBytes(a.size ?? 0);
  const box = h('discord-file-attachment', {
    slot,
    name: a.filename,
    bytes: String(size.value),
    'bytes-unit': size.unit,
    'data-attachment-id': a.id,
    rel: 'noopener',
    target: '_blank',
  });
  void blobUrl(a.id).then((url) => {
    if (url) box.setAttribute('href', url);
    else box.setAttribute('title', 'The emulator no longer holds this file');
  });
  return box;
}

/** An `<img>` showing the attachment once its bytes arrive; `onMissing` swaps in something else when they never do. */
export function attachmentImage(
  a: Pick<AttachmentLike, 'id' | 'filename' | 'description'>,
  onMissing: (img: HTMLImageElement) => void,
  cls = 'attachment-image',
): HTMLImageElement {
  const img = h('img', { class: `${cls} loading`, alt: a.description ?? a.filename, 'data-attachment-id': a.id });
  void blobUrl(a.id).then((url) => {
    if (url) {
      img.src = url;
      img.classList.remove('loading');
    } else onMissing(img);
  });
  return img;
}

/** A message's attachments, laid out as the client does: media inline, anything else as a file box. */
export function renderAttachments(list: readonly AttachmentLike[]): HTMLElement | undefined {
  if (list.length === 0) return undefined;
  const holder = h('discord-attachments', { slot: 'attachments' });
  for (const a of list) {
    const kind = mediaKind(a);
    if (kind === 'image') {
      const wrap = h('discord-image-attachment', {
        'custom-image-element': '',
        alt: a.filename,
        class: 'image-attachment',
      });
      wrap.append(attachmentImage(a, () => wrap.replaceWith(fileBox(a))));
      holder.append(wrap);
    } else if (kind === 'video') {
      const video = h('video', {
        class: 'attachment-video',
        controls: '',
        preload: 'metadata',
        'data-attachment-id': a.id,
      });
      void blobUrl(a.id).then((url) => (url ? (video.src = url) : video.replaceWith(fileBox(a))));
      holder.append(h('div', { class: 'video-attachment' }, video));
    } else holder.append(fileBox(a));
  }
  return holder;
}
