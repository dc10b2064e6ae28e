import { resolve } from 'node:path';
import { CmdsyncError } from '../errors.js';
import { isAvatarUrl, MAX_AVATAR_BYTES, readAvatarFile } from '../manifest/avatar.js';

/**
 * Avatar sources as the service takes them (a data URI). A file is read
 * relative to the working directory (the plan records it that way); a URL is
 * downloaded, and must answer with an image.
 */
export function avatarLoader(cwd: string): (source: string) => Promise<string> {
  return async (source) => {
    if (!isAvatarUrl(source)) return readAvatarFile(resolve(cwd, source), resolve(cwd, 'x')).dataUri;
    const res = await fetch(source);
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || !type.startsWith('image/')) throw new CmdsyncError('AVATAR_FETCH_FAILED', `Avatar ${source} did not answer with an image (HTTP ${res.status}, ${type || 'no content type'}).`);
    const data = Buffer.from(await res.arrayBuffer());
    if (data.length > MAX_AVATAR_BYTES) throw new CmdsyncError('AVATAR_TOO_LARGE', `Avatar ${source} is larger than ${MAX_AVATAR_BYTES / 1048576} MiB.`);
    return `data:${type.split(';')[0]};base64,${data.toString('base64')}`;
  };
}
