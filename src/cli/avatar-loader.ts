import { resolve } from 'node:path';
import { CmdsyncError } from '../errors.js';
import { isAvatarUrl, MAX_AVATAR_BYTES, readAvatarFile } from '../manifest/avatar.js';
import { fetchBounded } from '../remote/http/bounded-fetch.js';
import { FETCH_TIMEOUT_MS } from './fetch-limits.js';

/** An avatar that could not be loaded: the CLI points at the webhook's `avatar` in the manifest. */
export class AvatarLoadError extends CmdsyncError {
  readonly field = 'avatar';
}

/**
 * Avatar sources as the service takes them (a data URI). A file is read
 * relative to the working directory (the plan records it that way); a URL is
 * downloaded within a timeout and the avatar size cap, and must answer with
 * an image.
 */
export function avatarLoader(
  cwd: string,
  opts: { timeoutMs?: number; maxBytes?: number } = {},
): (source: string) => Promise<string> {
  const timeoutMs = opts.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? MAX_AVATAR_BYTES;
  return async (source) => {
    if (!isAvatarUrl(source)) return readAvatarFile(resolve(cwd, source), resolve(cwd, 'x')).dataUri;
    let res: Awaited<ReturnType<typeof fetchBounded>>;
    try {
      res = await fetchBounded(source, { timeoutMs, maxBytes });
    } catch (err) {
      const e = err as CmdsyncError;
      throw new AvatarLoadError(
        e.code === 'FETCH_TOO_LARGE'
          ? 'AVATAR_TOO_LARGE'
          : e.code === 'FETCH_TIMEOUT'
            ? 'AVATAR_FETCH_TIMEOUT'
            : 'AVATAR_FETCH_FAILED',
        `avatar ${source}: ${e.message}`,
      );
    }
    const type = res.contentType;
    if (res.status < 200 || res.status > 299 || !type.startsWith('image/'))
      throw new AvatarLoadError(
        'AVATAR_FETCH_FAILED',
        `avatar ${source} did not answer with an image (HTTP ${res.status}, ${type || 'no content type'}).`,
      );
    return `data:${type.split(';')[0]};base64,${res.body.toString('base64')}`;
  };
}
