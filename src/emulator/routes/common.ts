/** Checks shared by the command and permission routes: scope resolution and body helpers. */
import type { Path, Problem } from '../../wire/problem.js';
import type { Scope } from '../../wire/scope.js';
import { apiError, type EmulatorRequest, type EmulatorResponse, type HandlerContext } from '../http/http-types.js';
import { own } from '../state/own.js';
import type { Application } from '../state/world.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

export const unknownCommand = (): EmulatorResponse => apiError(ErrorAnswers.unknownCommand);

/** The application a route works on: the authenticated one (the server already checked it matches the path). */
export function applicationOf(req: EmulatorRequest): Application | undefined {
  return req.auth.kind === 'none' ? undefined : req.auth.application;
}

/**
 * The scope named by the path. Guild routes need a known guild (10004) where
 * the app holds the applications.commands scope (50001 Missing Access).
 */
export function resolveScope(req: EmulatorRequest, ctx: HandlerContext, app: Application): Scope | EmulatorResponse {
  const guildId = req.params.guildId;
  if (guildId === undefined) return { kind: 'global' };
  const guild = own(ctx.world.guilds, guildId);
  if (!guild) return apiError(ErrorAnswers.unknownGuild);
  const install = own(guild.apps, app.id);
  if (!install?.commandsScope) return apiError(ErrorAnswers.missingAccess);
  return { kind: 'guild', guildId };
}

export function isResponse(value: unknown): value is EmulatorResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'status' in value &&
    typeof (value as { status: unknown }).status === 'number'
  );
}

/** Prefixes both the path and the service's path of problems (bulk bodies are keyed by index). */
export function atPath(prefix: Path, problems: readonly Problem[]): Problem[] {
  return problems.map((p) => ({
    ...p,
    path: [...prefix, ...p.path],
    ...(p.apiPath ? { apiPath: [...prefix, ...p.apiPath] } : {}),
  }));
}
