import { WebhookUrlError } from './errors.js';
import { DEFAULT_API_URL } from '../config/credentials.js';

/** A webhook addressed by its token: all the credential a token route needs. `token` is a secret. */
export interface WebhookRef {
  id: string;
  token: string;
  /** The API base the URL points at (e.g. `https://discord.com/api/v10`, or a local emulator's). */
  baseUrl?: string;
}

const SERVICE_HOSTS = new Set([
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
]);

/**
 * Parses `https://discord.com/api[/v<n>]/webhooks/{id}/{token}` (also ptb.,
 * canary. and the old discordapp.com hosts), and for any other http(s) host
 * (a local emulator) `<base>/webhooks/{id}/{token}`, where `<base>` is
 * returned as the API base. Errors never repeat the URL: it holds the token.
 */
export function parseWebhookUrl(input: string): Required<WebhookRef> {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new WebhookUrlError('not a webhook URL: expected https://discord.com/api/webhooks/<id>/<token>');
  }
  const match = /^(.*)\/webhooks\/(\d+)\/([^/]+)\/?$/.exec(url.pathname);
  if (!match)
    throw new WebhookUrlError(`not a webhook URL (${url.origin}): the path must end in /webhooks/<id>/<token>`);
  const [, prefix, id, rawToken] = match;
  let token: string;
  try {
    token = decodeURIComponent(rawToken);
  } catch {
    throw new WebhookUrlError('not a webhook URL: the token is not valid URL encoding');
  }

  if (SERVICE_HOSTS.has(url.hostname)) {
    if (url.protocol !== 'https:') throw new WebhookUrlError(`webhook URLs of ${url.hostname} must use https`);
    const api = /^\/api(?:\/v(\d+))?$/.exec(prefix);
    if (!api)
      throw new WebhookUrlError(`not a webhook URL of ${url.hostname}: expected /api[/v<n>]/webhooks/<id>/<token>`);
    // Unversioned URLs (what the service hands out) map to the version the client speaks.
    const baseUrl = api[1]
      ? `https://${url.hostname}/api/v${api[1]}`
      : `https://${url.hostname}${new URL(DEFAULT_API_URL).pathname}`;
    return { id, token, baseUrl };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WebhookUrlError(`webhook URLs must be http(s), got ${url.protocol}`);
  return { id, token, baseUrl: `${url.origin}${prefix}` };
}
