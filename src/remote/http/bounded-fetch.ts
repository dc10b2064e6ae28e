import { CmdsyncError } from '../../errors.js';
import { formatBytes } from '../errors.js';
import { BodyTooLarge, readCapped } from './transport.js';

/**
 * A GET of something that is not the service (an avatar given as a URL): the
 * whole answer within `timeoutMs`, and no more than `maxBytes` of body, so a
 * server that never answers or never stops cannot hang or fill a run.
 */
export interface BoundedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
}

export type BoundedFetchErrorCode = 'FETCH_TIMEOUT' | 'FETCH_TOO_LARGE' | 'FETCH_FAILED';

export class BoundedFetchError extends CmdsyncError {
  declare readonly code: BoundedFetchErrorCode;
  constructor(code: BoundedFetchErrorCode, message: string) {
    super(code, message);
  }
}

export async function fetchBounded(
  url: string,
  opts: BoundedFetchOptions,
): Promise<{ status: number; contentType: string; body: Buffer }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  try {
    // fetch follows redirects (an avatar is often behind one); the signal covers them and the body.
    const res = await fetch(url, { signal: controller.signal });
    const body = res.body ? await readCapped(res.body as AsyncIterable<Uint8Array>, opts.maxBytes) : new Uint8Array();
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(body) };
  } catch (err) {
    if (timedOut) throw new BoundedFetchError('FETCH_TIMEOUT', `no answer within ${opts.timeoutMs} ms`);
    if (err instanceof BodyTooLarge)
      throw new BoundedFetchError('FETCH_TOO_LARGE', `larger than ${formatBytes(opts.maxBytes)}`);
    const e = err as { code?: unknown; message?: unknown };
    throw new BoundedFetchError('FETCH_FAILED', typeof e.code === 'string' ? e.code : String(e.message ?? err));
  } finally {
    clearTimeout(timer);
    // Whatever is still open (an endless body) is let go of.
    controller.abort();
  }
}
