/**
 * The HTTP client of cmdsync: every network operation goes through a
 * `RestClient` (auth, rate limits, retries, timeouts, redaction, typed
 * errors) and the typed endpoint calls built on it. The credentials it is
 * built from, and the redaction it uses, come from `src/config/` and are
 * passed on here for the client's callers.
 */
export { RestClient, createClient, DEFAULT_CLIENT_OPTIONS } from './http/client.js';
export type {
  ApiResponse,
  AuthMode,
  ClientCredentials,
  ClientOptions,
  ClientStats,
  HttpMethod,
  RequestOptions,
} from './http/client.js';
export type { FileUpload, QueryValue } from './http/body.js';
export {
  CREDENTIAL_VARIABLES,
  DEFAULT_API_URL,
  describeCredentials,
  hasAppAuth,
  loadCredentials,
  normalizeApiUrl,
  requireAppAuth,
  requireApplicationId,
} from '../config/credentials.js';
export type { CredentialVariable, Credentials } from '../config/credentials.js';
export { parseDotenv } from '../config/dotenv.js';
export * from './endpoints.js';
export { fetchRemoteScope, fetchRemoteScopes } from './read/fetch-scope.js';
export type { RemoteScope } from './read/fetch-scope.js';
export {
  AbortedError,
  DiscordAPIError,
  HTTPError,
  InvalidRequestLimitError,
  NetworkError,
  OAuth2Error,
  RateLimitError,
  ResponseTooLargeError,
  TimeoutError,
  WebhookUrlError,
} from './errors.js';
export type { RateLimitGiveUpReason, RequestInfo } from './errors.js';
export { CredentialsError, RemoteConfigError } from '../config/errors.js';
export type { CredentialsErrorCode } from '../config/errors.js';
export { flattenFormErrors, formatFieldError, formatPath } from './form-errors.js';
export type { FieldError } from './form-errors.js';
export { maskSecretForActions } from '../config/ci-mask.js';
export { InvalidRequestCounter } from './http/invalid-requests.js';
export { REDACTED, Redactor, maskAuthorization, redactPatterns } from '../config/redact.js';
export { routeOf, isPermissionEditPath, isWebhookTokenPath } from './http/route.js';
export type { RouteInfo } from './http/route.js';
export { createUndiciTransport } from './http/transport.js';
export type { RequestFunction, TransportRequest, TransportResponse } from './http/transport.js';
export { userAgent } from './http/user-agent.js';
export { parseWebhookUrl } from './webhook-url.js';
export type { WebhookRef } from './webhook-url.js';
