/**
 * What `plan` reads of the application before anything is written: its
 * settings (GET /applications/@me), and, when the remote is cmdsync's own
 * emulator, that emulator's limits and today's create counts, so the plan
 * refuses at plan time what the remote would refuse half way through apply.
 */
import { traitsOfApplicationObject } from '../../wire/application.js';
import {
  EMULATOR_LIMITS_PATH,
  EMULATOR_MARKER_HEADER,
  type EmulatorLimitsAnswer,
} from '../../wire/emulator-control.js';
import { resolveLimits, type Limits } from '../../wire/limits.js';
import type { ApplicationTraits } from '../../wire/service-rules.js';
import type { RestClient } from '../http/client.js';
import { DiscordAPIError } from '../errors.js';

export interface RemoteApplication {
  /** What the service reports; undefined when it could not be read (`unread` says why). */
  traits?: ApplicationTraits;
  unread?: string;
  /** Present when the remote is an emulator: the limits it enforces and today's creates per scope key for this application. */
  emulator?: { limits: Limits; creates: Record<string, number> };
  /** GET requests sent. */
  reads: number;
}

/**
 * Reads the application. A refusal to read it (401, 403, 404) is reported,
 * not thrown: the plan then says its commands were not checked against the
 * application. Any other failure is the plan's failure, as for every read.
 */
export async function fetchApplication(client: RestClient, applicationId: string): Promise<RemoteApplication> {
  let res: Awaited<ReturnType<RestClient['send']>>;
  try {
    res = await client.send<unknown>({ method: 'GET', path: '/applications/@me' });
  } catch (err) {
    if (err instanceof DiscordAPIError && [401, 403, 404].includes(err.status))
      return { unread: `GET /applications/@me answered ${err.status}`, reads: 1 };
    throw err;
  }
  const traits = traitsOfApplicationObject(res.data);
  const id = (res.data as { id?: unknown } | null)?.id;
  if (!traits) return { unread: 'GET /applications/@me did not answer with an application object', reads: 1 };
  if (id !== applicationId)
    return { unread: `the credentials are for application ${String(id)}, not ${applicationId}`, reads: 1 };
  const marker = res.headers[EMULATOR_MARKER_HEADER];
  if (!marker?.startsWith('/')) return { traits, reads: 1 };
  const emulator = await fetchEmulatorLimits(client, marker, applicationId);
  return { traits, reads: 2, emulator };
}

/** The control answer on the API's own origin (never elsewhere: the marker is a path, not a URL). */
async function fetchEmulatorLimits(
  client: RestClient,
  controlPath: string,
  applicationId: string,
): Promise<RemoteApplication['emulator']> {
  const origin = new URL(client.apiUrl).origin;
  let answer: EmulatorLimitsAnswer;
  try {
    answer = await client.request<EmulatorLimitsAnswer>({
      method: 'GET',
      path: EMULATOR_LIMITS_PATH,
      baseUrl: `${origin}${controlPath}`,
      auth: 'none',
      retries: 0,
    });
  } catch {
    // An emulator older than this route: plan against the manifest's limits, as for the service.
    return undefined;
  }
  if (
    typeof answer !== 'object' ||
    answer === null ||
    typeof answer.limits !== 'object' ||
    !Array.isArray(answer.creates)
  )
    return undefined;
  const creates: Record<string, number> = {};
  for (const c of answer.creates)
    if (c.application_id === applicationId && typeof c.used === 'number') creates[c.scope] = c.used;
  return { limits: resolveLimits(answer.limits as Partial<Limits>), creates };
}
