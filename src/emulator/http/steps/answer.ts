/**
 * The last step: an answer written to the socket, and what observers (the
 * web view's event log) are told about it. Also the answers several steps give.
 */
import type { ServerResponse } from 'node:http';
import type { EventBus, RequestNote } from '../../gateway/events.js';
import { apiError, type EmulatorResponse } from '../http-types.js';
import { ErrorAnswers, statusAnswer } from '../../../wire/error-answers.js';

/**
 * Every answer of the real service passes Google's front end and says so;
 * discord.py takes a 429 without it for a Cloudflare ban and raises instead of waiting.
 */
const VIA = '1.1 google';

/** No extra headers (shared: send never changes what it is given). */
export const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

export function send(
  res: ServerResponse,
  response: EmulatorResponse,
  extra: Readonly<Record<string, string>> = NO_HEADERS,
): void {
  // Object.assign, not spreads then a key: the spread form takes V8's slow path (speed26's notes, ~1.5 µs a request).
  // Most answers carry no extra header (rate limits off, a plain JSON answer): one literal then.
  const headers: Record<string, string> =
    extra === NO_HEADERS && response.headers === undefined
      ? { Via: VIA }
      : Object.assign({}, extra, response.headers, { Via: VIA });
  let payload: string | Buffer | undefined;
  if (response.status !== 204) {
    if (response.bytes !== undefined) payload = response.bytes;
    else if (response.text !== undefined) {
      payload = response.text;
      headers['Content-Type'] ??= 'text/plain; charset=utf-8';
    } else if (response.body !== undefined) {
      payload = JSON.stringify(response.body);
      headers['Content-Type'] = 'application/json';
    }
  }
  if (payload !== undefined) headers['Content-Length'] = String(Buffer.byteLength(payload));
  res.writeHead(response.status, headers);
  res.end(payload);
}

/** Tells observers an API request was answered (or refused, and by which step). */
export function noteRequest(
  events: EventBus,
  method: string,
  route: string,
  response: EmulatorResponse,
  bucket: string | undefined,
  refusedBy: RequestNote['refusedBy'],
): void {
  const code = (response.body as { code?: unknown } | undefined)?.code;
  // Keys added one by one: spreads of optional parts take V8's slow path (as in send()).
  const note: RequestNote = { kind: 'request', method, route, status: response.status };
  if (typeof code === 'number' && code !== 0) note.code = code;
  if (bucket) note.bucket = bucket;
  if (refusedBy) note.refusedBy = refusedBy;
  if (response.interactionId !== undefined) note.interactionId = response.interactionId;
  if (response.retired) note.retired = true;
  events.note(note);
}

const STATUS_TEXT: Record<number, string> = {
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function internalError(status = 500): EmulatorResponse {
  return apiError(statusAnswer(status, STATUS_TEXT[status] ?? 'Error'));
}

/** Larger than the service takes (413 40005). */
export function tooLarge(): EmulatorResponse {
  return apiError(ErrorAnswers.tooLarge);
}

export function notFound(): EmulatorResponse {
  return apiError(ErrorAnswers.notFound);
}
