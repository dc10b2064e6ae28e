/**
 * The bytes of files uploaded with webhook messages and interaction answers,
 * kept so the web view can show an image without fetching the service's CDN
 * (which the attachment URLs name). The world stores no file contents, so
 * this is memory only and bounded: past `maxBytes` the oldest files go. A
 * file the cache no longer holds (or never did, before a restart) is shown
 * by the page as a file box.
 */
export const ATTACHMENT_CACHE_BYTES = 32 * 1024 * 1024;

export interface CachedFile {
  filename: string;
  contentType: string | undefined;
  data: Buffer;
}

export class AttachmentCache {
  /** Insertion order is age: the first entry is the oldest. */
  private readonly files = new Map<string, CachedFile>();
  private bytes = 0;

  constructor(readonly maxBytes = ATTACHMENT_CACHE_BYTES) {}

  put(id: string, file: CachedFile): void {
    this.drop(id);
    // One file larger than the whole cache would only evict everything else.
    if (file.data.length > this.maxBytes) return;
    this.files.set(id, file);
    this.bytes += file.data.length;
    for (const [oldest] of this.files) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  get(id: string): CachedFile | undefined {
    return this.files.get(id);
  }

  get size(): { files: number; bytes: number } {
    return { files: this.files.size, bytes: this.bytes };
  }

  private drop(id: string): void {
    const f = this.files.get(id);
    if (!f) return;
    this.bytes -= f.data.length;
    this.files.delete(id);
  }
}

/** Types the page may show inline (through a blob: URL). SVG is not one: a blob: SVG opened in a tab runs its scripts as the page. */
export function inlineContentType(contentType: string | undefined): boolean {
  const t = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return /^(image\/(png|jpeg|gif|webp|avif|bmp)|audio\/[a-z0-9.+-]+|video\/[a-z0-9.+-]+)$/.test(t);
}
