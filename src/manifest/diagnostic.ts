import type { Path, Problem, Severity } from '../wire/problem.js';
import { locate, type Position } from './locate.js';
import type { SourceFile } from './source.js';

/** A finding placed in a file: what every reporter prints. */
export interface Diagnostic extends Position {
  file: string;
  severity: Severity;
  rule: string;
  message: string;
}

export function diagnosticAt(
  file: SourceFile,
  path: Path,
  severity: Severity,
  rule: string,
  message: string,
  opts: { key?: boolean } = {},
): Diagnostic {
  return { file: file.display, ...locate(file, path, opts), severity, rule, message };
}

/** A spec Problem about the object found at `base` in `file`. */
export function diagnosticFromProblem(
  file: SourceFile,
  base: Path,
  p: Problem,
  translate?: (path: Path) => Path,
): Diagnostic {
  const path = [...base, ...(translate ? translate(p.path) : p.path)];
  return diagnosticAt(file, path, p.severity, p.rule, p.message, { key: p.atKey });
}

export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col || a.rule.localeCompare(b.rule);
}
