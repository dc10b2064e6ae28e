import type { PathSegment } from '../wire/problem.js';
import type { Obj } from '../wire/rules/values.js';

/** One leaf of the service's 50035 `errors` tree. */
export interface FieldError {
  /** Where in the request body: numeric keys become numbers; a bulk PUT starts with the command index. */
  path: PathSegment[];
  /** Inner code, e.g. `APPLICATION_COMMAND_INVALID_NAME`. */
  code: string;
  message: string;
}

/**
 * Flattens the nested `errors` object of a 400/50035 body into one entry per
 * failing leaf. `_errors` marks a leaf and adds no segment, so an error about
 * the whole body (`errors._errors`) has an empty path.
 */
export function flattenFormErrors(tree: unknown): FieldError[] {
  const out: FieldError[] = [];
  walk(tree, [], out);
  return out;
}

function walk(node: unknown, path: PathSegment[], out: FieldError[]): void {
  if (node === null || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Obj)) {
    if (key === '_errors') {
      if (!Array.isArray(value)) continue;
      for (const entry of value) {
        if (entry !== null && typeof entry === 'object') {
          const { code, message } = entry as { code?: unknown; message?: unknown };
          out.push({ path: [...path], code: String(code ?? 'UNKNOWN'), message: String(message ?? '') });
        }
      }
      continue;
    }
    walk(value, [...path, /^\d+$/.test(key) ? Number(key) : key], out);
  }
}

/**
 * `options[0].name[APPLICATION_COMMAND_INVALID_NAME]: Command name is invalid`,
 * the @discordjs/rest spelling. A leading index (bulk PUT) is written `[7]`.
 */
export function formatFieldError(error: FieldError): string {
  const where = formatPath(error.path);
  return where === '' ? `${error.code}: ${error.message}` : `${where}[${error.code}]: ${error.message}`;
}

export function formatPath(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? segment : `.${segment}`;
  }
  return text;
}
