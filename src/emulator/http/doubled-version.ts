/**
 * A request under the version twice (`/api/v10/v10/…`): a client given the
 * versioned URL as its base adds the version again (discord.js does). The
 * service answers a bare 404; the emulator says why, and what base to give.
 */
import { apiError, type EmulatorResponse } from './http-types.js';
import { ErrorAnswers } from '../../wire/error-answers.js';

const VERSION_SEGMENT = /^\/v\d+(\/|$)/;
/** Only a plain host[:port] is repeated back; anything else is left out of the message. */
const PLAIN_HOST = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/;

/** The answer to `path` (below `prefix`, e.g. `/api/v10`) when it starts with a version again; undefined otherwise. */
export function doubledVersionAnswer(
  path: string,
  prefix: string,
  host: string | undefined,
): EmulatorResponse | undefined {
  const again = VERSION_SEGMENT.exec(path);
  if (!again) return undefined;
  const origin = host !== undefined && PLAIN_HOST.test(host) ? `http://${host}` : '';
  const base = `${origin}${prefix.replace(/\/v\d+$/, '')}`;
  return apiError({
    ...ErrorAnswers.notFound,
    message:
      `${ErrorAnswers.notFound.message} (the path has the API version twice: ${prefix}${path.slice(0, again[0].length).replace(/\/$/, '')}/…). ` +
      `The client was given the versioned URL ${origin}${prefix} as its REST base and added the version itself. ` +
      `Give it the base without the version: ${base} (discord.js: rest: { api: '${base}' }; cmdsync emulator prints it as DISCORD_REST_BASE).`,
  });
}
