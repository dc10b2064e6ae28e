import { lintManifest } from './lint.js';
import type { Diagnostic } from './diagnostic.js';
import { loadManifest, type LoadedManifest, type LoadOptions } from './load.js';
import type { SourceFile } from './source.js';

export interface CheckResult {
  manifest?: LoadedManifest;
  diagnostics: Diagnostic[];
}

/**
 * Loads and lints a manifest. Most manifests are clean, and a clean verdict
 * needs no positions, so the first pass reads values with the block reader;
 * anything found, or any file it declines, sends the whole check down the
 * exact path, which alone produces located findings. Both passes run the
 * same rules, so the fast pass can only ever say "clean" earlier.
 */
export function checkManifest(path: string, opts: Pick<LoadOptions, 'cwd' | 'env' | 'given'>): CheckResult {
  const sources = new Map<string, SourceFile>();
  const fast = loadManifest(path, { ...opts, fast: true, sources });
  if (fast.manifest) {
    const diagnostics = lintManifest(fast.manifest, fast.diagnostics);
    if (diagnostics.length === 0) return { manifest: fast.manifest, diagnostics };
  }
  const exact = loadManifest(path, { ...opts, fast: false, sources });
  return {
    manifest: exact.manifest,
    diagnostics: exact.manifest ? lintManifest(exact.manifest, exact.diagnostics) : exact.diagnostics,
  };
}
