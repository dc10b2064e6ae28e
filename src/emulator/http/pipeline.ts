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
 * per request but the Exchange and what the steps return. server.ts reads
 * the body and calls handleRequest with it.
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
import type { FaultAction } from './faults.js';
import type { EmulatorRequest, EmulatorResponse, Route } from './http-types.js';
import { type Matched, matchRoute } from './steps/match-route.js';
import { buildRequest } from './steps/parse-body.js';
import { runHandler } from './steps/run-handler.js';

/**
 * The request after its body was read. Synchronous but for the steps that
 * may wait (latency, a fault, a multipart body, a precheck or an
 * asynchronous handler): only then is a promise made, and the rest of the
 * path continues from it.
 */
export function handleRequest(
  env: PipelineEnv,
  req: IncomingMessage,
  res: ServerResponse,
  raw: Buffer | 'too-large',
): void | Promise<void> {
  // The target as sent: WHATWG URL parsing would resolve `..` and `%2e%2e` onto the parent resource.
  const { path: target, query } = splitTarget(req.url ?? '/');
  const method = (req.method ?? 'GET').toUpperCase();
  const { options } = env;
  if (options.view?.page.serve(req, res, target, method)) return;
  if (isControlPath(target)) return answerControl(env, req, res, method, target, query, raw);
  const prefix = apiPrefix(target);
  if (prefix === undefined) return send(res, notFound());

  const ex = new Exchange(env, req, res, method, target.slice(prefix.length), query);
  if (options.latencyMs > 0) return sleep(options.latencyMs).then(() => routed(ex, prefix, raw));
  return routed(ex, prefix, raw);
}

function routed(ex: Exchange, prefix: string, raw: Buffer | 'too-large'): void | Promise<void> {
  if (raw === 'too-large') return unrouted(ex, tooLarge());
  const { env, method, req } = ex;
  const doubled = isVersioned(prefix) ? doubledVersionAnswer(ex.path, prefix, req.headers.host) : undefined;
  if (doubled) return unrouted(ex, doubled);

  const matched = matchRoute(env.router, method, ex.path);
  if ('status' in matched) return unrouted(ex, matched);
  ex.routePattern = matched.route.pattern;
  const fault = env.options.faults.decide(method, ex.path, matched.route.pattern);
  if (fault)
    return injectFault(fault, ex).then((finished) => (finished ? undefined : admitted(ex, matched, raw, fault)));
  return admitted(ex, matched, raw, undefined);
}

/**
 * An answer given before a route matched: the log names the path by its shape (never a token), so a
 * refusal says what was asked. Made only here: a matched request is named by its route's pattern.
 */
function unrouted(ex: Exchange, answer: EmulatorResponse): void {
  ex.routePattern = routeShape(ex.path);
  ex.reply(answer, isNotEmulated(answer) ? 'not-emulated' : undefined);
}

function admitted(ex: Exchange, matched: Matched, raw: Buffer, fault: FaultAction | undefined): void | Promise<void> {
  const limited = countRateLimit(ex, matched.route);
  if (limited) return ex.reply(limited, 'rate-limit');
  const auth = authorize(matched, ex.req.headers.authorization, ex.env.options);
  if ('status' in auth) return ex.reply(auth, 'auth');
  const built = buildRequest(ex, matched, auth, raw);
  if (built instanceof Promise) return built.then((request) => prechecked(ex, matched.route, request, fault));
  return prechecked(ex, matched.route, built, fault);
}

function prechecked(
  ex: Exchange,
  route: Route,
  request: EmulatorRequest | EmulatorResponse,
  fault: FaultAction | undefined,
): void | Promise<void> {
  if ('status' in request) return ex.reply(request);
  if (!route.precheck) return handled(ex, route, request, fault);
  return route
    .precheck(request, ex.env.options.now)
    .then((refused) => (refused ? ex.reply(refused) : handled(ex, route, request, fault)));
}

function handled(
  ex: Exchange,
  route: Route,
  request: EmulatorRequest,
  fault: FaultAction | undefined,
): void | Promise<void> {
  const out = runHandler(ex.env, route, request);
  if (out instanceof Promise) return out.then((response) => answered(ex, response, fault));
  return answered(ex, out, fault);
}

function answered(ex: Exchange, response: EmulatorResponse, fault: FaultAction | undefined): void {
  if (fault?.kind === 'drop-after') dropAfterHandler(ex);
  else ex.reply(response);
}
