/**
 * Places in the manifest as the test report names them: the file relative
 * to the working directory (as the test file's own positions are), the line
 * and column of a value the manifest loader or the planner points at.
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../../manifest/diagnostic.js';
import type { LoadedManifest } from '../../manifest/load.js';
import { locate } from '../../manifest/locate.js';
import { displayPath as shownPath } from '../file/read.js';
import type { SourceAt } from '../model.js';

/** A finding of the manifest's (its `file` as loaded from `manifestDir`). */
export function diagnosticAt(d: Pick<Diagnostic, 'file' | 'line' | 'col'>, manifestDir: string): SourceAt {
  return { file: shownPath(resolve(manifestDir, d.file)), line: d.line, column: d.col };
}

/** Where a command or webhook the plan names is written, found in the manifest's files. */
export function originAt(
  manifest: LoadedManifest,
  origin: { file: string; path: (string | number)[] },
): SourceAt | undefined {
  const file = manifest.files.find((f) => f.display === origin.file);
  if (!file) return undefined;
  const { line, col } = locate(file, origin.path);
  return { file: shownPath(file.absPath), line, column: col };
}
