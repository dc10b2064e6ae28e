/**
 * `invoke()`: have the emulator deliver a command invocation to your bot, as
 * a user would make it, and get back what the user would see. Against an
 * emulator started in this process, or a running one by its URL and control
 * token (what `cmdsync emulator` prints).
 */
import { CmdsyncError } from '../errors.js';
import type { InvokeOutcome, InvokeRequest, RunningEmulator } from '../emulator/index.js';

export type { InvokeOutcome, InvokeRequest } from '../emulator/index.js';

export type InvokeTarget = { emulator: RunningEmulator } | { apiUrl: string; controlToken: string };

/** The control endpoint of the emulator serving `apiUrl` (`http://host:port/api/v10`). */
export function controlUrl(apiUrl: string, path: string): string {
  const u = new URL(apiUrl);
  return `${u.origin}/__emulator${path}`;
}

export async function invoke(request: InvokeRequest, target: InvokeTarget): Promise<InvokeOutcome> {
  if ('emulator' in target) return target.emulator.invoke(request);
  let res: Response;
  try {
    // The answer can take the 3 s deadline plus the requested wait.
    res = await fetch(controlUrl(target.apiUrl, '/interactions'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cmdsync-control': target.controlToken },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(((request.waitSeconds ?? 10) + 15) * 1000),
    });
  } catch (err) {
    throw new CmdsyncError('EMULATOR_UNREACHABLE', `cannot reach the emulator at ${new URL(target.apiUrl).origin}: ${(err as Error).message}`);
  }
  const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
  if (res.status === 401) throw new CmdsyncError('EMULATOR_CONTROL_DENIED', 'the emulator refused the control token (set CMDSYNC_EMULATOR_CONTROL_TOKEN to the token `cmdsync emulator` printed)');
  if (res.status === 404) throw new CmdsyncError('EMULATOR_UNREACHABLE', `${new URL(target.apiUrl).origin} is not a cmdsync emulator with interactions`);
  if (res.status !== 200 || !body) throw new CmdsyncError('INVOKE_FAILED', `the emulator could not invoke: ${body?.message ?? `HTTP ${res.status}`}`);
  return body as unknown as InvokeOutcome;
}
