/**
 * The emulator's own control endpoint, outside /api/v10, so a process under
 * test (e.g. the CLI) can have faults injected at runtime:
 *   GET    /__emulator/faults   the rules and their counters
 *   POST   /__emulator/faults   { "faults": [rule…] } or [rule…]: replace; { "add": rule }: append
 *   DELETE /__emulator/faults   remove every rule
 *   GET    /__emulator/health   { "ok": true }
 * Only loopback clients may use it.
 */
import { checkFaultRule, FaultRuleError, type FaultController, type FaultRule } from '../faults.js';
import type { EmulatorResponse } from '../http-types.js';

export const CONTROL_PREFIX = '/__emulator';

function bad(message: string): EmulatorResponse {
  return { status: 400, body: { message } };
}

export function handleControl(method: string, path: string, body: unknown, faults: FaultController): EmulatorResponse {
  if (path === '/health' && method === 'GET') return { status: 200, body: { ok: true } };
  if (path !== '/faults') return { status: 404, body: { message: 'Unknown control endpoint' } };
  try {
    switch (method) {
      case 'GET':
        return { status: 200, body: { faults: faults.list() } };
      case 'DELETE':
        faults.clear();
        return { status: 204 };
      case 'POST': {
        if (typeof body === 'object' && body !== null && !Array.isArray(body) && 'add' in body) {
          faults.add(checkFaultRule((body as { add: unknown }).add, 'add'));
        } else {
          const list = Array.isArray(body) ? body : (body as { faults?: unknown } | undefined)?.faults;
          if (!Array.isArray(list)) return bad('Send { "faults": [rule, …] }, a list of rules, or { "add": rule }.');
          faults.set(list.map((r, i) => checkFaultRule(r, `faults[${i}]`)) as FaultRule[]);
        }
        return { status: 200, body: { faults: faults.list() } };
      }
      default:
        return { status: 405, body: { message: 'Method not allowed' } };
    }
  } catch (err) {
    if (err instanceof FaultRuleError) return bad(err.message);
    throw err;
  }
}
