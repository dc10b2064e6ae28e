import { requireAppAuth } from '../../config/credentials.js';
import { CredentialsError } from '../../config/errors.js';
import { OAuth2Error } from '../errors.js';
import type { Redactor } from '../../config/redact.js';
import type { AuthMode, ClientCredentials, HttpMethod, RequestOptions } from './options.js';
import { isPermissionEditPath } from './route.js';

/** The Authorization a request carries, and which credential it came from (a 401 is handled by source). */
export interface ResolvedAuth {
  header: string | undefined;
  source: 'bot' | 'client-credentials' | 'user' | 'none' | 'explicit';
}

/** What the authenticator needs from its client: a way to send the token exchange, and where derived secrets go. */
export interface AuthenticatorOptions {
  credentials: ClientCredentials;
  oauthScopes: readonly string[];
  redactor: Redactor;
  /** Sends the client-credentials exchange through the client (rate limits, retries and errors alike). */
  exchange: (request: RequestOptions) => Promise<unknown>;
  onSecret?: (secret: string) => void;
  debug: (line: string) => void;
}

/** Renewed this long before the service says it expires, so no request carries a bearer that lapses in flight. */
const BEARER_RENEW_MARGIN_MS = 60_000;
/** The lifetime the service gives a client-credentials bearer when its answer does not say. */
const DEFAULT_BEARER_LIFETIME_S = 604_800;

/**
 * Which credential each request carries, and the Authorization header for
 * it: the bot token, a user's bearer, or a bearer obtained through the OAuth2
 * client-credentials exchange, cached and renewed before it expires.
 */
export class Authenticator {
  readonly #credentials: ClientCredentials;
  readonly #options: AuthenticatorOptions;
  #bearer: { token: string; expiresAt: number } | undefined;
  #bearerExchange: Promise<string> | undefined;

  constructor(options: AuthenticatorOptions) {
    this.#credentials = { ...options.credentials };
    this.#options = options;
  }

  /** The credential app-authenticated requests use: `bot`, `client-credentials`, or `none` (requests would fail). */
  get appAuth(): 'bot' | 'client-credentials' | 'none' {
    if (this.#credentials.botToken) return 'bot';
    if (this.#credentials.clientId && this.#credentials.clientSecret) return 'client-credentials';
    return 'none';
  }

  /** Whether permission edits can be sent (a user bearer token is set). */
  get canEditPermissions(): boolean {
    return Boolean(this.#credentials.bearerToken);
  }

  /**
   * Token paths never carry Authorization (a 401 there must not look like a bad bot token), and permission edits
   * always use the user's bearer (the service refuses bot tokens with 20001): neither can be overridden.
   */
  modeFor(method: HttpMethod, path: string, tokenPath: boolean, requested: AuthMode | undefined): AuthMode {
    if (tokenPath) return 'none';
    return isPermissionEditPath(method, path) ? 'user' : (requested ?? 'app');
  }

  /**
   * The header for `mode`. A missing credential throws here, before anything is queued or sent. An explicit
   * Authorization header is honoured only for `none` (the OAuth2 Basic exchange).
   */
  async resolve(mode: AuthMode, headers: Record<string, string> | undefined): Promise<ResolvedAuth> {
    if (mode === 'none') {
      const explicit = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
      return explicit ? { header: explicit, source: 'explicit' } : { header: undefined, source: 'none' };
    }
    if (mode === 'user') {
      if (!this.#credentials.bearerToken) {
        throw new CredentialsError(
          'BEARER_TOKEN_REQUIRED',
          ['DISCORD_BEARER_TOKEN'],
          "editing command permissions needs a user's bearer token with the applications.commands.permissions.update scope (a bot token is refused): set DISCORD_BEARER_TOKEN in the environment or .env",
        );
      }
      return { header: `Bearer ${this.#credentials.bearerToken}`, source: 'user' };
    }
    if (this.#credentials.botToken) return { header: `Bot ${this.#credentials.botToken}`, source: 'bot' };
    requireAppAuth(this.#credentials);
    return { header: `Bearer ${await this.#clientCredentialsBearer()}`, source: 'client-credentials' };
  }

  /** After a 401 on the cached bearer (revoked, or expired early): the next `resolve` exchanges a new one. */
  forgetBearer(): void {
    this.#bearer = undefined;
  }

  /** The cached client-credentials bearer, exchanged once at a time and renewed a minute before it expires. */
  #clientCredentialsBearer(): Promise<string> {
    if (this.#bearer && this.#bearer.expiresAt - BEARER_RENEW_MARGIN_MS > Date.now())
      return Promise.resolve(this.#bearer.token);
    this.#bearerExchange ??= this.#exchangeClientCredentials().finally(() => {
      this.#bearerExchange = undefined;
    });
    return this.#bearerExchange;
  }

  async #exchangeClientCredentials(): Promise<string> {
    const { clientId, clientSecret } = this.#credentials;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    this.#options.redactor.add(basic);
    const data = (await this.#options.exchange({
      method: 'POST',
      path: '/oauth2/token',
      form: new URLSearchParams({ grant_type: 'client_credentials', scope: this.#options.oauthScopes.join(' ') }),
      auth: 'none',
      headers: { authorization: `Basic ${basic}` },
    })) as { access_token?: unknown; token_type?: unknown; expires_in?: unknown; scope?: unknown } | null;
    if (
      data === null ||
      typeof data !== 'object' ||
      typeof data.access_token !== 'string' ||
      data.access_token === ''
    ) {
      throw new OAuth2Error(200, 'invalid_response', 'the token endpoint answered without an access_token');
    }
    const token = data.access_token;
    this.#options.redactor.add(token);
    this.#options.onSecret?.(token);
    const expiresIn = typeof data.expires_in === 'number' ? data.expires_in : DEFAULT_BEARER_LIFETIME_S;
    this.#bearer = { token, expiresAt: Date.now() + expiresIn * 1000 };
    this.#options.debug(
      `… client credentials exchanged for a bearer token (scope ${typeof data.scope === 'string' ? data.scope : '?'}, expires in ${expiresIn}s)`,
    );
    return token;
  }
}
