import { FormData } from './undici-parts.js';
import type { TransportRequest } from './transport.js';

/** A file for a multipart request (`files[n]`). */
export interface FileUpload {
  /** The file name the service stores (`filename` of the part). */
  name: string;
  data: Uint8Array | string | Blob;
  contentType?: string;
}

export type QueryValue = string | number | boolean | undefined | null;

/** `?a=1&b=true`, skipping undefined/null; '' when nothing is left. */
export function buildQuery(query: Record<string, QueryValue> | URLSearchParams | undefined): string {
  if (query === undefined) return '';
  const params = query instanceof URLSearchParams ? query : new URLSearchParams();
  if (!(query instanceof URLSearchParams)) {
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null) params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The multipart form the service expects when files are attached: the JSON
 * fields go as one `payload_json` part, each file as `files[n]`.
 */
export function multipartBody(json: unknown, files: readonly FileUpload[]): FormData {
  const form = new FormData();
  if (json !== undefined) form.append('payload_json', JSON.stringify(json));
  files.forEach((file, index) => {
    const blob =
      file.data instanceof Blob ? file.data : new Blob([file.data], file.contentType ? { type: file.contentType } : {});
    form.append(`files[${index}]`, blob, file.name);
  });
  return form;
}

/** What a request carries besides its URL: the caller's headers (never its Authorization), the audit-log reason, and the body. */
export interface RequestContent {
  body?: unknown;
  files?: readonly FileUpload[];
  form?: URLSearchParams;
  headers?: Record<string, string>;
  reason?: string;
}

/**
 * The headers and body on the wire: files as multipart, a form as
 * urlencoded, anything else as JSON. Authorization is left out; the
 * authenticator adds it per attempt.
 */
export function encodeRequest(
  content: RequestContent,
  userAgent: string,
): { headers: Record<string, string>; body: TransportRequest['body'] } {
  const headers: Record<string, string> = { 'user-agent': userAgent };
  for (const [name, value] of Object.entries(content.headers ?? {})) headers[name.toLowerCase()] = value;
  delete headers.authorization;
  if (content.reason !== undefined) headers['x-audit-log-reason'] = encodeURIComponent(content.reason);
  let body: TransportRequest['body'];
  if (content.files && content.files.length > 0) {
    body = multipartBody(content.body, content.files);
  } else if (content.form) {
    body = content.form.toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (content.body !== undefined) {
    body = JSON.stringify(content.body);
    headers['content-type'] = 'application/json';
  }
  return { headers, body };
}

/** Parses a response body: JSON when it is JSON, text otherwise, undefined when empty. */
export function parseBody(body: Uint8Array, contentType: string | undefined): unknown {
  if (body.byteLength === 0) return undefined;
  const text = new TextDecoder().decode(body);
  if (contentType?.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}
