import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';

/** Image types the service takes as avatar data, by file extension. */
const IMAGE_TYPES: Readonly<Record<string, string>> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp' };

/** Avatars larger than this are refused before a request is made (the service's own cap is lower still for most images). */
export const MAX_AVATAR_BYTES = 10 * 1024 * 1024;

export function isAvatarUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** Why an avatar source cannot be used, or undefined when it can (URLs are checked when fetched). */
export function checkAvatarSource(source: string, manifestPath: string): string | undefined {
  if (isAvatarUrl(source)) return undefined;
  const path = resolve(dirname(manifestPath), source);
  const type = IMAGE_TYPES[extname(path).toLowerCase()];
  if (!type) return `Avatar "${source}" must be a .png, .jpg, .gif or .webp file, or an http(s) URL.`;
  if (!existsSync(path)) return `Avatar file "${source}" does not exist (paths are relative to the manifest).`;
  if (statSync(path).size > MAX_AVATAR_BYTES) return `Avatar file "${source}" is larger than ${MAX_AVATAR_BYTES / 1048576} MiB.`;
  return undefined;
}

/** A file avatar as the service takes it: a data URI, and the digest the lock file records to notice a change. */
export function readAvatarFile(source: string, manifestPath: string): { dataUri: string; sha256: string } {
  const path = resolve(dirname(manifestPath), source);
  const data = readFileSync(path);
  const type = IMAGE_TYPES[extname(path).toLowerCase()] ?? 'image/png';
  return { dataUri: `data:${type};base64,${data.toString('base64')}`, sha256: createHash('sha256').update(data).digest('hex') };
}
