import { AbortedError, type RequestInfo } from '../errors.js';

/**
 * Resolves after `ms`, or rejects with the signal's reason when it aborts
 * first. Every wait of the client (backoff, bucket reset, 429) goes through
 * here so a caller's abort ends it at once.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** `sleep` for a request: the caller's abort ends the wait as that request's AbortedError. */
export async function waitForRequest(ms: number, signal: AbortSignal | undefined, info: RequestInfo): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch {
    throw new AbortedError(info);
  }
}
