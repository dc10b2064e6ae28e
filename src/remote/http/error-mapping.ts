import { STATUS_CODES } from 'node:http';
import type { CmdsyncError } from '../../errors.js';
import {
  AbortedError,
  DiscordAPIError,
  HTTPError,
  NetworkError,
  OAuth2Error,
  ResponseTooLargeError,
  TimeoutError,
  type RequestInfo,
} from '../errors.js';
import type { Redactor } from '../../config/redact.js';
import { ABORT, TIMEOUT } from './attempt.js';
import { parseBody } from './body.js';
import { BodyTooLarge, type TransportResponse } from './transport.js';
import type { Obj } from '../../wire/rules/values.js';

/*
 * How the client's failures become typed errors with stable codes: an
 * answer that is not a success (DISCORD_API_ERROR, OAUTH2_FAILED,
 * HTTP_ERROR), and an attempt that got no answer (ABORTED,
 * RESPONSE_TOO_LARGE, TIMEOUT, NETWORK_ERROR). Every text is redacted first.
 */

/** An error answer: the service's JSON error, an OAuth2 refusal, or anything else by its status and the start of its body. */
export function errorFromResponse(response: TransportResponse, info: RequestInfo, redactor: Redactor): CmdsyncError {
  const body = parseBody(response.body, response.headers['content-type']);
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const json = redactor.redactValue(body as Obj);
    if (typeof json.code === 'number' && typeof json.message === 'string') {
      return new DiscordAPIError(response.status, json as { code: number; message: string; errors?: unknown }, info);
    }
    if (typeof json.error === 'string') {
      return new OAuth2Error(
        response.status,
        json.error,
        typeof json.error_description === 'string' ? json.error_description : '',
      );
    }
  }
  const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
  const snippet = redactor.redact(text.replace(/\s+/g, ' ').trim().slice(0, 200));
  return new HTTPError(response.status, STATUS_CODES[response.status] ?? '', snippet, info);
}

/** An attempt that got no answer and may be tried again: why, for the retry's debug line and the final error. */
export interface LostAttempt {
  timedOut: boolean;
  /** The system error code (`ECONNRESET`), when there was one. */
  errno: string | undefined;
  /** Redacted: `timeout after 15000ms`, `ECONNRESET`, or the error's message. */
  what: string;
}

/**
 * What a failed attempt means: the caller's abort and an answer too large
 * end the request (asking again would only read the same endless body); a
 * timeout or a network failure is a lost attempt, worth a retry.
 */
export function classifyAttemptError(
  error: unknown,
  info: RequestInfo,
  timeoutMs: number,
  redactor: Redactor,
): { final: CmdsyncError } | { lost: LostAttempt } {
  if (error instanceof AbortedError || error === ABORT) return { final: new AbortedError(info) };
  if (error instanceof BodyTooLarge) return { final: new ResponseTooLargeError(info, error.maxBytes) };
  const timedOut = error === TIMEOUT;
  const errno = timedOut ? undefined : systemCode(error);
  const what = timedOut ? `timeout after ${timeoutMs}ms` : (errno ?? redactor.redact(errorMessage(error)));
  return { lost: { timedOut, errno, what } };
}

/** The error a request ends with when its last attempt was lost. */
export function errorFromLostAttempt(
  lost: LostAttempt,
  info: RequestInfo,
  timeoutMs: number,
  attempts: number,
): CmdsyncError {
  return lost.timedOut
    ? new TimeoutError(info, timeoutMs, attempts)
    : new NetworkError(info, attempts, lost.errno, lost.what);
}

function systemCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    if (typeof code === 'string' && code.startsWith('UND_ERR')) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
