/**
 * The control routes (/__emulator/…): loopback peers with the control token
 * only. The ones that read or change the world run under the handler lock
 * and are journaled like any change; the view's API and stream and the extra
 * control endpoints (interactions, webhook consent) are answered here too.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EMULATOR_LIMITS_PATH, type EmulatorLimitsAnswer } from '../../../wire/emulator-control.js';
import { AUTHORIZE_PATH, authorizeControl, authorizeTarget } from '../../routes/authorize-control.js';
import { checkControlAccess, CONTROL_PREFIX, DAILY_CREATES_PATH, handleControl } from '../../routes/control.js';
import { dailyCreatesToday, resetDailyCreates, utcDay } from '../../state/commands-model.js';
import { VIEW_STREAM_PATH } from '../../view/api.js';
import type { PipelineEnv } from '../exchange.js';
import type { EmulatorResponse } from '../http-types.js';
import { readJson } from '../../../wire/json.js';
import type { ServerOptions } from '../server-options.js';
import { send, tooLarge } from './answer.js';

export function isLoopback(address: string | undefined): boolean {
  return (
    address === '127.0.0.1' ||
    address === '::1' ||
    address === '::ffff:127.0.0.1' ||
    (address?.startsWith('127.') ?? false)
  );
}

export function isControlPath(path: string): boolean {
  return path.startsWith(CONTROL_PREFIX) && path.charCodeAt(CONTROL_PREFIX.length) === 0x2f;
}

/** Answers a control request (`path` under CONTROL_PREFIX). */
export async function answerControl(
  env: PipelineEnv,
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  path: string,
  query: URLSearchParams,
  raw: Buffer | 'too-large',
): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress))
    return send(res, { status: 403, body: { message: 'The control endpoint answers loopback clients only' } });
  const { options, lock } = env;
  const sub = path.slice(CONTROL_PREFIX.length);
  const refused = checkControlAccess(
    method,
    sub,
    req.headers,
    raw === 'too-large' || raw.length > 0,
    options.controlToken,
  );
  if (refused) return send(res, refused);
  if (raw === 'too-large') return send(res, tooLarge());
  let body: unknown;
  if (raw.length > 0) {
    const parsed = readJson(raw.toString('utf8'));
    if (!parsed.ok) return send(res, { status: 400, body: { message: 'Body is not JSON' } });
    body = parsed.value;
  }
  if (sub === DAILY_CREATES_PATH) return send(res, await lock.run(() => dailyCreatesControl(options, method)));
  // One authorize route: an install, or (webhook.incoming) the consent handled with the other control routes.
  const controlPath = sub === AUTHORIZE_PATH ? authorizeTarget(body) : sub;
  if (controlPath === AUTHORIZE_PATH) return send(res, await lock.run(() => authorizeInstall(options, method, body)));
  if (sub === EMULATOR_LIMITS_PATH && method === 'GET') return send(res, await lock.run(() => limitsControl(options)));
  if (options.view && sub === VIEW_STREAM_PATH && method === 'GET') {
    if (!options.view.streams.start(res)) send(res, { status: 429, body: { message: 'Too many open view streams' } });
    return;
  }
  const viewAnswer = options.view?.api(method, sub, query);
  if (viewAnswer) return send(res, await viewAnswer);
  const extra = options.control?.(method, controlPath, body);
  return send(res, extra ? await extra : handleControl(method, sub, body, options.faults));
}

/** What plan reads to refuse what this emulator would: its limits and today's creates (wire/emulator-control.ts). */
function limitsControl({ store, limits, now }: ServerOptions): EmulatorResponse {
  const at = now();
  const creates = dailyCreatesToday(store.world, at, limits.daily_creates).map((c) => ({
    application_id: c.application_id,
    scope: c.scope === 'global' ? 'global' : `guild:${c.scope}`,
    used: c.used,
  }));
  const body: EmulatorLimitsAnswer = { day: utcDay(at), limits: { ...limits }, creates };
  return { status: 200, body };
}

/** GET: today's creates per application and scope; DELETE: start the allowance over (journaled like any change). */
function dailyCreatesControl({ store, limits, now }: ServerOptions, method: string): EmulatorResponse {
  if (method === 'GET') {
    const at = now();
    return {
      status: 200,
      body: {
        day: utcDay(at),
        limit_per_guild: limits.daily_creates,
        global_limited: false,
        scopes: dailyCreatesToday(store.world, at, limits.daily_creates),
      },
    };
  }
  if (method !== 'DELETE') return { status: 405, body: { message: 'Method not allowed' } };
  const tx = store.begin(true);
  tx.commit(resetDailyCreates(tx.world));
  return { status: 204 };
}

/** Installs an application in a guild with the scopes given (routes/authorize-control.ts), journaled like any change. */
function authorizeInstall({ store }: ServerOptions, method: string, body: unknown): EmulatorResponse {
  const tx = store.begin(method === 'POST');
  const { response, changed } = authorizeControl(method, body, tx.world, {
    applicationId: store.meta.defaultApplicationId,
    guildId: store.meta.defaultGuildId,
  });
  tx.commit(changed);
  return response;
}
