/**
 * Part A: application command endpoints, global and guild. Validation is the
 * src/wire rule functions only; this module decides what is stored and what
 * the service answers.
 */
import { canonicalCommand, PATCHABLE_COMMAND_FIELDS, type CommandRecord } from '../../wire/defaults.js';
import { CommandType } from '../../wire/enums.js';
import type { Limits } from '../../wire/limits.js';
import { ApiErrors, problem, type Problem } from '../../wire/problem.js';
import { validateCommand } from '../../wire/rules/command.js';
import { commandKey, validateScopeCommands } from '../../wire/rules/scope.js';
import {
  dailyCreatesProblem,
  applicationCommandProblems,
  entryPointRemovalProblem,
  typeChangeProblem,
} from '../../wire/service-rules.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { checkCommandAccess } from '../http/auth.js';
import {
  countDailyCreates,
  dailyCreatesUsed,
  deleteCommand,
  findCommand,
  insertCommand,
  recordOf,
  replaceRecord,
  scopeCommands,
} from '../state/commands-model.js';
import { formErrorResponse } from '../http/form-errors.js';
import {
  apiError,
  type EmulatorRequest,
  type EmulatorResponse,
  type Handler,
  type HandlerContext,
  type Route,
} from '../http/http-types.js';
import { queryBoolean, requestLocale, shapeCommand } from '../models/shape.js';
import { traitsOf, type Application, type StoredCommand } from '../state/world.js';
import { applicationOf, atPath, isResponse, resolveScope, unknownCommand } from './common.js';
import { scopeKey, type Scope } from '../../wire/scope.js';
import { settingsLocale } from '../http/user-locale.js';
import { ErrorAnswers } from '../../wire/error-answers.js';
import type { Obj } from '../../wire/rules/values.js';

const GLOBAL = '/applications/:applicationId/commands';
const GUILD = '/applications/:applicationId/guilds/:guildId/commands';

/** A request noted on one of these routes that writes an application's commands (create, bulk overwrite, edit, delete). */
export function isCommandWrite(method: string, route: string): boolean {
  if (method === 'GET') return false;
  return [GLOBAL, GUILD].some((base) => route === base || route === `${base}/:commandId`);
}

interface Resolved {
  app: Application;
  scope: Scope;
}

/** Auth for the command routes, then the scope; a response when either refuses. */
function prepare(req: EmulatorRequest, ctx: HandlerContext, write: boolean): Resolved | EmulatorResponse {
  const denied = checkCommandAccess(req.auth, write);
  if (denied) return denied;
  const app = applicationOf(req)!;
  const scope = resolveScope(req, ctx, app);
  if (isResponse(scope)) return scope;
  return { app, scope };
}

function enforced(problems: readonly Problem[]): EmulatorResponse | undefined {
  return formErrorResponse(problems);
}

function sameKey(a: { type: number; name: string }, b: { type: number; name: string }): boolean {
  return commandKey(a) === commandKey(b);
}

/**
 * List bodies, memoised while the world is unchanged: `world.serial` moves on
 * every change, so a key holding it can never serve stale data.
 */
class ListMemo {
  private readonly entries = new Map<string, string>();

  /** The serialised body: a big list is then neither shaped nor stringified again. */
  get(key: string, build: () => unknown[]): string {
    let body = this.entries.get(key);
    if (!body) {
      if (this.entries.size >= 64) this.entries.clear();
      body = JSON.stringify(build());
      this.entries.set(key, body);
    }
    return body;
  }
}

function listCommands(memo: ListMemo): Handler {
  return (req, ctx) => {
    const r = prepare(req, ctx, false);
    if (isResponse(r)) return r;
    const raw = req.query.get('with_localizations');
    const withLocalizations = queryBoolean(raw);
    if (raw !== null && withLocalizations === undefined) {
      return formErrorResponse([
        problem(
          'query-boolean',
          ['with_localizations'],
          'with_localizations must be a boolean.',
          ApiErrors.boolean(raw),
        ),
      ])!;
    }
    const mode = {
      kind: 'list' as const,
      withLocalizations: withLocalizations === true,
      locale: requestLocale(req.headers) ?? settingsLocale(ctx.world, req.auth),
    };
    const key = `${ctx.world.serial}|${r.app.id}|${scopeKey(r.scope)}|${mode.withLocalizations}|${mode.locale ?? ''}`;
    const text = memo.get(key, () => scopeCommands(ctx.world, r.app.id, r.scope).map((c) => shapeCommand(c, mode)));
    return { status: 200, text, headers: { 'Content-Type': 'application/json' } };
  };
}

function createCommand(limits: Limits): Handler {
  return (req, ctx) => {
    const r = prepare(req, ctx, true);
    if (isResponse(r)) return r;
    const { app, scope } = r;
    const body = req.body;
    const problems = validateCommand(body, { scope, limits });
    problems.push(...applicationCommandProblems(body, traitsOf(app), scope));
    const refused = enforced(problems);
    if (refused) return refused;
    const record = canonicalCommand(body as Obj, scope, app.integrationTypes);
    const existing = scopeCommands(ctx.world, app.id, scope);
    // Create is an upsert keyed by (scope, type, name) (spec rule A.1).
    const same = existing.find((c) => sameKey(c, record));
    if (same) {
      if (replaceRecord(ctx.world, same, record, ctx.nextId)) ctx.changed();
      return { status: 200, body: shapeCommand(ctx.world.commands[same.id]!, { kind: 'full' }) };
    }
    const after = [...existing.map(recordOf), record];
    const count = validateScopeCommands(after, scope, limits).filter(
      (p) => p.path[0] === after.length - 1 && p.jsonCode !== undefined,
    );
    const daily = dailyCreatesProblem(dailyCreatesUsed(ctx.world, app.id, scope, ctx.now()), 1, limits, scope);
    const limited = enforced(daily ? [daily] : count);
    if (limited) return limited;
    const cmd = insertCommand(ctx.world, ctx.nextId, app.id, scope, record);
    countDailyCreates(ctx.world, app.id, scope, ctx.now(), 1);
    ctx.changed();
    return { status: 201, body: shapeCommand(cmd, { kind: 'full' }) };
  };
}

const getCommand: Handler = (req, ctx) => {
  const r = prepare(req, ctx, false);
  if (isResponse(r)) return r;
  const cmd = findCommand(ctx.world, r.app.id, r.scope, req.params.commandId!);
  return cmd ? { status: 200, body: shapeCommand(cmd, { kind: 'full' }) } : unknownCommand();
};

function editCommand(limits: Limits): Handler {
  return (req, ctx) => {
    const r = prepare(req, ctx, true);
    if (isResponse(r)) return r;
    const { app, scope } = r;
    const cmd = findCommand(ctx.world, app.id, scope, req.params.commandId!);
    if (!cmd) return unknownCommand();
    const body = req.body;
    const problems = validateCommand(body, { scope, limits, partial: { type: cmd.type } });
    const typeChange = typeChangeProblem(cmd.type, body);
    if (typeChange) problems.push(typeChange);
    const refused = enforced(problems);
    if (refused) return refused;
    // Supplied fields replace the stored ones wholesale (spec rule A.2); type stays.
    const merged: Obj = { ...recordOf(cmd) };
    for (const key of PATCHABLE_COMMAND_FIELDS) if (Object.hasOwn(body as Obj, key)) merged[key] = (body as Obj)[key];
    merged.type = cmd.type;
    const whole = enforced([
      ...validateCommand(merged, { scope, limits }),
      ...applicationCommandProblems(merged, traitsOf(app), scope),
    ]);
    if (whole) return whole;
    const record = canonicalCommand(merged, scope, app.integrationTypes);
    const clash = scopeCommands(ctx.world, app.id, scope).find((c) => c.id !== cmd.id && sameKey(c, record));
    if (clash) return apiError(ErrorAnswers.commandNameExists);
    if (replaceRecord(ctx.world, cmd, record, ctx.nextId)) ctx.changed();
    return { status: 200, body: shapeCommand(ctx.world.commands[cmd.id]!, { kind: 'full' }) };
  };
}

const deleteOne: Handler = (req, ctx) => {
  const r = prepare(req, ctx, true);
  if (isResponse(r)) return r;
  const cmd = findCommand(ctx.world, r.app.id, r.scope, req.params.commandId!);
  if (!cmd) return unknownCommand();
  deleteCommand(ctx.world, cmd.id);
  ctx.changed();
  return { status: 204 };
};

type BulkPlan = Array<{ record: CommandRecord; target?: StoredCommand }>;

/** Each entry of a bulk overwrite matched to a stored command: by `id` when it names one, else by (type, name); what is left unmatched is deleted. */
function matchBulk(
  body: Obj[],
  existing: StoredCommand[],
  scope: Scope,
  app: Application,
): { plan: BulkPlan; unmatched: Map<string, StoredCommand>; typeProblems: Problem[] } {
  const unmatched = new Map(existing.map((c) => [c.id, c]));
  const plan: BulkPlan = [];
  const typeProblems: Problem[] = [];
  body.forEach((entry, i) => {
    const record = canonicalCommand(entry, scope, app.integrationTypes);
    let target = isSnowflake(entry.id) ? unmatched.get(entry.id) : undefined;
    if (target) {
      const p = typeChangeProblem(target.type, entry, [i]);
      if (p) typeProblems.push(p);
    } else target = [...unmatched.values()].find((c) => sameKey(c, record));
    if (target) unmatched.delete(target.id);
    plan.push({ record, target });
  });
  return { plan, unmatched, typeProblems };
}

/** Deletes the unmatched, replaces the matched and inserts the rest; whether anything changed, and the scope's commands in the body's order. */
function applyBulk(
  ctx: HandlerContext,
  app: Application,
  scope: Scope,
  plan: BulkPlan,
  unmatched: Map<string, StoredCommand>,
): { changed: boolean; result: StoredCommand[] } {
  let changed = false;
  for (const c of unmatched.values()) {
    deleteCommand(ctx.world, c.id);
    changed = true;
  }
  const result: StoredCommand[] = [];
  for (const p of plan) {
    if (p.target) {
      if (replaceRecord(ctx.world, p.target, p.record, ctx.nextId)) changed = true;
      result.push(ctx.world.commands[p.target.id]!);
    } else {
      result.push(insertCommand(ctx.world, ctx.nextId, app.id, scope, p.record));
      changed = true;
    }
  }
  return { changed, result };
}

function bulkOverwrite(limits: Limits): Handler {
  return (req, ctx) => {
    const r = prepare(req, ctx, true);
    if (isResponse(r)) return r;
    const { app, scope } = r;
    const body = req.body;
    if (!Array.isArray(body)) {
      return formErrorResponse([
        problem('bulk-body', [], 'A bulk overwrite body must be a list of commands.', ApiErrors.array()),
      ])!;
    }
    const problems: Problem[] = [];
    body.forEach((entry, i) => {
      problems.push(...atPath([i], validateCommand(entry, { scope, limits })));
      problems.push(...applicationCommandProblems(entry, traitsOf(app), scope, [i]));
    });
    problems.push(...validateScopeCommands(body, scope, limits));
    const refused = enforced(problems);
    if (refused) return refused;

    const { plan, unmatched, typeProblems } = matchBulk(body, scopeCommands(ctx.world, app.id, scope), scope, app);
    const typeRefused = enforced(typeProblems);
    if (typeRefused) return typeRefused;
    if (scope.kind === 'global' && [...unmatched.values()].some((c) => c.type === CommandType.PRIMARY_ENTRY_POINT)) {
      return enforced([entryPointRemovalProblem()])!;
    }
    const creates = plan.filter((p) => !p.target).length;
    const daily = dailyCreatesProblem(dailyCreatesUsed(ctx.world, app.id, scope, ctx.now()), creates, limits, scope);
    if (daily) return enforced([daily])!;

    const { changed, result } = applyBulk(ctx, app, scope, plan, unmatched);
    countDailyCreates(ctx.world, app.id, scope, ctx.now(), creates);
    if (changed) ctx.changed();
    return { status: 200, body: result.map((c) => shapeCommand(c, { kind: 'full' })) };
  };
}

export function commandRoutes(limits: Limits): Route[] {
  const list = listCommands(new ListMemo());
  const create = createCommand(limits);
  const edit = editCommand(limits);
  const bulk = bulkOverwrite(limits);
  const routes: Route[] = [];
  for (const base of [GLOBAL, GUILD]) {
    routes.push(
      { method: 'GET', pattern: base, auth: 'app', bucket: 'commands.list', handler: list },
      { method: 'POST', pattern: base, auth: 'app', bucket: 'commands.create', handler: create },
      { method: 'PUT', pattern: base, auth: 'app', bucket: 'commands.bulk', handler: bulk },
      { method: 'GET', pattern: `${base}/:commandId`, auth: 'app', bucket: 'commands.get', handler: getCommand },
      { method: 'PATCH', pattern: `${base}/:commandId`, auth: 'app', bucket: 'commands.edit', handler: edit },
      { method: 'DELETE', pattern: `${base}/:commandId`, auth: 'app', bucket: 'commands.delete', handler: deleteOne },
    );
  }
  return routes;
}
