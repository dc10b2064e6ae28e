/** Routing: the route and its path parameters, or the 404/405/50035 the service answers. */
import { apiError, type EmulatorResponse, type Route } from '../http-types.js';
import { hasDotSegment, malformedIds, type Router } from '../router.js';
import { notFound } from './answer.js';
import { notEmulated, routeShape } from '../not-emulated.js';
import { serviceHasMethod } from '../../../wire/service-routes.js';
import { ErrorAnswers } from '../../../wire/error-answers.js';

export interface Matched {
  route: Route;
  params: Record<string, string>;
}

export function matchRoute(router: Router, method: string, path: string): Matched | EmulatorResponse {
  if (hasDotSegment(path)) return notFound();
  const match = router.match(method, path);
  if (match.kind === 'not-found') return notEmulated(method, path);
  if (match.kind === 'method-not-allowed')
    // A method the service has on this path, which the emulator lacks, is a gap: said as one, not as the service's 405.
    return serviceHasMethod(routeShape(path), method)
      ? notEmulated(method, path)
      : apiError(ErrorAnswers.methodNotAllowed);
  return malformedIds(match.params) ?? match;
}
