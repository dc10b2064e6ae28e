/**
 * `invoke()`: have the emulator deliver a command invocation to your bot, as
 * a user would make it, and get back what the user would see. Against an
 * emulator started in this process, or a running one by its URL and control
 * token (what `cmdsync emulator` prints). And the check of an interactions
 * endpoint URL the service makes when the URL is saved.
 */
import { CmdsyncError } from '../errors.js';
import type { EndpointCheck, InvokeOutcome, InvokeRequest, RunningEmulator } from '../emulator/index.js';

export type { InvokeOutcome, InvokeRequest } from '../emulator/index.js';

export type InvokeTarget = { emulator: RunningEmulator } | { apiUrl: string; controlToken: string };

/** The control endpoint of the emulator serving `apiUrl` (`http://host:port/api/v10`). */
export function controlUrl(apiUrl: string, path: string): string {
  const u = new URL(apiUrl);
  return `${u.origin}/__emulator${path}`;
}

export type RemoteTarget = { apiUrl: string; controlToken: string };

/** POSTs JSON to a control route of a running emulator; the refusals every control call shares become typed errors. */
export async function controlPost(
  target: RemoteTarget,
  path: string,
  payload: unknown,
  timeoutMs: number,
): Promise<{ status: number; body: { message?: string } | undefined }> {
  let res: Response;
  try {
    res = await fetch(controlUrl(target.apiUrl, path), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cmdsync-control': target.controlToken },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new CmdsyncError(
      'EMULATOR_UNREACHABLE',
      `cannot reach the emulator at ${new URL(target.apiUrl).origin}: ${(err as Error).message}`,
    );
  }
  const body = (await res.json().catch(() => undefined)) as { message?: string } | undefined;
  if (res.status === 401)
    throw new CmdsyncError(
      'EMULATOR_CONTROL_DENIED',
      'the emulator refused the control token (set CMDSYNC_EMULATOR_CONTROL_TOKEN to the token `cmdsync emulator` printed)',
    );
  if (res.status === 404)
    throw new CmdsyncError(
      'EMULATOR_UNREACHABLE',
      `${new URL(target.apiUrl).origin} is not a cmdsync emulator with interactions`,
    );
  return { status: res.status, body };
}

export async function invoke(request: InvokeRequest, target: InvokeTarget): Promise<InvokeOutcome> {
  if ('emulator' in target) return target.emulator.invoke(request);
  // The answer can take the 3 s deadline plus the requested wait.
  const { status, body } = await controlPost(
    target,
    '/interactions',
    request,
    ((request.waitSeconds ?? 10) + 15) * 1000,
  );
  if (status !== 200 || !body)
    throw new CmdsyncError('INVOKE_FAILED', `the emulator could not invoke: ${body?.message ?? `HTTP ${status}`}`);
  return body as InvokeOutcome;
}

/** The service's check of an application's interactions endpoint URL (a signed PING, then a forged one), run by the emulator now. */
export async function checkInteractionsEndpoint(target: InvokeTarget, applicationId?: string): Promise<EndpointCheck> {
  if ('emulator' in target) return target.emulator.checkInteractionsEndpoint(applicationId);
  // Two PINGs of at most 3 s each.
  const { status, body } = await controlPost(
    target,
    '/interactions/endpoint-check',
    applicationId !== undefined ? { applicationId } : {},
    15_000,
  );
  if (status !== 200 || !body)
    throw new CmdsyncError(
      'ENDPOINT_CHECK_FAILED',
      `the emulator could not check the endpoint: ${body?.message ?? `HTTP ${status}`}`,
    );
  return body as EndpointCheck;
}
