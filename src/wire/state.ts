import type { Path } from './problem.js';
import type { Scope } from './scope.js';
import type { Snowflake } from './snowflake.js';
import type { Obj } from './rules/values.js';

/**
 * Desired state (from a manifest) and actual state (from the service) share
 * this shape, so one normalizer and one differ serve both (docs/architecture.md).
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
  body: Obj;
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

/** A webhook, desired (from the manifest) or actual (from the service). Never holds its token. */
export interface WebhookState {
  channelId: Snowflake;
  name: string;
  /** Desired only: a stable identity across renames and moves. */
  key?: string;
  /** Desired: the avatar's source and digest (undefined: no avatar). Actual: the stored avatar hash, or null. */
  avatar?: { source: string; sha256?: string } | null;
  avatarHash?: string | null;
  /** Actual only. */
  id?: Snowflake;
  applicationId?: Snowflake | null;
  /** Actual only: 1 incoming, 2 channel follower, 3 application. */
  type?: number;
  /** Actual only: its creator is a person, not a bot (made by a user's webhook.incoming consent); undefined when read without its creator. */
  createdByUser?: boolean;
  origin?: { file: string; path: Path };
}

export interface WebhookSetState {
  /** The channels the manifest declares webhooks in. */
  channels: Snowflake[];
  /** Channels where unlisted webhooks of this application are kept (some entry says prune: false). */
  keep: Snowflake[];
  webhooks: WebhookState[];
}
