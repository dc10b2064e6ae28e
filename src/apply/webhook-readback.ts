import type { WebhookAction } from '../plan/model.js';
import { channelWebhookStates } from '../remote/read/actual-webhooks.js';
import type { RestClient } from '../remote/http/client.js';
import { sleep } from '../remote/http/wait.js';
import { WebhookType } from '../wire/enums.js';
import { compareSnowflakes } from '../wire/snowflake.js';
import type { WebhookState } from '../wire/state.js';

/*
 * The service has no idempotency key for webhook creates, and a create whose
 * answer is lost (a timeout, a dropped connection, a 5xx) may still be
 * running on the service: it can land after the client gave up, after a
 * second create, after a read that did not see it. So a webhook is only ever
 * looked for (never created again) until its create has had time to land,
 * and an apply that had an unknown outcome reads the channels back at the
 * end, once every create it sent has landed or run out of time, and removes
 * the duplicates it made.
 */

/**
 * How long after it was sent a create whose answer never came may still
 * land, in client timeouts: the client waits one, the service gets two more.
 */
export const SETTLE_TIMEOUTS = 3;

/** Where a create went, under which name. */
export interface CreateTarget {
  channelId: string;
  name: string;
}

/** What the reads need: the client, whose webhooks count, how often to read while waiting. */
export interface Poll {
  client: RestClient;
  app: string;
  pollMs: number;
}

/** Reads while waiting for a create: often enough to adopt it soon after it lands, at most once a second. */
export function pollInterval(settleMs: number): number {
  return Math.min(1000, Math.max(25, Math.round(settleMs / 15)));
}

/**
 * This application's incoming webhooks at `target` that are not in `seen`
 * (what the plan read, what the lock file records): webhooks that appeared
 * while this apply ran. Oldest first.
 */
export function newcomers(
  list: readonly WebhookState[],
  app: string,
  target: CreateTarget,
  seen: ReadonlySet<string>,
): WebhookState[] {
  return list
    .filter(
      (w) =>
        w.type === WebhookType.INCOMING &&
        w.applicationId === app &&
        w.channelId === target.channelId &&
        w.name === target.name &&
        !seen.has(w.id!),
    )
    .sort((a, b) => compareSnowflakes(a.id!, b.id!));
}

/**
 * Reads `channels` until `settled` holds for a read, or until a read that
 * started at or after `deadline` (epoch ms): a read that began before the
 * deadline proves nothing about a create landing just before it. Returns
 * the last read, by channel. A failed read throws (the caller cannot tell
 * then, so it must not create again).
 */
async function readUntil(
  p: Poll,
  channels: readonly string[],
  deadline: number,
  settled: (read: ReadonlyMap<string, WebhookState[]>) => boolean,
): Promise<ReadonlyMap<string, WebhookState[]>> {
  for (;;) {
    const started = Date.now();
    const read = new Map(
      await Promise.all(channels.map(async (c) => [c, await channelWebhookStates(p.client, c)] as const)),
    );
    if (settled(read) || started >= deadline) return read;
    await sleep(Math.min(p.pollMs, Math.max(1, deadline - Date.now())));
  }
}

/**
 * What a create whose outcome is unknown made, if anything: the oldest
 * newcomer at `target` (not in `seen`), waited for until `deadline`.
 */
export async function findLanded(
  p: Poll,
  target: CreateTarget,
  seen: ReadonlySet<string>,
  deadline: number,
): Promise<WebhookState | undefined> {
  const found = (read: ReadonlyMap<string, WebhookState[]>) =>
    newcomers(read.get(target.channelId) ?? [], p.app, target, seen);
  return found(await readUntil(p, [target.channelId], deadline, (r) => found(r).length > 0))[0];
}

/** The creates this apply sent, or took over from an interrupted apply's intents, for one declared channel and name. */
export interface CreateGroup extends CreateTarget {
  /** The declared webhooks created here, with the id each now has (none when its create never got one). */
  members: Array<{ action: WebhookAction; id?: string }>;
  /** Creates this apply sent here: it made at most this many webhooks, so it never removes more. */
  sent: number;
  /** Creates that made, or may have made, a webhook here (answered, lost, or an interrupted apply's). */
  mayLand: number;
  /**
   * Until when (epoch ms) what this group's creates made may still land: a
   * window after each create sent (answered or not; a lost one that outlived
   * its own window is still waited for through a later create's), and after
   * an interrupted apply's intent.
   */
  deadlines: number[];
  /** Whether any create here had an unknown outcome (then the group is read back). */
  uncertain: boolean;
}

export interface GroupResolution {
  /** Kept for a member whose create got no id: its intent stays in the lock file, and the next plan adopts it. */
  reserved: WebhookState[];
  /** Duplicates to remove, newest first. */
  remove: WebhookState[];
}

/**
 * Pure: what to do with the newcomers of a group once its creates settled.
 * Each member keeps the webhook it has; a member without one keeps the
 * oldest spare; the rest are duplicates this apply made, removed newest
 * first, never more than the creates it sent.
 */
export function resolveGroup(g: CreateGroup, found: readonly WebhookState[]): GroupResolution {
  const owned = new Set(g.members.flatMap((m) => (m.id ? [m.id] : [])));
  const spare = found.filter((w) => !owned.has(w.id!));
  const reserved = spare.splice(0, g.members.filter((m) => !m.id).length);
  return { reserved, remove: spare.reverse().slice(0, g.sent) };
}

/**
 * The read-back at the end of an apply that had an unknown outcome: reads the
 * groups' channels until every create that may land has (or the last deadline
 * passed), then resolves each group against what is there.
 */
export async function readBack(
  p: Poll,
  groups: readonly CreateGroup[],
  seen: ReadonlySet<string>,
): Promise<Array<{ group: CreateGroup; resolution: GroupResolution }>> {
  const channels = [...new Set(groups.map((g) => g.channelId))];
  const deadline = Math.max(0, ...groups.flatMap((g) => g.deadlines));
  const found = (read: ReadonlyMap<string, WebhookState[]>, g: CreateGroup) =>
    newcomers(read.get(g.channelId) ?? [], p.app, g, seen);
  const read = await readUntil(p, channels, deadline, (r) => groups.every((g) => found(r, g).length >= g.mayLand));
  return groups.map((group) => ({ group, resolution: resolveGroup(group, found(read, group)) }));
}
