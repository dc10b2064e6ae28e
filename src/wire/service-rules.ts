/**
 * Rules of the interface that concern the service's stored state rather than
 * one body: type immutability, entry-point ownership, the daily create
 * allowance, and the bulk-overwrite entry-point guard. They are pure functions
 * returning Problems like the other rules, so the emulator answers with
 * `formErrorResponse` and the planner can predict the same refusals.
 */
import { CommandType } from './enums.js';
import type { Limits } from './limits.js';
import type { Path, Problem } from './problem.js';
import type { Scope } from './scope.js';
import type { Obj } from './rules/values.js';

/** facts §1.2: changing the type of an existing command is refused. */
export function typeChangeProblem(storedType: number, body: unknown, path: Path = []): Problem | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const type = (body as Obj).type;
  if (type === undefined || type === null || type === storedType) return undefined;
  return {
    rule: 'type-immutable',
    severity: 'error',
    path: [...path, 'type'],
    message: `A command's type cannot change (it is ${storedType}); delete it and create a new one.`,
    api: { code: 'APPLICATION_COMMAND_TYPE_IMMUTABLE', message: 'Application command types are immutable' },
  };
}

/** spec "handler": PRIMARY_ENTRY_POINT commands only for apps with an Activity (EMBEDDED flag). */
export function entryPointOwnerProblem(type: unknown, embedded: boolean, path: Path = []): Problem | undefined {
  if (type !== CommandType.PRIMARY_ENTRY_POINT || embedded) return undefined;
  return {
    rule: 'entry-point-embedded-only',
    severity: 'error',
    path: [...path, 'type'],
    message: 'Only applications with an Activity (EMBEDDED flag) can have a PRIMARY_ENTRY_POINT command.',
    api: {
      code: 'APPLICATION_COMMAND_TYPE_INVALID',
      message: 'Primary entry point commands require the application to have the EMBEDDED flag',
    },
  };
}

/** What the service knows of the application that a command is checked against. */
export interface ApplicationTraits {
  /** Has an Activity (EMBEDDED flag): may have a PRIMARY_ENTRY_POINT command. */
  embedded: boolean;
  /** The installation contexts the application supports (its configured integration types). */
  integrationTypes: readonly number[];
  /** Listed in the App Directory (discovery enabled). */
  discoverable: boolean;
}

/**
 * The rules a command answers to because of its application (spec
 * "Installation context": a command's values must already be supported at the
 * application level; "Apps with discovery enabled cannot have age-restricted
 * commands"; the entry point needs an Activity). Used by the emulator on every
 * write and by lint when the manifest declares its `application:`.
 */
export function applicationCommandProblems(
  body: unknown,
  app: ApplicationTraits,
  scope: Scope,
  path: Path = [],
): Problem[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
  const b = body as Obj;
  const out: Problem[] = [];
  const owner = entryPointOwnerProblem(b.type, app.embedded, path);
  if (owner) out.push(owner);
  // Guild commands take no integration_types (they are dropped), so only global ones are held to the app's.
  if (scope.kind === 'global' && Array.isArray(b.integration_types)) {
    b.integration_types.forEach((t, i) => {
      if (typeof t === 'number' && !app.integrationTypes.includes(t)) {
        out.push({
          rule: 'integration-type-unsupported',
          severity: 'error',
          path: [...path, 'integration_types', i],
          message: `The application does not support installation context ${t}; it supports ${app.integrationTypes.join(', ') || 'none'} (set them in the application's installation settings).`,
          api: {
            code: 'APPLICATION_COMMAND_INTEGRATION_TYPE_UNSUPPORTED',
            message: 'Integration type is not supported by the application',
          },
        });
      }
    });
  }
  if (b.nsfw === true && app.discoverable) {
    out.push({
      rule: 'nsfw-discoverable',
      severity: 'error',
      path: [...path, 'nsfw'],
      message: 'An application with discovery enabled cannot have age-restricted (nsfw) commands.',
      api: {
        code: 'APPLICATION_COMMAND_NSFW_DISCOVERABLE',
        message: 'Apps with discovery enabled cannot have age-restricted commands',
      },
    });
  }
  return out;
}

/** facts §7: a global bulk overwrite must not drop the existing entry point command. */
export const ENTRY_POINT_REMOVAL_MESSAGE =
  "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.";

export function entryPointRemovalProblem(): Problem {
  return {
    rule: 'entry-point-bulk-removal',
    severity: 'error',
    path: [],
    message: 'A global bulk overwrite must include the existing entry point command (or delete it separately first).',
    api: { code: 'ENTRY_POINT_REMOVAL', message: ENTRY_POINT_REMOVAL_MESSAGE },
    jsonCode: 50240,
  };
}

/**
 * spec Limits "Command creates: 200 per day, per guild": `used` creates
 * already spent today in this scope, `adding` new commands the request would
 * create. The spec names no allowance for global commands, so global creates
 * are never refused (they are still counted, to be shown).
 */
export function dailyCreatesLimited(scope: Scope): boolean {
  return scope.kind === 'guild';
}

export function dailyCreatesProblem(used: number, adding: number, limits: Limits, scope: Scope): Problem | undefined {
  if (!dailyCreatesLimited(scope)) return undefined;
  if (adding <= 0 || used + adding <= limits.daily_creates) return undefined;
  const message = `Max number of daily application command creates has been reached (${limits.daily_creates})`;
  return {
    rule: 'daily-creates',
    severity: 'error',
    path: [],
    message: `This would create ${adding} command(s) but only ${Math.max(0, limits.daily_creates - used)} of today's ${limits.daily_creates} creates are left in this scope.`,
    api: { code: 'MAX_DAILY_APPLICATION_COMMAND_CREATES', message },
    jsonCode: 30034,
  };
}
