/**
 * How a request is filed for rate limiting: `key` is METHOD + the path
 * template (ids → `:id`, webhook token → `:token`), the unit the service's
 * bucket ids are learned for; `major` is the top-level resource whose limits
 * are separate (channel, guild, webhook). Both are free of secrets, so they
 * can appear in debug output.
 */
export interface RouteInfo {
  key: string;
  major: string;
}

const ID = /^\d+$/;

export function routeOf(method: string, path: string): RouteInfo {
  const segments = stripQuery(path)
    .split('/')
    .filter((s) => s !== '');
  const template: string[] = [];
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (i === 2 && segments[0] === 'webhooks' && ID.test(segments[1])) template.push(':token');
    else template.push(ID.test(segment) ? ':id' : segment);
  }
  return { key: `${method.toUpperCase()} /${template.join('/')}`, major: majorParameter(segments) };
}

/**
 * The resource whose limits are independent. Unlike @discordjs/rest (which
 * files every `/applications/...` route under one queue), the guild of a
 * guild-command route is its major parameter, so different guilds proceed
 * concurrently; the service keys those limits per guild as well. Webhooks
 * are keyed by id only: the token is a secret and a webhook has one.
 */
function majorParameter(segments: string[]): string {
  const [first, second, third, fourth] = segments;
  if (first === 'applications' && ID.test(second ?? '')) {
    if (third === 'guilds' && ID.test(fourth ?? '')) return `guild:${fourth}`;
    return `application:${second}`;
  }
  if ((first === 'channels' || first === 'guilds' || first === 'webhooks') && ID.test(second ?? '')) {
    return `${first.slice(0, -1)}:${second}`;
  }
  return 'global';
}

/** A request path without its query or fragment: what routes, buckets and tokens are read from. */
export function stripQuery(path: string): string {
  const q = path.search(/[?#]/);
  return q === -1 ? path : path.slice(0, q);
}

/** Paths that carry a webhook token: `/webhooks/{id}/{token}[/...]`. They are sent without Authorization. */
export function isWebhookTokenPath(path: string): boolean {
  const segments = stripQuery(path)
    .split('/')
    .filter((s) => s !== '');
  return segments[0] === 'webhooks' && ID.test(segments[1] ?? '') && segments.length >= 3;
}

/** `PUT /applications/{app}/guilds/{guild}/commands/{cmd}/permissions`: needs a user's bearer token. */
export function isPermissionEditPath(method: string, path: string): boolean {
  return (
    method.toUpperCase() === 'PUT' &&
    /^\/applications\/\d+\/guilds\/\d+\/commands\/\d+\/permissions\/?$/.test(stripQuery(path))
  );
}
