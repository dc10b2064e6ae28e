/** Latency and fault injection (faults.ts decides, per request): the wait, and acting on the fault drawn for this request. */
import { apiError } from '../http-types.js';
import type { FaultAction } from '../faults.js';
import type { Exchange } from '../exchange.js';
import { internalError, send } from './answer.js';
import { RATE_LIMITED_MESSAGE, statusAnswer } from '../../../wire/error-answers.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Acts on a fault before the handler; true when the request is finished (answered or dropped) and noted. */
export async function injectFault(fault: FaultAction, ex: Exchange): Promise<boolean> {
  switch (fault.kind) {
    case 'slow':
      await sleep(fault.delayMs);
      return false;
    case 'drop':
      ex.res.socket?.destroy();
      ex.noteFault(0);
      return true;
    case 'error':
      send(
        ex.res,
        fault.status >= 500 ? internalError(fault.status) : apiError(statusAnswer(fault.status, 'Injected fault')),
      );
      ex.noteFault(fault.status);
      return true;
    case 'rate-limit':
      send(ex.res, {
        status: 429,
        body: { message: RATE_LIMITED_MESSAGE, retry_after: fault.retryAfter, global: false },
        headers: {
          'Retry-After': String(Math.max(1, Math.ceil(fault.retryAfter))),
          'X-RateLimit-Scope': 'user',
          'X-RateLimit-Limit': '1',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset-After': fault.retryAfter.toFixed(3),
          'X-RateLimit-Reset': ((Date.now() + fault.retryAfter * 1000) / 1000).toFixed(3),
          'X-RateLimit-Bucket': 'injected-fault',
        },
      });
      ex.noteFault(429);
      return true;
    case 'drop-after':
      return false;
  }
}

/** A `drop-after` fault: the handler ran (its change is kept), and the connection closes without an answer. */
export function dropAfterHandler(ex: Exchange): void {
  ex.req.socket.destroy();
  ex.noteFault(0);
}
