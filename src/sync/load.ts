import { ManifestInvalidError } from '../errors.js';
import { checkManifest } from '../manifest/check.js';
import type { Diagnostic } from '../manifest/diagnostic.js';
import type { LoadedManifest } from '../manifest/load.js';

/**
 * The workflow's first step: the manifest, read and checked once. One with
 * error findings stops the workflow here, as a typed error carrying them: the
 * service would refuse it too.
 */

export type InterpolationEnv = Readonly<Record<string, string | undefined>>;

/** A manifest read without errors, and the warnings found reading it. */
export interface ValidManifest {
  manifest: LoadedManifest;
  diagnostics: Diagnostic[];
}

export class ManifestErrorsError extends ManifestInvalidError {
  readonly diagnostics: Diagnostic[];

  constructor(diagnostics: Diagnostic[]) {
    const errors = diagnostics.filter((d) => d.severity === 'error');
    super(`The manifest has ${errors.length} error(s); run cmdsync lint for details.`);
    this.diagnostics = diagnostics;
  }
}

/** Loads the manifest and refuses one with errors. */
export function loadValidManifest(path: string, cwd: string, env: InterpolationEnv): ValidManifest {
  const { manifest, diagnostics } = checkManifest(path, { cwd, env });
  if (!manifest || diagnostics.some((d) => d.severity === 'error')) throw new ManifestErrorsError(diagnostics);
  return { manifest, diagnostics };
}
