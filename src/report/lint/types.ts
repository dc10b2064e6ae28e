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

export function countReport(files: FileReport[]): LintReport {
  let errorCount = 0;
  let warningCount = 0;
  for (const f of files) for (const d of f.diagnostics) d.severity === 'error' ? errorCount++ : warningCount++;
  return { files, errorCount, warningCount };
}
