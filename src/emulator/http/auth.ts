import { timingSafeEqual } from 'node:crypto';
import { apiError, type EmulatorResponse, type RequestAuth } from './http-types.js';
import { own } from '../state/own.js';
import { digestMatches, secretDigest } from '../state/secrets.js';
import type { World } from '../state/world.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

/** Scope a client-credentials bearer needs to change commands (spec "Authentication"). */
export const SCOPE_COMMANDS_UPDATE = 'applications.commands.update';
/** Scope a user's bearer needs to edit command permissions. */
export const SCOPE_PERMISSIONS_UPDATE = 'applications.commands.permissions.update';

/**
 * Constant-time string comparison: both sides are hashed first so the buffers
 * handed to timingSafeEqual always have equal length and the length of the
 * secret does not leak either.
 */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(secretDigest(a), secretDigest(b));
}

export type AuthResult = RequestAuth | { kind: 'invalid' };

/**
 * Resolves an Authorization header against the world. Every candidate is
 * compared in constant time; an unknown, malformed or expired credential is
 * `invalid` (the server answers 401 where a credential is needed).
 */
export function resolveAuth(header: string | undefined, world: World, now: number): AuthResult {
  if (header === undefined || header.trim() === '') return { kind: 'none' };
  const match = /^(Bot|Bearer)\s+(\S+)\s*$/i.exec(header.trim());
  if (!match) return { kind: 'invalid' };
  const [, scheme, token] = match;
  // Hashed once, compared with every candidate's kept digest (state/secrets.ts).
  const given = secretDigest(token!);
  if (scheme!.toLowerCase() === 'bot') {
    let found: RequestAuth | undefined;
    for (const app of Object.values(world.applications)) {
      if (digestMatches(app.botToken, given) && !found) found = { kind: 'bot', application: app };
    }
    return found ?? { kind: 'invalid' };
  }
  let result: AuthResult = { kind: 'invalid' };
  for (const [value, grant] of Object.entries(world.bearers)) {
    if (!digestMatches(value, given)) continue;
    const application = own(world.applications, grant.applicationId);
    if (grant.expiresAt <= now || !application) continue;
    result =
      grant.userId !== undefined
        ? {
            kind: 'bearer',
            application,
            scopes: grant.scopes,
            userId: grant.userId,
            ...(grant.locale ? { locale: grant.locale } : {}),
          }
        : { kind: 'bearer', application, scopes: grant.scopes, ...(grant.locale ? { locale: grant.locale } : {}) };
  }
  return result;
}

/** The service's answer to a missing or bad credential. */
export function unauthorized(): EmulatorResponse {
  return apiError(ErrorAnswers.unauthorized);
}

/** A token that belongs to another application than the one in the path. */
export function notYourApplication(): EmulatorResponse {
  return apiError(ErrorAnswers.notAuthorizedForApplication);
}

/** A bearer that lacks the scope the call needs (observed: 401 40001, see docs/emulator.md). */
export function missingScope(): EmulatorResponse {
  return apiError(ErrorAnswers.missingScope);
}

/**
 * Command routes: a bot token, or a client-credentials bearer; writes need
 * applications.commands.update. A user's bearer (authorization-code flow) is
 * refused with the plain 401, as observed (facts §8).
 */
export function checkCommandAccess(auth: RequestAuth, write: boolean): EmulatorResponse | undefined {
  if (auth.kind === 'none') return unauthorized();
  if (auth.kind === 'bot') return undefined;
  if (auth.userId !== undefined) return unauthorized();
  if (write && !auth.scopes.includes(SCOPE_COMMANDS_UPDATE)) return missingScope();
  return undefined;
}

/** Permission reads: bot, client-credentials bearer, or a user's bearer of the app that carries the permissions scope. */
export function checkPermissionsRead(auth: RequestAuth): EmulatorResponse | undefined {
  if (auth.kind === 'none') return unauthorized();
  if (auth.kind === 'bearer' && auth.userId !== undefined && !auth.scopes.includes(SCOPE_PERMISSIONS_UPDATE))
    return missingScope();
  return undefined;
}

/**
 * Webhook management by id (list, create, read, edit, delete): the bot token
 * only. No OAuth2 scope grants it: `webhook.incoming` makes one webhook through
 * the authorization flow and manages none, and a bearer answers as it does on
 * command routes (facts §8).
 */
export function managesWebhooks(auth: RequestAuth): auth is Extract<RequestAuth, { kind: 'bot' }> {
  return auth.kind === 'bot';
}

/** Permission edits: a bearer with applications.commands.permissions.update only; bots get 20001. */
export function checkPermissionsWrite(auth: RequestAuth): EmulatorResponse | undefined {
  if (auth.kind === 'none') return unauthorized();
  if (auth.kind === 'bot') return apiError(ErrorAnswers.botsCannotUse);
  if (!auth.scopes.includes(SCOPE_PERMISSIONS_UPDATE)) return missingScope();
  return undefined;
}
