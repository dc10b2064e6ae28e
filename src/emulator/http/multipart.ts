/**
 * multipart/form-data bodies, as the service takes them for messages with
 * files: `payload_json` holds the JSON body, `files[n]` (or any part with a
 * filename) holds a file, and other plain fields are body fields too (the
 * service accepts `content=…` without payload_json). Parsing is undici's
 * (Node's own `Response.formData()`), so no parser of ours to get wrong.
 */

import { type ErrorAnswer, ErrorAnswers } from '../../wire/error-answers.js';
import { MAX_JSON_BYTES, readJson } from '../../wire/json.js';
import type { Obj } from '../../wire/rules/values.js';

export interface MultipartFile {
  field: string;
  filename: string;
  contentType?: string;
  data: Buffer;
}

/** A body the service refuses before any rule runs; the server turns it into `{ code, message }`. */
export class MultipartError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(readonly answer: ErrorAnswer) {
    super(answer.message);
    this.name = 'MultipartError';
    this.status = answer.status;
    this.code = answer.code;
  }
}

/** Plain form fields that are free text; the others carry JSON (numbers, booleans, lists). */
const TEXT_FIELDS = new Set(['content', 'username', 'avatar_url', 'thread_name', 'name']);

function plainFieldValue(name: string, value: string): unknown {
  if (TEXT_FIELDS.has(name)) return value;
  const parsed = readJson(value);
  return parsed.ok ? parsed.value : value;
}

export async function parseMultipart(
  raw: Buffer,
  contentType: string,
): Promise<{ body: unknown; files: MultipartFile[] }> {
  let form: FormData;
  try {
    form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw new MultipartError(ErrorAnswers.invalidFormBody);
  }
  let payload: unknown;
  const fields: Obj = {};
  const files: MultipartFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value !== 'string') {
      files.push({
        field,
        filename: value.name || field,
        ...(value.type ? { contentType: value.type } : {}),
        data: Buffer.from(await value.arrayBuffer()),
      });
    } else if (field === 'payload_json') {
      if (value.length > MAX_JSON_BYTES) throw new MultipartError(ErrorAnswers.tooLarge);
      const parsed = readJson(value);
      if (!parsed.ok) throw new MultipartError(ErrorAnswers.invalidJson);
      payload = parsed.value;
    } else {
      // defineProperty: a field named `__proto__` is a field, not the object's prototype.
      Object.defineProperty(fields, field, {
        value: plainFieldValue(field, value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  // payload_json wins over plain fields of the same name, as it is the documented carrier.
  const body =
    payload === undefined
      ? Object.keys(fields).length > 0
        ? fields
        : undefined
      : typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? { ...fields, ...payload }
        : payload;
  return { body, files };
}

/** The `n` of a `files[n]` field, when it has one (attachment entries refer to files by it). */
export function fileIndex(field: string): number | undefined {
  const m = /^files\[(\d+)\]$/.exec(field);
  return m ? Number(m[1]) : undefined;
}
