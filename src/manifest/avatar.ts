import { createHash } from 'node:crypto';
import { dirname, extname, resolve } from 'node:path';
import { CmdsyncError } from '../errors.js';
import { checkRegularFile, readRegularFile, type FileRefusal } from './regular-file.js';

/** Image types the service takes as avatar data, by file extension. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
};

/** Avatars larger than this are refused before a request is made (the service's own cap is lower still for most images). */
export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

export function isAvatarUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** The words for a file avatar that cannot be read; lint and the reader say the same. */
function refusalMessage(source: string, r: FileRefusal): string {
  switch (r.kind) {
    case 'missing':
      return `Avatar file "${source}" does not exist (paths are relative to the manifest).`;
    case 'directory':
      return `Avatar "${source}" is a directory, not an image file.`;
    case 'not-regular':
      return `Avatar "${source}" is not a regular file (a device, pipe or socket); an avatar is an image file.`;
    case 'too-large':
      return `Avatar file "${source}" is larger than ${MAX_AVATAR_BYTES / 1048576} MiB.`;
    case 'unreadable':
      return `Avatar file "${source}" cannot be read (${r.code}).`;
  }
}

/** A file avatar that cannot be read (code AVATAR_FILE_<kind>); the CLI points at the webhook's `avatar`. */
export class AvatarFileError extends CmdsyncError {
  readonly field = 'avatar';
}

/** Why an avatar source cannot be used, or undefined when it can (URLs are checked when fetched). Never opens the file. */
export function checkAvatarSource(source: string, manifestPath: string): string | undefined {
  if (isAvatarUrl(source)) return undefined;
  const path = resolve(dirname(manifestPath), source);
  const type = IMAGE_TYPES[extname(path).toLowerCase()];
  if (!type) return `Avatar "${source}" must be a .png, .jpg, .gif or .webp file, or an http(s) URL.`;
  const refusal = checkRegularFile(path, MAX_AVATAR_BYTES);
  return refusal ? refusalMessage(source, refusal) : undefined;
}

/**
 * A file avatar as the service takes it: a data URI, and the digest the lock
 * file records to notice a change. Checked again as it is read (the file may
 * have changed since lint): a device, a FIFO or an oversized file is an
 * AvatarFileError, never a read without end.
 */
export function readAvatarFile(source: string, manifestPath: string): { dataUri: string; sha256: string } {
  const path = resolve(dirname(manifestPath), source);
  const read = readRegularFile(path, MAX_AVATAR_BYTES);
  if ('refusal' in read)
    throw new AvatarFileError(
      `AVATAR_FILE_${read.refusal.kind.toUpperCase().replace('-', '_')}`,
      refusalMessage(source, read.refusal),
    );
  const data = read.bytes;
  const type = IMAGE_TYPES[extname(path).toLowerCase()] ?? 'image/png';
  return {
    dataUri: `data:${type};base64,${data.toString('base64')}`,
    sha256: createHash('sha256').update(data).digest('hex'),
  };
}
