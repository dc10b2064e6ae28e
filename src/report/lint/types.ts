import type { Diagnostic } from '../../manifest/diagnostic.js';

export interface FileReport {
  file: string;
  diagnostics: Diagnostic[];
}

export interface LintReport {
  files: FileReport[];
  errorCount: number;
  warningCount: number;
}

export type LintFormat = 'stylish' | 'unix' | 'json' | 'github';
export const LINT_FORMATS: readonly LintFormat[] = ['stylish', 'unix', 'json', 'github'];

/**
 * A linted file's findings, one report per file they lie in: a manifest's
 * findings may lie in the files it includes, and each is shown under its own
 * name. The linted file comes first, listed even when clean.
 */
export function reportsByFile(file: string, diagnostics: readonly Diagnostic[]): FileReport[] {
  const byFile = new Map<string, Diagnostic[]>([[file, []]]);
  for (const d of diagnostics) {
    let list = byFile.get(d.file);
    if (list === undefined) byFile.set(d.file, (list = []));
    list.push(d);
  }
  return [...byFile].map(([name, list]) => ({ file: name, diagnostics: list }));
}

export function countReport(files: FileReport[]): LintReport {
  let errorCount = 0;
  let warningCount = 0;
  for (const f of files) for (const d of f.diagnostics) d.severity === 'error' ? errorCount++ : warningCount++;
  return { files, errorCount, warningCount };
}
