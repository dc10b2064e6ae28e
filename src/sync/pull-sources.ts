import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CmdsyncError, ManifestInvalidError } from '../errors.js';
import { loadManifest } from '../manifest/load.js';
import { lockPath, readLock, type LockFile } from '../manifest/lock.js';
import type { Unread } from '../remote/read/unread.js';
import { isSnowflake, type Snowflake } from '../wire/snowflake.js';
import type { Obj } from '../wire/rules/values.js';

/**
 * What `pull` knows before asking the service: the guilds and webhook
 * channels of the manifest already there (the file it would overwrite, or
 * the one given with `-m`) and of the lock file beside it, so a pull reads at
 * least every scope a plan of that manifest would. Local files only.
 */

/** A webhook as the existing manifest declares it: what a pulled one may keep (its avatar's spelling). */
export interface DeclaredWebhook {
  channelId: Snowflake;
  name: string;
  key?: string;
  /** As written: a URL, or a path relative to the manifest's folder. */
  avatar?: string;
}

export interface PullSources {
  /** The existing manifest's guilds, in its order (ids that are snowflakes; unresolved `${VAR}`s are not). */
  manifestGuilds: Array<{ id: Snowflake; name?: string }>;
  /** Guilds the lock file has counted command creates in. */
  lockGuilds: Snowflake[];
  /** Channels the manifest declares webhooks in, and those the lock file's unanswered creates went to. */
  channels: Snowflake[];
  /** Webhooks the lock file records, by id. */
  webhookIds: Snowflake[];
  lock: LockFile;
  declaredWebhooks: DeclaredWebhook[];
  /** Absolute folder of the existing manifest: its file avatars are relative to it. */
  manifestDir?: string;
  /** A file that could not be used, and why. */
  unread: Unread[];
}

export interface PullSourceOptions {
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The manifest to take guilds and channels from; undefined: none. */
  manifestPath?: string;
  /** Given with `-m`: a manifest that cannot be read is an error, not a note. */
  explicit: boolean;
  /** Where the lock file is looked for when there is no manifest: beside the file pull writes. */
  lockBeside: string;
}

const EMPTY_LOCK: LockFile = { format_version: 1, webhooks: {} };
const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

export function readPullSources(opts: PullSourceOptions): PullSources {
  const out: PullSources = {
    manifestGuilds: [],
    lockGuilds: [],
    channels: [],
    webhookIds: [],
    lock: EMPTY_LOCK,
    declaredWebhooks: [],
    unread: [],
  };
  const path = opts.manifestPath === undefined ? undefined : resolve(opts.cwd, opts.manifestPath);
  if (path !== undefined && (opts.explicit || existsSync(path))) readManifestSources(path, opts, out);
  const lockFor = path ?? resolve(opts.cwd, opts.lockBeside);
  try {
    out.lock = readLock(lockFor);
  } catch (err) {
    if (!(err instanceof CmdsyncError)) throw err;
    out.unread.push({ kind: 'lock', id: lockPath(lockFor), reason: err.message });
  }
  out.lockGuilds = uniq(
    Object.keys(out.lock.creates?.scopes ?? {}).flatMap((key) =>
      key.startsWith('guild:') && isSnowflake(key.slice(6)) ? [key.slice(6)] : [],
    ),
  );
  out.channels = uniq([...out.channels, ...(out.lock.intents ?? []).map((i) => i.channel_id).filter(isSnowflake)]);
  out.webhookIds = Object.keys(out.lock.webhooks).filter(isSnowflake);
  return out;
}

function readManifestSources(path: string, opts: PullSourceOptions, out: PullSources): void {
  const { manifest } = loadManifest(path, { cwd: opts.cwd, env: opts.env });
  if (!manifest) {
    if (opts.explicit)
      throw new ManifestInvalidError(
        `${opts.manifestPath} is not a manifest cmdsync can read; run cmdsync lint ${opts.manifestPath}.`,
      );
    out.unread.push({
      kind: 'manifest',
      id: opts.manifestPath,
      reason: 'it is not a manifest cmdsync can read (run cmdsync lint); its guilds and channels are not read.',
    });
    return;
  }
  out.manifestDir = dirname(path);
  for (const g of manifest.guilds) {
    if (isSnowflake(g.id) && !out.manifestGuilds.some((m) => m.id === g.id))
      out.manifestGuilds.push({ id: g.id, ...(g.name ? { name: g.name } : {}) });
  }
  for (const w of manifest.webhooks) {
    const entry = w as Obj;
    if (typeof entry !== 'object' || entry === null || !isSnowflake(entry.channel_id) || typeof entry.name !== 'string')
      continue;
    out.channels.push(entry.channel_id);
    out.declaredWebhooks.push({
      channelId: entry.channel_id,
      name: entry.name,
      ...(typeof entry.key === 'string' ? { key: entry.key } : {}),
      ...(typeof entry.avatar === 'string' ? { avatar: entry.avatar } : {}),
    });
  }
  out.channels = uniq(out.channels);
}
