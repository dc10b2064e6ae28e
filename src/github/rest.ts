import { RestClient, normalizeApiUrl, type HttpMethod, type RequestFunction } from '../remote/index.js';
import { PROJECT_URL } from '../remote/http/user-agent.js';
import { VERSION } from '../version.js';

/** The REST API version the requests are written for (GitHub's date-named versions). */
export const GITHUB_API_VERSION = '2022-11-28';

export interface GitHubRestOptions {
  /** `GITHUB_API_URL`: `https://api.github.com` or a GitHub Enterprise Server's `https://HOST/api/v3`. */
  apiUrl: string;
  token: string;
  request?: RequestFunction;
  retries?: number;
  backoffBaseMs?: number;
}

/**
 * GitHub's REST API through cmdsync's own HTTP client, so its retries,
 * timeouts, 429 waits and redaction apply here too. The client's credential
 * modes are the Discord service's, so this sends the token as an explicit
 * `Authorization: Bearer` header (the client's `auth: 'none'` path) and
 * registers it with the client's redactor: no error or debug line shows it.
 */
export class GitHubRest {
  readonly #client: RestClient;
  readonly #headers: Record<string, string>;
  readonly #base: string;

  constructor(opts: GitHubRestOptions) {
    this.#base = normalizeApiUrl(opts.apiUrl, 'GITHUB_API_URL');
    this.#client = new RestClient({
      apiUrl: this.#base,
      userAgent: `cmdsync/${VERSION} (+${PROJECT_URL})`,
      // GitHub allows far fewer requests than the Discord service; a comment takes a handful.
      globalRequestsPerSecond: 10,
      concurrency: 4,
      request: opts.request,
      retries: opts.retries,
      backoffBaseMs: opts.backoffBaseMs,
    });
    this.#client.redactor.add(opts.token);
    this.#headers = {
      authorization: `Bearer ${opts.token}`,
      accept: 'application/vnd.github+json',
      'x-github-api-version': GITHUB_API_VERSION,
    };
  }

  request<T>(
    method: HttpMethod,
    path: string,
    opts: { query?: Record<string, string | number>; body?: unknown } = {},
  ): Promise<T> {
    return this.#client.request<T>({
      method,
      path,
      auth: 'none',
      headers: this.#headers,
      query: opts.query,
      body: opts.body,
    });
  }

  /**
   * One page of a list, and the path of the next one from the `Link` header.
   * A next page elsewhere than the API base is not followed: the token
   * would go with it.
   */
  async page<T>(path: string): Promise<{ data: T; next?: string }> {
    const response = await this.#client.send<T>({ method: 'GET', path, auth: 'none', headers: this.#headers });
    const next = /<([^>]+)>;\s*rel="next"/.exec(response.headers.link ?? '')?.[1];
    return next?.startsWith(`${this.#base}/`)
      ? { data: response.data, next: next.slice(this.#base.length) }
      : { data: response.data };
  }

  /** Replaces every secret the client knows (the token) in `text`. */
  redact(text: string): string {
    return this.#client.redactor.redact(text);
  }

  close(): Promise<void> {
    return this.#client.close();
  }
}
