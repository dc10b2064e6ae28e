/**
 * A request for a route the emulator does not implement: 404 code 0, as the
 * service answers an unknown path, with a message naming the route as not
 * emulated, so a gap is loud, never a silent wrong answer. The route is named
 * by its shape (ids and other values as `:id` / `:value`): a path can carry a
 * webhook or interaction token, which must never reach a message or the log.
 */
import { isSnowflake } from '../../wire/snowflake.js';
import { apiError, type EmulatorResponse } from './http-types.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

/** A literal segment kept as sent: a lowercase word, or one of the service's `@` names. */
const LITERAL = /^(?:[a-z][a-z0-9_-]{0,39}|@me|@original)$/;

export function routeShape(path: string): string {
  const parts = path.split('/').filter((s) => s.length > 0);
  return `/${parts.map((s) => (isSnowflake(s) ? ':id' : LITERAL.test(s) ? s : ':value')).join('/')}`;
}

const answers = new WeakSet<EmulatorResponse>();

export function notEmulated(method: string, path: string): EmulatorResponse {
  const answer = apiError({
    ...ErrorAnswers.notFound,
    message: `${ErrorAnswers.notFound.message} (${method} ${routeShape(path)} is not emulated)`,
  });
  answers.add(answer);
  return answer;
}

/** A route the emulator serves, asked to change fields it does not keep (a member's voice state): as loud, naming them. */
export function fieldsNotEmulated(method: string, path: string, fields: readonly string[]): EmulatorResponse {
  const answer = apiError({
    ...ErrorAnswers.notFound,
    message: `${ErrorAnswers.notFound.message} (${method} ${routeShape(path)}: ${fields.join(', ')} not emulated)`,
  });
  answers.add(answer);
  return answer;
}

/** The answer is a not-emulated 404 (the log names its route's shape). */
export function isNotEmulated(answer: EmulatorResponse): boolean {
  return answers.has(answer);
}
