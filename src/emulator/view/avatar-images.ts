/**
 * Avatars the web view can draw: a webhook's avatar sent as image data (as
 * `cmdsync apply` sends a manifest's avatar file) is noted with its hash
 * (emulator/gateway/events.ts ImageNote); the world keeps only the hash, so the bytes
 * are kept here, in memory and bounded. An avatar given as a URL (a
 * message's `avatar_url` override) is on someone else's server: the page
 * draws a letter avatar for it rather than fetch it.
 *   GET /__emulator/view/avatars/:hash
 */
import type { EventBus } from '../gateway/events.js';
import type { EmulatorResponse } from '../http/http-types.js';
import { AttachmentCache, inlineContentType } from './attachment-cache.js';

export const AVATAR_CACHE_BYTES = 8 * 1024 * 1024;
/** The API's image hashes: 32 hex digits, `a_` first for an animated one. */
const HASH = /^(a_)?[0-9a-f]{32}$/;

export class AvatarImages {
  readonly images: AttachmentCache;
  private readonly stop: () => void;

  constructor(events: EventBus, maxBytes = AVATAR_CACHE_BYTES) {
    this.images = new AttachmentCache(maxBytes);
    this.stop = events.observe((n) => {
      if (n.kind === 'image')
        this.images.put(n.hash, { filename: n.hash, contentType: n.contentType, data: Buffer.from(n.data) });
    });
  }

  close(): void {
    this.stop();
  }
}

/** `GET /view/avatars/:hash`: `parts` is the path after `/view/`. Only image types the page shows inline are served. */
export function avatarAnswer(avatars: AvatarImages, parts: readonly string[]): EmulatorResponse {
  const hash = parts[1];
  if (parts.length !== 2 || !hash || !HASH.test(hash))
    return { status: 404, body: { message: 'Unknown view endpoint' } };
  const image = avatars.images.get(hash);
  if (!image || !inlineContentType(image.contentType) || !image.contentType!.startsWith('image/'))
    return { status: 404, body: { message: 'Unknown avatar (only avatars sent as image data are kept)' } };
  return {
    status: 200,
    bytes: image.data,
    headers: {
      'Content-Type': image.contentType!,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    },
  };
}
