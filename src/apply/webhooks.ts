import { CmdsyncError } from '../errors.js';
import type { LockFile, WebhookIntent } from '../manifest/lock.js';
import type { Plan, PlannedRequest, WebhookAction, WebhookPlan, WebhookRequest } from '../plan/model.js';
import { answersIntent, intentIsFor } from '../plan/webhooks.js';
import type { RestClient } from '../remote/http/client.js';
import { DiscordAPIError, writeOutcomeUnknown } from '../remote/errors.js';
import { createWebhook, deleteWebhook, editWebhook } from '../remote/webhooks.js';
import type { WebhookState } from '../wire/state.js';
import { WebhookErrors } from '../wire/webhook.js';
import type { ApplyFailure, ApplyOptions, ApplyOutcome } from './outcome.js';
import { Stop } from './stop.js';
import { intentOf, lockRecord, resolveIntents, settleLock } from './webhook-lock.js';
import {
  findLanded,
  pollInterval,
  readBack,
  SETTLE_TIMEOUTS,
  type CreateGroup,
  type Poll,
} from './webhook-readback.js';

/** A create whose answer is lost is sent once more only after it had its time to land and did not. */
const CREATE_ATTEMPTS = 2;

export interface WebhookRun {
  plan: Plan;
  client: RestClient;
  opts: ApplyOptions;
  outcome: ApplyOutcome;
  /** The webhook requests paired with their actions (checked before the first write). */
  pairs: Array<{ req: WebhookRequest; action: WebhookAction }>;
  send: (req: PlannedRequest, run: () => Promise<void>, origin?: ApplyFailure['origin']) => Promise<void>;
}

type Member = CreateGroup['members'][number];

/**
 * Webhooks: deletes, edits, then creates. A create is not idempotent (the
 * service has no idempotency key for webhooks), so its intent is saved in
 * the lock file before it is sent, it is never retried blindly, and after an
 * unknown outcome it is looked for until it had time to land; only then is
 * it sent again. An interrupted apply's create (an intent in the lock file)
 * is waited for in the same way. If any outcome was unknown, the channels
 * are read back at the end and the duplicates this apply made are removed.
 */
export async function applyWebhooks(run: WebhookRun): Promise<void> {
  const wp = run.plan.webhooks;
  if (!wp) return;
  const w = new WebhookApply(run, wp);
  const applied = new Set<WebhookAction>();
  try {
    for (const { req, action } of run.pairs) {
      await run.send(req, () => w.carryOut(action), action.origin);
      applied.add(action);
      run.outcome.applied.push({ address: action.address, kind: `webhook ${action.kind}` });
    }
  } catch (err) {
    if (!(err instanceof Stop)) throw err;
  } finally {
    for (const a of wp.actions)
      if (a.kind !== 'noop' && !applied.has(a))
        run.outcome.notApplied.push({ address: a.address, kind: `webhook ${a.kind}` });
  }
  await w.removeDuplicates();
}

/** One apply's webhook state: the lock file as it goes, the creates sent, what the plan saw. */
class WebhookApply {
  private lock: LockFile;
  private readonly now: () => number;
  private readonly settleMs: number;
  private readonly poll: Poll;
  private readonly reason: string;
  /** An interrupted apply's creates that may still land (those a planned action answers are accounted for). */
  private readonly inherited: WebhookIntent[];
  /** What the plan read and the lock file recorded: never a newcomer. */
  private readonly seen: Set<string>;
  /** Ids this apply gave a declared webhook. */
  private readonly taken = new Set<string>();
  private readonly groups = new Map<string, CreateGroup>();

  constructor(
    private readonly run: WebhookRun,
    wp: WebhookPlan,
  ) {
    const { opts, client, plan } = run;
    this.now = opts.now ?? Date.now;
    this.settleMs = opts.settleMs ?? SETTLE_TIMEOUTS * client.timeoutMs;
    this.poll = { client, app: plan.application_id, pollMs: pollInterval(this.settleMs) };
    this.reason = opts.reason ?? 'cmdsync apply';
    this.lock = settleLock(
      opts.lock ?? { format_version: 1, webhooks: { ...(opts.webhookLock ?? {}) } },
      wp,
      this.now(),
    );
    this.keep(this.lock);
    this.inherited = (this.lock.intents ?? []).filter(
      (i) => !wp.actions.some((a) => a.remote && answersIntent(i, a.remote)),
    );
    this.seen = new Set([
      ...wp.actions.flatMap((a) => (a.remote ? [a.remote.id] : [])),
      ...wp.kept.map((k) => k.id),
      ...wp.locked,
      ...Object.keys(this.lock.webhooks),
    ]);
  }

  private keep(next: LockFile): void {
    this.lock = next;
    this.run.outcome.lock = next;
    this.run.outcome.webhookLock = next.webhooks;
  }

  private save(): void {
    this.run.opts.saveLock?.(this.lock);
  }

  private unavailable(): Set<string> {
    return new Set([...this.seen, ...this.taken]);
  }

  private async avatarData(source: string | null | undefined): Promise<string | null | undefined> {
    if (source === undefined || source === null) return source;
    if (!this.run.opts.loadAvatar) throw new Error('No avatar loader given to apply.');
    return this.run.opts.loadAvatar(source);
  }

  async carryOut(a: WebhookAction): Promise<void> {
    const { client } = this.run;
    if (a.kind === 'delete') {
      try {
        await deleteWebhook(client, a.remote!.id, { reason: this.reason });
      } catch (err) {
        if (!(err instanceof DiscordAPIError && err.apiCode === WebhookErrors.unknownWebhook.code)) throw err;
      }
      const webhooks = { ...this.lock.webhooks };
      delete webhooks[a.remote!.id];
      this.keep(resolveIntents({ ...this.lock, webhooks }, a.remote!));
    } else if (a.kind === 'update') {
      const body = {
        ...a.body,
        ...(a.body && 'avatar' in a.body ? { avatar: await this.avatarData(a.body.avatar) } : {}),
      };
      await editWebhook(client, a.remote!.id, body as Parameters<typeof editWebhook>[2], { reason: this.reason });
      this.keep(
        resolveIntents({ ...this.lock, webhooks: { ...this.lock.webhooks, [a.remote!.id]: lockRecord(a) } }, a.remote!),
      );
    } else {
      await this.create(a);
    }
  }

  private groupOf(a: WebhookAction): CreateGroup {
    const k = `${a.channelId}/${a.name}`;
    if (!this.groups.has(k))
      this.groups.set(k, {
        channelId: a.channelId,
        name: a.name,
        members: [],
        sent: 0,
        mayLand: 0,
        deadlines: [],
        uncertain: false,
      });
    return this.groups.get(k)!;
  }

  private async create(a: WebhookAction): Promise<void> {
    const g = this.groupOf(a);
    const member: Member = { action: a };
    g.members.push(member);
    // An interrupted apply's create of this webhook may still land: it is waited for before another is sent.
    for (const i of this.inherited.filter((x) => intentIsFor(x, a))) {
      const deadline = Date.now() + (Date.parse(i.sent_at) + this.settleMs - this.now());
      if (!(deadline > Date.now())) continue;
      g.mayLand++;
      g.deadlines.push(deadline);
      g.uncertain = true;
      const w = await findLanded(this.poll, { channelId: i.channel_id, name: i.name }, this.unavailable(), deadline);
      if (w) return this.adopt(a, w, i, member);
    }
    // The avatar is loaded before the intent is written: a create that is never sent leaves no intent.
    const avatar = await this.avatarData(a.body?.avatar);
    let lost: unknown;
    for (let attempt = 0; attempt < CREATE_ATTEMPTS; attempt++) {
      const intent = intentOf(a, this.now());
      this.keep({ ...this.lock, intents: [...(this.lock.intents ?? []), intent] });
      this.save();
      const deadline = Date.now() + this.settleMs;
      g.sent++;
      // Answered or not: a lost create before it may land up to this create's own window (the read-back waits that long).
      g.deadlines.push(deadline);
      try {
        // No retries by the client: a retry after a lost answer is the duplicate this avoids (429s are still waited out).
        const created = await createWebhook(
          this.run.client,
          a.channelId,
          { name: a.name, ...(avatar ? { avatar } : {}) },
          { reason: this.reason, retries: 0 },
        );
        g.mayLand++;
        return this.record(a, created.id, member);
      } catch (err) {
        if (!writeOutcomeUnknown(err)) {
          // An answer: nothing was created, so there is nothing to look for.
          this.keep({ ...this.lock, intents: (this.lock.intents ?? []).filter((i) => i !== intent) });
          this.save();
          throw err;
        }
        lost = err;
        g.mayLand++;
        g.uncertain = true;
        const w = await findLanded(this.poll, a, this.unavailable(), deadline);
        if (w) return this.adopt(a, w, intent, member);
      }
    }
    const message = lost instanceof Error ? lost.message : String(lost);
    throw new CmdsyncError(
      'WEBHOOK_CREATE_UNCONFIRMED',
      `${message}; sent ${CREATE_ATTEMPTS} times, and no webhook "${a.name}" appeared in channel ${a.channelId} within ${Math.round(this.settleMs / 1000)} s of either. The lock file records the attempts: the next apply looks for them before creating again.`,
    );
  }

  /** A webhook a lost create made, adopted for `a`: edited first where the manifest changed since that create was sent. */
  private async adopt(a: WebhookAction, w: WebhookState, sent: WebhookIntent, member: Member): Promise<void> {
    const body: { name?: string; channel_id?: string; avatar?: string | null } = {};
    if (w.name !== a.name) body.name = a.name;
    if (w.channelId !== a.channelId) body.channel_id = a.channelId;
    if ((sent.avatar ?? null) !== (a.avatarIdentity ?? null))
      body.avatar = (await this.avatarData(a.body?.avatar)) ?? null;
    if (Object.keys(body).length > 0) await editWebhook(this.run.client, w.id!, body, { reason: this.reason });
    this.record(a, w.id!, member, sent);
  }

  /**
   * `a` now has the webhook `id`: recorded, with the intent it answers and
   * those at its channel and name done with. An interrupted apply's intent
   * elsewhere stays (until its grace period ends): should its create land
   * after all, the next plan finds it there and deletes it.
   */
  private record(a: WebhookAction, id: string, member: Member, answered?: WebhookIntent): void {
    member.id = id;
    this.taken.add(id);
    const rest = resolveIntents(this.lock, a);
    this.keep({
      ...rest,
      webhooks: { ...rest.webhooks, [id]: lockRecord(a) },
      intents: (rest.intents ?? []).filter((i) => i !== answered),
    });
    this.save();
  }

  /** The read-back, when an outcome was unknown: waits for the creates in flight, then removes what this apply created twice. */
  async removeDuplicates(): Promise<void> {
    const groups = [...this.groups.values()].filter((g) => g.uncertain);
    if (groups.length === 0) return;
    const { outcome } = this.run;
    const fail = (address: string, error: unknown) => {
      outcome.failed ??= {
        address,
        message: error instanceof Error ? error.message : String(error),
        error,
        actions: [],
      };
    };
    let resolved: Awaited<ReturnType<typeof readBack>>;
    try {
      resolved = await readBack(this.poll, groups, this.seen);
    } catch (error) {
      return fail(groups.map((g) => `channel:${g.channelId}`).join(', '), error);
    }
    for (const { group, resolution } of resolved) {
      for (const w of resolution.remove) {
        try {
          await deleteWebhook(this.run.client, w.id!, {
            reason: `${this.reason} (duplicate of a create whose answer was lost)`,
          });
        } catch (error) {
          if (!(error instanceof DiscordAPIError && error.apiCode === WebhookErrors.unknownWebhook.code)) {
            fail(`channel:${group.channelId}/webhook/${group.name}`, error);
            continue;
          }
        }
        (outcome.duplicatesRemoved ??= []).push({ id: w.id!, channelId: group.channelId, name: group.name });
      }
    }
  }
}
