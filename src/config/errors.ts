import { CmdsyncError } from '../errors.js';

/*
 * What goes wrong with the configuration itself: a credential an operation
 * needs is not set, or a value (a URL, an id, the `.env` file) is malformed.
 * Messages name the variable to set, never a value.
 */

export type CredentialsErrorCode = 'CREDENTIALS_MISSING' | 'BEARER_TOKEN_REQUIRED' | 'APPLICATION_ID_MISSING';

/** A credential the operation needs is not set. `variables` names what to set (environment or `.env`). */
export class CredentialsError extends CmdsyncError {
  readonly variables: string[];

  constructor(code: CredentialsErrorCode, variables: string[], message: string) {
    super(code, message);
    this.variables = variables;
  }
}

/** A configuration value (e.g. `CMDSYNC_API_URL`) is malformed. */
export class RemoteConfigError extends CmdsyncError {
  readonly variable: string;

  constructor(variable: string, message: string) {
    super('REMOTE_CONFIG_INVALID', message);
    this.variable = variable;
  }
}
