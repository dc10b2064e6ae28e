import { lintManifest } from './lint.js';
import type { Diagnostic } from './diagnostic.js';
import { loadManifest, type LoadedManifest, type LoadOptions } from './load.js';
import type { SourceFile } from './source.js';

export interface CheckResult {
  manifest?: LoadedManifest;
  diagnostics: Diagnostic[];
}

/**
 * Loads and lints a manifest. The first pass reads values with the fast
 * readers (fast-parse.ts), which return exactly what the exact parser
 * returns or decline (test/manifest/fast-read-fuzz.test.ts); a finding is
 * located in the exact parser's document, parsed the first time one is
 * (source.ts). So the fast pass's findings are the exact path's, and the
 * exact path runs again only for a file the readers decline, or one whose
 * document says more than its value: a parser's error or warning.
 */
export function checkManifest(path: string, opts: Pick<LoadOptions, 'cwd' | 'env' | 'given'>): CheckResult {
  const sources = new Map<string, SourceFile>();
  const fast = loadManifest(path, { ...opts, fast: true, sources });
  if (fast.manifest) {
    const diagnostics = lintManifest(fast.manifest, fast.diagnostics);
    if (diagnostics.length === 0 || fast.manifest.files.every(valueSaysAll))
      return { manifest: fast.manifest, diagnostics };
  }
  const exact = loadManifest(path, { ...opts, fast: false, sources });
  return {
    manifest: exact.manifest,
    diagnostics: exact.manifest ? lintManifest(exact.manifest, exact.diagnostics) : exact.diagnostics,
  };
}

/** The file's document holds nothing its value does not: no parser error or warning to report. */
function valueSaysAll(file: SourceFile): boolean {
  return file.doc.errors.length === 0 && file.doc.warnings.length === 0;
}
