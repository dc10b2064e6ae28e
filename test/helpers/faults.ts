import { request } from 'undici';
import type { FaultRule } from '../../src/emulator/http/faults.js';

/**
 * The one way these tests reach the emulator's fault injection: its control
 * endpoint over HTTP, as an out-of-process test would, with the control
 * token the emulator prints.
 */
export interface ControlledEmulator {
  url: string;
  controlToken: string;
}

async function control(
  emulator: ControlledEmulator,
  method: 'GET' | 'POST',
  body?: unknown,
): Promise<{ faults: Array<FaultRule & { matched: number; injected: number }> }> {
  const res = await request(emulator.url.replace(/\/api\/v10$/, '/__emulator/faults'), {
    method,
    headers: {
      'x-cmdsync-control': emulator.controlToken,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`fault control answered ${res.statusCode}: ${text}`);
  return JSON.parse(text);
}

/** Replaces the emulator's fault rules (an empty list clears them). */
export async function setFaults(emulator: ControlledEmulator, rules: FaultRule[]): Promise<void> {
  await control(emulator, 'POST', { faults: rules });
}

/** The rules with how many requests each matched and faulted. */
export async function listFaults(
  emulator: ControlledEmulator,
): Promise<Array<FaultRule & { matched: number; injected: number }>> {
  return (await control(emulator, 'GET')).faults;
}

/** Polls `check` until it is true (or fails the test after `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 5000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
