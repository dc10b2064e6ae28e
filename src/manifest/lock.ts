import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { CmdsyncError } from '../errors.js';
import type { Obj } from '../wire/rules/values.js';

/**
 * `cmdsync.lock.json`, beside the manifest: what the service cannot hold for
 * us. A webhook has no field for the manifest's `key`, so the lock maps each
 * webhook id cmdsync manages to its key and to the digest of the avatar it
 * sent (the service keeps only a hash of its own), and today's command creates.
 * No tokens, ever: commit it.
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
  /** Command creates cmdsync sent today (see CommandCreates). */
  creates?: CommandCreates;
}

/**
 * The service counts command creates per scope per day and does not say how
 * many are left, so cmdsync counts its own: `plan` adds them to what it
 * would create against the daily allowance. One UTC day, one application;
 * an older day is forgotten.
 */
export interface CommandCreates {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  application_id: string;
  /** By scope key (`global`, `guild:<id>`). */
  scopes: Record<string, number>;
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
  const i = v as Obj;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof i.channel_id === 'string' &&
    typeof i.name === 'string' &&
    typeof i.sent_at === 'string' &&
    (i.key === undefined || typeof i.key === 'string') &&
    (i.avatar === undefined || typeof i.avatar === 'string')
  );
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
    if (lock.format_version !== 1 || typeof lock.webhooks !== 'object' || lock.webhooks === null)
      throw new Error('shape');
    if (lock.intents !== undefined && !(Array.isArray(lock.intents) && lock.intents.every(isIntent)))
      throw new Error('intents');
    if (lock.creates !== undefined && !isCreates(lock.creates)) throw new Error('creates');
    return lock;
  } catch {
    throw new CmdsyncError(
      'LOCK_FILE_INVALID',
      `${LOCK_FILE} is not a cmdsync lock file; fix or delete it (webhooks are then matched by name).`,
    );
  }
}

/** Whole or not at all: a torn lock file would forget which webhooks are ours. */
export function writeLock(manifestPath: string, lock: LockFile): void {
  const path = lockPath(manifestPath);
  const sorted: LockFile = {
    format_version: 1,
    webhooks: Object.fromEntries(Object.entries(lock.webhooks).sort(([a], [b]) => (a < b ? -1 : 1))),
    ...(lock.intents && lock.intents.length > 0 ? { intents: lock.intents } : {}),
    creates: lock.creates,
  };
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(sorted, null, 2)}\n`);
  renameSync(tmp, path);
}

/** Whether writing `next` would change what `prev` holds (so a no-op run leaves the file alone). */
export function lockChanged(prev: LockFile, next: LockFile): boolean {
  const norm = (l: LockFile) =>
    JSON.stringify([
      Object.entries(l.webhooks).sort(([a], [b]) => (a < b ? -1 : 1)),
      l.intents ?? [],
      l.creates ?? null,
    ]);
  return norm(prev) !== norm(next);
}

function isCreates(v: unknown): v is CommandCreates {
  const c = v as Obj;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof c.day === 'string' &&
    typeof c.application_id === 'string' &&
    typeof c.scopes === 'object' &&
    c.scopes !== null &&
    Object.values(c.scopes).every((n) => Number.isInteger(n) && (n as number) >= 0)
  );
}

const utcDay = (now: number): string => new Date(now).toISOString().slice(0, 10);

/** The creates cmdsync recorded for `applicationId` today, by scope key (empty on another day or for another application). */
export function createsToday(lock: LockFile, applicationId: string, now: number): Record<string, number> {
  const c = lock.creates;
  return c && c.day === utcDay(now) && c.application_id === applicationId ? { ...c.scopes } : {};
}

/** The lock with `added` creates counted for today (yesterday's counts dropped). */
export function recordCreates(
  lock: LockFile,
  applicationId: string,
  added: Readonly<Record<string, number>>,
  now: number,
): LockFile {
  const scopes = createsToday(lock, applicationId, now);
  let any = false;
  for (const [key, n] of Object.entries(added)) {
    if (n <= 0) continue;
    scopes[key] = (scopes[key] ?? 0) + n;
    any = true;
  }
  return any ? { ...lock, creates: { day: utcDay(now), application_id: applicationId, scopes } } : lock;
}
