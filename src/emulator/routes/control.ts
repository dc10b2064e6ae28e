/**
 * The emulator's own control endpoint, outside /api/v10, so a process under
 * test (e.g. the CLI) can have faults injected at runtime:
 *   GET    /__emulator/faults   the rules and their counters
 *   POST   /__emulator/faults   { "faults": [rule…] } or [rule…]: replace; { "add": rule }: append
 *   DELETE /__emulator/faults   remove every rule
 *   GET    /__emulator/health   { "ok": true }
 *   GET    /__emulator/daily-creates   today's command creates per application and scope
 *   DELETE /__emulator/daily-creates   start the daily create allowance over
 *   POST   /__emulator/authorize       install an application in a guild with `bot` and/or `applications.commands`
 *   GET    /__emulator/limits   the limits this emulator enforces and today's creates (read-only, no token)
 * Only loopback clients may use it, and only with the control token the
 * emulator prints, in the `X-Cmdsync-Control` header (`/health` and `/limits`,
 * which change nothing and tell no secret, need none). A web page the developer
 * visits can send a loopback request too (a "simple" text/plain POST needs no
 * preflight), and a fault rule makes every request fail: the custom header
 * forces a CORS preflight, which is never approved, and bodies must be JSON.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { EMULATOR_LIMITS_PATH } from '../../wire/emulator-control.js';
import { safeEqual } from '../http/auth.js';
import { checkFaultRule, FaultRuleError, type FaultController, type FaultRule } from '../http/faults.js';
import type { EmulatorResponse } from '../http/http-types.js';

export const CONTROL_PREFIX = '/__emulator';
export const CONTROL_HEADER = 'x-cmdsync-control';
/** Served by the server itself (it needs the store); listed here with the other control paths. */
export const DAILY_CREATES_PATH = '/daily-creates';

/**
 * The refusal of a control request that lacks the token, or carries a body
 * that is not JSON; undefined when it may go on. `/health` needs no token.
 */
export function checkControlAccess(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  hasBody: boolean,
  token: string,
): EmulatorResponse | undefined {
  // A preflight is never approved: no Access-Control-Allow-* header is ever sent.
  if (method === 'OPTIONS')
    return { status: 403, body: { message: 'Cross-origin requests to the control endpoint are not allowed' } };
  if ((path === '/health' || path === EMULATOR_LIMITS_PATH) && method === 'GET') return undefined;
  const given = headers[CONTROL_HEADER];
  if (typeof given !== 'string' || !safeEqual(given, token)) {
    return { status: 401, body: { message: `Send the emulator's control token in the ${CONTROL_HEADER} header` } };
  }
  const type = String(headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (hasBody && type !== 'application/json')
    return { status: 415, body: { message: 'Control requests take a JSON body (Content-Type: application/json)' } };
  return undefined;
}

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
