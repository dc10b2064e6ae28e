import { relative, resolve, sep } from 'node:path';
import { isAvatarUrl } from '../manifest/avatar.js';
import type { LockFile } from '../manifest/lock.js';
import type { RestClient } from '../remote/http/client.js';
import { fetchActualState } from '../remote/read/actual.js';
import { findWebhooks } from '../remote/read/found-webhooks.js';
import { listBotGuilds, type ListedGuild } from '../remote/read/guilds.js';
import { refusalReason, type Unread } from '../remote/read/unread.js';
import { GLOBAL, guildScope } from '../wire/scope.js';
import { compareSnowflakes, type Snowflake } from '../wire/snowflake.js';
import type { ScopeState, State, WebhookState } from '../wire/state.js';
import { isApplicationsOwnWebhook, webhookAvatarUrl } from '../wire/webhook.js';
import type { DeclaredWebhook, PullSources } from './pull-sources.js';

/**
 * What `pull` reads: the global commands; the guilds it can know of (the
 * existing manifest's, the lock file's, and those the bot is in); this
 * application's own webhooks in them and in the channels the manifest and
 * lock file name. What the service refuses is reported and left out, never
 * written as empty: a guild whose read failed is not in the result at all.
 */

export interface PullRequest {
  client: RestClient;
  applicationId: Snowflake;
  /** `--guild`: only these guilds' commands (the global commands are always read). */
  guilds: readonly Snowflake[];
  /** `--global`: the global commands and the webhooks (with no `--guild`, no guild). */
  global: boolean;
  sources: PullSources;
  /** The folder the manifest is written to (absolute): a kept file avatar is written relative to it. */
  outputDir: string;
}

export interface PullResult {
  /** The global scope and every guild read, each with its permission sets. */
  state: State;
  /** Guild id -> name, from the service's list or the existing manifest. */
  guildNames: Record<Snowflake, string>;
  /** The application's own webhooks, as a manifest declares them (key from the lock file); undefined when not pulled. */
  webhooks?: WebhookState[];
  unread: Unread[];
  /** Guilds found (listed, or in the lock file) that hold nothing of this application: not written. */
  emptyGuilds: Snowflake[];
  /** GET requests sent. */
  reads: number;
}

const uniq = <T>(xs: readonly T[]): T[] => [...new Set(xs)];

const holdsSomething = (s: ScopeState): boolean =>
  s.commands.length > 0 || (s.permissions ?? []).some((p) => p.entries.length > 0);

async function botGuilds(client: RestClient, unread: Unread[]): Promise<{ guilds: ListedGuild[]; reads: number }> {
  try {
    return await listBotGuilds(client);
  } catch (err) {
    const reason = refusalReason(err);
    if (reason === undefined) throw err;
    unread.push({ kind: 'guild-list', reason });
    return { guilds: [], reads: 1 };
  }
}

export async function readForPull(req: PullRequest): Promise<PullResult> {
  const { client, sources } = req;
  const unread: Unread[] = [...sources.unread];
  const bot = client.appAuth === 'bot';
  const named = req.guilds.length > 0;
  const withWebhooks = !named || req.global;
  if (!bot && !named && !req.global)
    unread.push({
      kind: 'guild-list',
      reason: "client credentials cannot list the bot's guilds; set DISCORD_TOKEN (the bot token) to read them all",
    });
  if (!bot && withWebhooks)
    unread.push({
      kind: 'webhooks',
      reason: 'reading webhooks needs the bot token (DISCORD_TOKEN); client credentials reach commands only',
    });
  const listed = bot && withWebhooks ? await botGuilds(client, unread) : { guilds: [], reads: 0 };

  const known = uniq([
    ...sources.manifestGuilds.map((g) => g.id),
    ...sources.lockGuilds,
    ...listed.guilds.map((g) => g.id),
  ]);
  const commandGuilds = named ? uniq(req.guilds) : req.global ? [] : known;
  const [read, hooks] = await Promise.all([
    fetchActualState(client, req.applicationId, [GLOBAL, ...commandGuilds.map(guildScope)], new Set(commandGuilds)),
    withWebhooks && bot
      ? findWebhooks(client, {
          guilds: uniq([...known, ...req.guilds]),
          channels: sources.channels,
          ids: sources.webhookIds,
        })
      : undefined,
  ]);
  for (const s of read.skipped)
    if (s.scope.kind === 'guild') unread.push({ kind: 'guild', id: s.scope.guildId, reason: s.reason });
  if (hooks) unread.push(...hooks.unread);

  // Guilds someone named (a flag, the manifest) are written as read, even empty; found ones only when they hold something.
  const asked = new Set([...req.guilds, ...sources.manifestGuilds.map((g) => g.id)]);
  const emptyGuilds: Snowflake[] = [];
  const scopes = read.state.scopes.filter((s) => {
    if (s.scope.kind === 'global' || asked.has(s.scope.guildId) || holdsSomething(s)) return true;
    emptyGuilds.push(s.scope.guildId);
    return false;
  });
  const guildNames: Record<Snowflake, string> = {};
  for (const g of [...sources.manifestGuilds, ...listed.guilds]) if (g.name) guildNames[g.id] = g.name;
  const rebase = (path: string) =>
    relative(req.outputDir, resolve(sources.manifestDir ?? req.outputDir, path))
      .split(sep)
      .join('/');
  const webhooks = hooks?.webhooks
    .filter((w) => isApplicationsOwnWebhook(w, req.applicationId))
    .map((w) => pulledWebhook(w, sources.lock, sources.declaredWebhooks, rebase))
    .sort(
      (a, b) =>
        compareSnowflakes(a.channelId, b.channelId) || a.name.localeCompare(b.name) || compareSnowflakes(a.id!, b.id!),
    );
  return {
    state: { applicationId: req.applicationId, scopes },
    guildNames,
    webhooks,
    unread,
    emptyGuilds,
    reads: listed.reads + read.reads + (hooks?.reads ?? 0),
  };
}

/**
 * A remote webhook as the manifest declares it: its key from the lock file,
 * and its avatar as a source a plan takes for the one deployed. The service
 * keeps only a hash, so the source is, in order: the URL the lock file says
 * was sent; the avatar the existing manifest gives it (a file path rebased to
 * where the manifest is written); else the image's URL on the service's CDN.
 */
export function pulledWebhook(
  w: WebhookState,
  lock: LockFile,
  declared: readonly DeclaredWebhook[],
  rebase: (path: string) => string,
): WebhookState {
  const key = lock.webhooks[w.id!]?.key;
  const out: WebhookState = { id: w.id!, channelId: w.channelId, name: w.name, ...(key ? { key } : {}) };
  if (!w.avatarHash) return out;
  const recorded = lock.webhooks[w.id!]?.avatar;
  const mine = declared.find((d) =>
    key !== undefined ? d.key === key : d.key === undefined && d.channelId === w.channelId && d.name === w.name,
  );
  const source = recorded?.startsWith('url:')
    ? recorded.slice('url:'.length)
    : mine?.avatar !== undefined
      ? isAvatarUrl(mine.avatar)
        ? mine.avatar
        : rebase(mine.avatar)
      : webhookAvatarUrl(w.id!, w.avatarHash);
  out.avatar = { source };
  return out;
}
