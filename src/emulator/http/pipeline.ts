/**
 * One request's path through the emulator, step by step (each step in its
 * own module under steps/):
 *
 *   read-body → the web view's page → control-routes → api-path →
 *   latency → match-route → inject-fault → count-rate-limit → authorize →
 *   parse-body → the route's precheck → run-handler (one at a time, journaled)
 *   → answer (written only after the data file holds the change, and noted
 *   for observers).
 *
 * A step answers a refusal or hands on what it learnt; nothing is allocated
 * per request but the Exchange and what the steps return.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { doubledVersionAnswer } from './doubled-version.js';
import { Exchange, type PipelineEnv } from './exchange.js';
import { splitTarget } from './router.js';
import { isNotEmulated, routeShape } from './not-emulated.js';
import { send, notFound, tooLarge } from './steps/answer.js';
import { apiPrefix, isVersioned } from './steps/api-path.js';
import { authorize } from './steps/authorize.js';
import { answerControl, isControlPath } from './steps/control-routes.js';
import { countRateLimit } from './steps/count-rate-limit.js';
import { dropAfterHandler, injectFault, sleep } from './steps/inject-fault.js';
import { matchRoute } from './steps/match-route.js';
import { buildRequest } from './steps/parse-body.js';
import { readBody } from './steps/read-body.js';
import { runHandler } from './steps/run-handler.js';

export async function handleRequest(env: PipelineEnv, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const raw = await readBody(req);
  // The target as sent: WHATWG URL parsing would resolve `..` and `%2e%2e` onto the parent resource.
  const { path: target, query } = splitTarget(req.url ?? '/');
  const method = (req.method ?? 'GET').toUpperCase();
  const { options } = env;
  if (options.view?.page.serve(req, res, target, method)) return;
  if (isControlPath(target)) return answerControl(env, req, res, method, target, query, raw);
  const prefix = apiPrefix(target);
  if (prefix === undefined) return send(res, notFound());

  const ex = new Exchange(env, req, res, method, target.slice(prefix.length), query);
  if (options.latencyMs > 0) await sleep(options.latencyMs);
  if (raw === 'too-large') return ex.reply(tooLarge());
  const doubled = isVersioned(prefix) ? doubledVersionAnswer(ex.path, prefix, req.headers.host) : undefined;
  if (doubled) return ex.reply(doubled);

  const matched = matchRoute(env.router, method, ex.path);
  if ('status' in matched) {
    if (!isNotEmulated(matched)) return ex.reply(matched);
    ex.routePattern = routeShape(ex.path);
    return ex.reply(matched, 'not-emulated');
  }
  const { route } = matched;
  ex.routePattern = route.pattern;

  const fault = options.faults.decide(method, ex.path, route.pattern);
  if (fault && (await injectFault(fault, ex))) return;
  const limited = countRateLimit(ex, route.pattern);
  if (limited) return ex.reply(limited, 'rate-limit');
  const auth = authorize(matched, req.headers.authorization, options);
  if ('status' in auth) return ex.reply(auth, 'auth');
  // Only a multipart body or an asynchronous handler makes a promise: the rest of the path runs in this turn.
  const built = buildRequest(ex, matched, auth, raw);
  const request = built instanceof Promise ? await built : built;
  if ('status' in request) return ex.reply(request);
  const prechecked = route.precheck ? await route.precheck(request, options.now) : undefined;
  if (prechecked) return ex.reply(prechecked);

  const handled = runHandler(env, route, request);
  const response = handled instanceof Promise ? await handled : handled;
  if (fault?.kind === 'drop-after') return dropAfterHandler(ex);
  ex.reply(response);
}
