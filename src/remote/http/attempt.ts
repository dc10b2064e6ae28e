import type { RequestFunction, TransportRequest, TransportResponse } from './transport.js';

/** What `attempt` rejects with when the per-attempt timeout ran out. */
export const TIMEOUT = Symbol('timeout');
/** What `attempt` rejects with when the caller's signal fired. */
export const ABORT = Symbol('abort');

/**
 * Sends one attempt within `timeoutMs` (the whole answer, body included) and
 * the caller's signal; rejects with TIMEOUT or ABORT, or the transport's own
 * error. Racing the transport means a transport that ignores its signal
 * still cannot hang the client.
 */
export async function attempt(
  transport: RequestFunction,
  req: Omit<TransportRequest, 'signal'>,
  timeoutMs: number,
  callerSignal: AbortSignal | undefined,
): Promise<TransportResponse> {
  if (callerSignal?.aborted) throw ABORT;
  const controller = new AbortController();
  let why: typeof TIMEOUT | typeof ABORT | undefined;
  let rejectRace: (reason: unknown) => void = () => undefined;
  const race = new Promise<never>((_resolve, reject) => {
    rejectRace = reject;
  });
  const stop = (reason: typeof TIMEOUT | typeof ABORT) => {
    why ??= reason;
    controller.abort(new Error(reason === TIMEOUT ? 'timeout' : 'aborted'));
    rejectRace(reason);
  };
  const timer = setTimeout(() => stop(TIMEOUT), timeoutMs);
  const onAbort = () => stop(ABORT);
  callerSignal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await Promise.race([transport({ ...req, signal: controller.signal }), race]);
  } catch (error) {
    throw why ?? error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onAbort);
  }
}
