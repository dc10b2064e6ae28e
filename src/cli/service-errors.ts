import type { ApplyFailure } from '../apply/execute.js';
import { locate } from '../manifest/locate.js';
import { readSource, type SourceFile } from '../manifest/source.js';
import { CmdsyncError } from '../errors.js';
import { DiscordAPIError } from '../remote/errors.js';

/**
 * A service refusal (50035 Invalid Form Body) names field paths inside the
 * request body; the actions carry where each command is written, so each
 * field error becomes `file:line:col: message [CODE]` in the manifest.
 * A bulk overwrite's paths start with the entry's index.
 */
export function locateServiceErrors(failure: ApplyFailure, files: readonly SourceFile[], cwd: string): string[] {
  const err = failure.error;
  const field = fieldOf(err);
  if (field !== undefined && failure.origin) {
    // A failure that is about one field of a declared webhook (its avatar could not be fetched): point at that field.
    const file = files.find((f) => f.display === failure.origin!.file) ?? tryRead(failure.origin.file, cwd);
    if (!file) return [];
    const pos = locate(file, [...failure.origin.path, field]);
    return [`${file.display}:${pos.line}:${pos.col}: ${(err as Error).message} [${(err as { code: string }).code}]`];
  }
  if (!(err instanceof DiscordAPIError) || err.fieldErrors.length === 0) return [];
  const bulk = failure.actions.length > 1;
  return err.fieldErrors.map((fe) => {
    const [head, ...tail] = fe.path;
    const action = bulk && typeof head === 'number' ? failure.actions[head] : failure.actions[0];
    const rest = bulk && typeof head === 'number' ? tail : fe.path;
    const origin = action?.origin;
    const file = origin ? (files.find((f) => f.display === origin.file) ?? tryRead(origin.file, cwd)) : undefined;
    if (origin && file) {
      const pos = locate(file, [...origin.path, ...rest]);
      return `${file.display}:${pos.line}:${pos.col}: ${fe.message} [${fe.code}]`;
    }
    return `${action?.address ?? failure.address}: ${fe.path.join('.')}: ${fe.message} [${fe.code}]`;
  });
}

/** The manifest field an error is about, for errors that name one (`field`). */
function fieldOf(err: unknown): string | undefined {
  const f = (err as { field?: unknown } | null)?.field;
  return err instanceof CmdsyncError && typeof f === 'string' ? f : undefined;
}

function tryRead(path: string, cwd: string): SourceFile | undefined {
  try {
    return readSource(path, cwd);
  } catch {
    return undefined;
  }
}
