import type { CommandAction, CommandRequest, Plan, PlannedRequest, ScopePlan } from '../plan/model.js';
import type { RestClient } from '../remote/http/client.js';
import {
  bulkOverwriteCommands,
  createCommand,
  deleteCommand,
  editCommand,
  setCommandPermissions,
} from '../remote/commands.js';
import { DiscordAPIError } from '../remote/errors.js';
import { ErrorAnswers } from '../wire/error-answers.js';
import { Stop } from './stop.js';
import { applyWebhooks } from './webhooks.js';
import { actionOf, checkCommandRequests, permissionSetOf } from './command-requests.js';
import { pairWebhookRequests } from './webhook-requests.js';
import type { ApplyFailure, ApplyOptions, ApplyOutcome } from './outcome.js';
import type { Obj } from '../wire/rules/values.js';

export type { ApplyEvents, AppliedItem, ApplyFailure, ApplyOutcome, ApplyOptions } from './outcome.js';

/**
 * Carries out a plan through the client. Every request is safe to repeat:
 * a create is an upsert, a delete that finds nothing is done, edits and
 * overwrites replace. The first failure stops new requests; what was and was
 * not applied is reported, and a second apply (which plans again) finishes.
 * The global scope goes first, because guild permission sets may name
 * global commands; guilds then run concurrently within the client's limits.
 */
export async function applyPlan(plan: Plan, client: RestClient, opts: ApplyOptions): Promise<ApplyOutcome> {
  // Before the first write: a saved plan with a request that matches nothing planned is refused whole.
  checkCommandRequests(plan);
  const pairs = plan.webhooks ? pairWebhookRequests(plan.webhooks) : [];
  const run = new PlanRun(plan, client, opts);
  const total =
    plan.scopes.reduce(
      (n, s) => n + s.requests.filter((r) => opts.canEditPermissions || r.kind !== 'permissions').length,
      0,
    ) + (plan.webhooks?.requests.length ?? 0);
  opts.events?.start?.(total);
  const [global, ...guilds] = [...plan.scopes].sort((a, b) =>
    a.scope.kind === 'global' ? -1 : b.scope.kind === 'global' ? 1 : 0,
  );
  if (global) await run.scope(global);
  await Promise.all([
    ...guilds.map((s) => run.scope(s)),
    applyWebhooks({
      plan,
      client,
      opts,
      outcome: run.outcome,
      pairs,
      send: (req, send, origin) => run.send(req, [], send, origin),
    }),
  ]);
  return run.outcome;
}

/** One apply of a plan's commands and permission sets: the outcome so far, the ids learned, and whether a request failed (which stops the rest). */
class PlanRun {
  readonly outcome: ApplyOutcome = { applied: [], notApplied: [], requestsSent: 0 };
  /** Command ids by address: the remote's, then those creates and overwrites answer with (permission sets need them). */
  private readonly ids = new Map<string, string>();
  private index = 0;
  private failed = false;
  private readonly app: string;

  constructor(
    plan: Plan,
    private readonly client: RestClient,
    private readonly opts: ApplyOptions,
  ) {
    this.app = plan.application_id;
    for (const s of plan.scopes)
      for (const a of s.actions)
        if (a.remote && a.kind !== 'replace' && a.kind !== 'delete') this.ids.set(a.address, a.remote.id);
  }

  /** Sends one planned request; the first failure is recorded and every request after it stops (`Stop`). */
  async send(
    req: PlannedRequest,
    actions: CommandAction[],
    run: () => Promise<void>,
    origin?: ApplyFailure['origin'],
  ): Promise<void> {
    if (this.failed) throw new Stop();
    const { events } = this.opts;
    const i = this.index++;
    const started = Date.now();
    events?.requestStarted?.(req, i);
    try {
      this.outcome.requestsSent++;
      await run();
      events?.requestDone?.(req, i, Date.now() - started);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      events?.requestFailed?.(req, i, message);
      if (!this.failed) {
        this.failed = true;
        this.outcome.failed = {
          address: req.addresses.join(', '),
          message,
          error,
          actions,
          origin,
        };
      }
      throw new Stop();
    }
  }

  async scope(s: ScopePlan): Promise<void> {
    const done = new Set<string>();
    try {
      for (const req of s.requests) await this.request(s, req, done);
    } catch (err) {
      if (!(err instanceof Stop)) throw err;
    } finally {
      for (const a of s.actions)
        if (a.kind !== 'noop' && !done.has(a.address))
          this.outcome.notApplied.push({ address: a.address, kind: a.kind });
      for (const p of s.permissions)
        if (p.kind === 'replace' && !done.has(`perm:${p.target}`))
          this.outcome.notApplied.push({ address: permissionAddress(s, p.target), kind: 'permissions' });
    }
  }

  /** One of the scope's requests, in the plan's order: what is sent is decided by its kind alone. */
  private request(s: ScopePlan, req: CommandRequest, done: Set<string>): Promise<void> {
    switch (req.kind) {
      case 'bulk-overwrite':
        return this.bulk(s, req, done);
      case 'command-create':
      case 'command-edit':
      case 'command-delete':
        return this.command(s, req, done);
      case 'permissions':
        return this.permissions(s, req, done);
    }
  }

  private async bulk(s: ScopePlan, req: CommandRequest, done: Set<string>): Promise<void> {
    // The failure's field paths start with an index into this body: keep the actions in the same order.
    const entries = s.actions.filter((a) => a.kind !== 'delete');
    const body = [...entries.map(bulkEntry), ...s.kept.map((k) => k.body)];
    await this.send(req, entries, async () => {
      // Safe to resend after a lost answer (the client retries it, and so does the next apply): a bulk overwrite
      // replaces the scope's whole list, matching entries by id or (type, name), so a second one changes nothing.
      const result = await bulkOverwriteCommands(
        this.client,
        this.app,
        s.scope,
        // The plan holds bodies as checked JSON; the endpoint's parameter is discord-api-types' exact body type.
        body as unknown as Parameters<typeof bulkOverwriteCommands>[3],
      );
      for (const c of result) {
        const a = s.actions.find((x) => x.kind !== 'delete' && x.type === (c.type ?? 1) && x.name === c.name);
        if (a) this.ids.set(a.address, c.id);
      }
    });
    for (const a of s.actions)
      if (a.kind !== 'noop') {
        done.add(a.address);
        this.outcome.applied.push({ address: a.address, kind: a.kind });
      }
  }

  private async command(
    s: ScopePlan,
    req: CommandRequest & { kind: 'command-create' | 'command-edit' | 'command-delete' },
    done: Set<string>,
  ): Promise<void> {
    // checkCommandRequests found every request's action before the first write.
    const a = actionOf(s, req)!;
    await this.send(req, [a], async () => {
      if (req.kind === 'command-delete') await this.deleteIgnoringMissing(s, a.remote!.id);
      else if (req.kind === 'command-edit')
        await editCommand(this.client, this.app, s.scope, a.remote!.id, a.body as Parameters<typeof editCommand>[4]);
      else {
        // Safe to resend after a lost answer: POST is an upsert by (scope, type, name), so the retry, or the next
        // apply's plan, finds the command the lost request made and overwrites it instead of adding a second.
        const { command } = await createCommand(
          this.client,
          this.app,
          s.scope,
          // As above: a checked JSON body for discord-api-types' exact type.
          a.body as unknown as Parameters<typeof createCommand>[3],
        );
        this.ids.set(a.address, command.id);
      }
    });
    // A replace is two requests; it is applied once both went through.
    if (a.kind === 'replace' && req.kind === 'command-delete') return;
    done.add(a.address);
    this.outcome.applied.push({ address: a.address, kind: a.kind });
  }

  private async deleteIgnoringMissing(s: ScopePlan, id: string): Promise<void> {
    try {
      await deleteCommand(this.client, this.app, s.scope, id);
    } catch (err) {
      if (!(err instanceof DiscordAPIError && err.apiCode === ErrorAnswers.unknownCommand.code)) throw err;
    }
  }

  private async permissions(s: ScopePlan, req: CommandRequest, done: Set<string>): Promise<void> {
    if (!this.opts.canEditPermissions) {
      this.outcome.permissionsSkipped =
        'Permission sets were not applied: editing them needs a user bearer token in DISCORD_BEARER_TOKEN (scope applications.commands.permissions.update); a bot token cannot.';
      return;
    }
    const { scope } = s;
    const p = permissionSetOf(s, req);
    // checkCommandRequests found the set before the first write, so this is a guild's.
    if (scope.kind !== 'guild' || !p) return;
    const guildId = scope.guildId;
    const commandId = p.commandId ?? this.ids.get(p.target);
    await this.send(req, [], async () => {
      if (!commandId) throw new Error(`No command id for ${p.target}: its command was not created.`);
      await setCommandPermissions(this.client, this.app, guildId, commandId, p.after);
    });
    done.add(`perm:${p.target}`);
    this.outcome.applied.push({ address: permissionAddress(s, p.target), kind: 'permissions' });
  }
}

/** `guild:1/permissions` for the application-wide set, `<command address>/permissions` otherwise. */
function permissionAddress(s: ScopePlan, target: string): string {
  return `${target === '*' ? s.key : target}/permissions`;
}

/** A bulk entry: the definition, with the remote id when the command keeps it (so renames keep ids). */
function bulkEntry(a: CommandAction): Obj {
  const body: Obj = { ...a.body, type: a.type };
  if (a.remote && a.kind !== 'replace') body.id = a.remote.id;
  return body;
}
