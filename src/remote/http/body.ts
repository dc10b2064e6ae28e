import { FormData } from 'undici';

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
    const blob = file.data instanceof Blob ? file.data : new Blob([file.data], file.contentType ? { type: file.contentType } : {});
    form.append(`files[${index}]`, blob, file.name);
  });
  return form;
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
