/** Body parsing, after auth: the request as handlers see it (JSON, or multipart with files), or the 400/413. */
import type { Exchange } from '../exchange.js';
import { apiError, type EmulatorRequest, type EmulatorResponse, type RequestAuth } from '../http-types.js';
import { MAX_JSON_BYTES, readJson } from '../../../wire/json.js';
import { MultipartError, parseMultipart } from '../multipart.js';
import { tooLarge } from './answer.js';
import type { Matched } from './match-route.js';
import { ErrorAnswers } from '../../../wire/error-answers.js';
import { ApiErrors } from '../../../wire/problem.js';

/** The OAuth2 token endpoint reads its form itself (url-encoded or multipart). */
const TOKEN_ROUTE = '/oauth2/token';
/** Shared by every request without a body: frozen, so a handler that tried to add to it would throw rather than leak into the next request. */
// Frozen is readonly to the compiler, the request type a mutable list: the freeze is the point.
const NO_FILES = Object.freeze([]) as unknown as EmulatorRequest['files'];

function contentTypeError(): EmulatorResponse {
  return apiError(ErrorAnswers.invalidFormBody, { _errors: [ApiErrors.contentType()] });
}

type Parsed = { body: unknown; files: EmulatorRequest['files'] };

/** Synchronous but for multipart bodies: a JSON body costs no promise. */
function parseBody(
  raw: Buffer,
  contentType: string,
  routePattern: string,
): Parsed | EmulatorResponse | Promise<Parsed | EmulatorResponse> {
  if (raw.length === 0) return { body: undefined, files: [] };
  // Nearly every client sends exactly this: no split, trim and lower-casing for it.
  const type = contentType === 'application/json' ? contentType : contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') {
    if (raw.length > MAX_JSON_BYTES) return tooLarge();
    const parsed = readJson(raw.toString('utf8'));
    return parsed.ok ? { body: parsed.value, files: [] } : apiError(ErrorAnswers.invalidJson);
  }
  if (type === 'multipart/form-data' && routePattern !== TOKEN_ROUTE) return parseMultipartBody(raw, contentType);
  if (routePattern === TOKEN_ROUTE) return { body: undefined, files: [] };
  return contentTypeError();
}

async function parseMultipartBody(raw: Buffer, contentType: string): Promise<Parsed | EmulatorResponse> {
  try {
    return await parseMultipart(raw, contentType);
  } catch (err) {
    if (err instanceof MultipartError) return apiError(err.answer);
    throw err;
  }
}

type Built = EmulatorRequest | EmulatorResponse;

/** The request for the handler; GET and DELETE bodies are not read. A value, but a promise for a multipart body. */
export function buildRequest(ex: Exchange, matched: Matched, auth: RequestAuth, raw: Buffer): Built | Promise<Built> {
  const { method, req } = ex;
  if (method === 'GET' || method === 'DELETE')
    return request(ex, matched, auth, raw, { body: undefined, files: NO_FILES });
  const parsed = parseBody(raw, String(req.headers['content-type'] ?? ''), matched.route.pattern);
  if (parsed instanceof Promise) return parsed.then((p) => ('files' in p ? request(ex, matched, auth, raw, p) : p));
  return 'files' in parsed ? request(ex, matched, auth, raw, parsed) : parsed;
}

function request(
  { method, path, query, req }: Exchange,
  { params }: Matched,
  auth: RequestAuth,
  raw: Buffer,
  { body, files }: Parsed,
): EmulatorRequest {
  return { method, path, params, query, headers: req.headers, body, files, rawBody: raw, auth };
}
