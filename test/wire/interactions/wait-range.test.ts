/** invoke's wait range is one rule (wire/interactions/callback.ts): the CLI and the emulator's control route both ask it. */
import { describe, expect, it } from 'vitest';
import { parseInvokeRequest } from '../../../src/emulator/routes/interaction-control.js';
import {
  isWaitSeconds,
  MAX_WAIT_SECONDS,
  TOKEN_LIFETIME_MS,
  WAIT_SECONDS_RANGE,
} from '../../../src/wire/interactions/callback.js';

describe('invoke wait range', () => {
  it('runs from 0 to the token lifetime, in seconds', () => {
    expect(MAX_WAIT_SECONDS).toBe(TOKEN_LIFETIME_MS / 1000);
    expect([0, 0.5, MAX_WAIT_SECONDS].map(isWaitSeconds)).toEqual([true, true, true]);
    expect([-1, MAX_WAIT_SECONDS + 0.1, Number.NaN, Number.POSITIVE_INFINITY, '5', null].map(isWaitSeconds)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('the emulator refuses a wait outside it, naming the range', () => {
    expect(parseInvokeRequest({ line: '/ping', waitSeconds: MAX_WAIT_SECONDS })).toMatchObject({
      waitSeconds: MAX_WAIT_SECONDS,
    });
    expect(parseInvokeRequest({ line: '/ping', waitSeconds: MAX_WAIT_SECONDS + 1 })).toBe(
      `waitSeconds must be a number of seconds ${WAIT_SECONDS_RANGE}`,
    );
    expect(parseInvokeRequest({ line: '/ping', waitSeconds: -1 })).toBe(
      `waitSeconds must be a number of seconds ${WAIT_SECONDS_RANGE}`,
    );
  });
});
