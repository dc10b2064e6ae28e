import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CmdsyncError } from '../errors.js';

/**
 * `cmdsync.lock.json`, beside the manifest: what the service cannot hold for
 * us. A webhook has no field for the manifest's `key`, so the lock maps each
 * webhook id cmdsync manages to its key and to the digest of the avatar it
 * sent (the service keeps only a hash of its own). No tokens, ever: commit it.
 */
export interface LockFile {
  format_version: 1;
  /** By webhook id: its manifest key, and the identity of the avatar last sent (`sha256:…` of a file, `url:…`). */
  webhooks: Record<string, { key?: string; avatar?: string }>;
}

export const LOCK_FILE = 'cmdsync.lock.json';

export function lockPath(manifestPath: string): string {
  return join(dirname(manifestPath), LOCK_FILE);
}

export function readLock(manifestPath: string): LockFile {
  let text: string;
  try {
    text = readFileSync(lockPath(manifestPath), 'utf8');
  } catch {
    return { format_version: 1, webhooks: {} };
  }
  try {
    const lock = JSON.parse(text) as LockFile;
    if (lock.format_version !== 1 || typeof lock.webhooks !== 'object' || lock.webhooks === null) throw new Error('shape');
    return lock;
  } catch {
    throw new CmdsyncError('LOCK_FILE_INVALID', `${LOCK_FILE} is not a cmdsync lock file; fix or delete it (webhooks are then matched by name).`);
  }
}

/** Whole or not at all: a torn lock file would forget which webhooks are ours. */
export function writeLock(manifestPath: string, lock: LockFile): void {
  const path = lockPath(manifestPath);
  const sorted: LockFile = { format_version: 1, webhooks: Object.fromEntries(Object.entries(lock.webhooks).sort(([a], [b]) => (a < b ? -1 : 1))) };
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(sorted, null, 2) + '\n');
  renameSync(tmp, path);
}
