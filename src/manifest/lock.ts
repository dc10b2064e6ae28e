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
  /**
   * Webhook creates sent whose answer has not been seen. The service has no
   * idempotency key for webhooks, so a create is written down here before it
   * is sent: if its answer is lost (timeout, dropped connection, a killed
   * process), the next plan looks for it where it was sent and adopts it
   * instead of creating a second one.
   */
  intents?: WebhookIntent[];
}

export interface WebhookIntent {
  channel_id: string;
  name: string;
  key?: string;
  avatar?: string;
  /** When the create was sent (ISO 8601): an intent nothing answers to is forgotten after a grace period. */
  sent_at: string;
}

export const LOCK_FILE = 'cmdsync.lock.json';

export function lockPath(manifestPath: string): string {
  return join(dirname(manifestPath), LOCK_FILE);
}

function isIntent(v: unknown): v is WebhookIntent {
  const i = v as Record<string, unknown>;
  return typeof v === 'object' && v !== null && typeof i.channel_id === 'string' && typeof i.name === 'string' && typeof i.sent_at === 'string'
    && (i.key === undefined || typeof i.key === 'string') && (i.avatar === undefined || typeof i.avatar === 'string');
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
    if (lock.intents !== undefined && !(Array.isArray(lock.intents) && lock.intents.every(isIntent))) throw new Error('intents');
    return lock;
  } catch {
    throw new CmdsyncError('LOCK_FILE_INVALID', `${LOCK_FILE} is not a cmdsync lock file; fix or delete it (webhooks are then matched by name).`);
  }
}

/** Whole or not at all: a torn lock file would forget which webhooks are ours. */
export function writeLock(manifestPath: string, lock: LockFile): void {
  const path = lockPath(manifestPath);
  const sorted: LockFile = {
    format_version: 1,
    webhooks: Object.fromEntries(Object.entries(lock.webhooks).sort(([a], [b]) => (a < b ? -1 : 1))),
    ...(lock.intents && lock.intents.length > 0 ? { intents: lock.intents } : {}),
  };
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, JSON.stringify(sorted, null, 2) + '\n');
  renameSync(tmp, path);
}

/** Whether writing `next` would change what `prev` holds (so a no-op run leaves the file alone). */
export function lockChanged(prev: LockFile, next: LockFile): boolean {
  const norm = (l: LockFile) => JSON.stringify([Object.entries(l.webhooks).sort(([a], [b]) => (a < b ? -1 : 1)), l.intents ?? []]);
  return norm(prev) !== norm(next);
}
