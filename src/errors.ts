/**
 * The base of every error cmdsync raises on purpose. `code` is stable: the CLI
 * maps it to a message and an exit code, and users may match on it.
 * Anything that is not a CmdsyncError reaching the top is a bug.
 */
export class CmdsyncError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    this.name = new.target.name;
  }
}

/** Bad flags or arguments: `lint` exits 2 for these, as ESLint does. */
export class UsageError extends CmdsyncError {
  constructor(message: string) {
    super('USAGE', message);
  }
}

/** A manifest that cannot be read at all (missing, binary, too large), as opposed to one with findings. */
export class ManifestReadError extends CmdsyncError {
  readonly file: string;

  constructor(
    code:
      | 'MANIFEST_NOT_FOUND'
      | 'MANIFEST_UNREADABLE'
      | 'MANIFEST_TOO_LARGE'
      | 'MANIFEST_BINARY'
      | 'MANIFEST_AMBIGUOUS',
    file: string,
    message: string,
  ) {
    super(code, message);
    this.file = file;
  }
}

/** A manifest with error findings where a valid one is required (plan, apply). */
export class ManifestInvalidError extends CmdsyncError {
  constructor(message: string) {
    super('MANIFEST_INVALID', message);
  }
}

/** The report already said why; exit with this code without printing again. */
export class SilentExit extends CmdsyncError {
  readonly exitCode: number;

  constructor(exitCode: number) {
    super('SILENT_EXIT', `exit ${exitCode}`);
    this.exitCode = exitCode;
  }
}
