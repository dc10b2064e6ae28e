import type { Path } from './problem.js';
import type { Scope } from './scope.js';
import type { Snowflake } from './snowflake.js';

/**
 * Desired state (from a manifest) and actual state (from the service) share
 * this shape, so one normalizer and one differ serve both (DESIGN.md).
 */

/** `{ id, type, permission }` as the service takes it. */
export interface PermissionEntry {
  id: Snowflake;
  type: number;
  permission: boolean;
}

/** What a permission set applies to: the application-wide row, or one command. */
export type PermissionTarget =
  | { kind: 'application' }
  /** Desired sets name a command by type and name; actual sets carry its id. */
  | { kind: 'command'; type?: number; name?: string; id?: Snowflake };

export interface PermissionSet {
  target: PermissionTarget;
  entries: PermissionEntry[];
  /** Desired only: where the set is written, for messages. */
  origin?: { file: string; path: Path };
}

export interface StateCommand {
  /** The command body in wire form: what the service takes (desired) or returned (actual). */
  body: Record<string, unknown>;
  /** Actual: the remote id. Desired: a pinned id, when the manifest gives one. */
  id?: Snowflake;
  /** Actual only. */
  version?: Snowflake;
  /** Desired only: previous names, to rename in place. */
  renamedFrom?: string[];
  /** Desired only: where the command is written, to map service errors back to file:line:col. */
  origin?: { file: string; path: Path };
}

export interface ScopeState {
  scope: Scope;
  commands: StateCommand[];
  /**
   * Guild scopes: the permission sets. Desired: undefined when the manifest
   * does not manage this guild's permissions. Actual: undefined when not read.
   */
  permissions?: PermissionSet[];
  /** Desired only: delete remote commands the manifest does not list (default true). */
  prune?: boolean;
}

export interface State {
  applicationId: Snowflake;
  scopes: ScopeState[];
}
