import type { PermissionEntry } from '../state.js';
import type { IndexedRows } from './rows.js';
import type { Snowflake } from '../snowflake.js';

/**
 * The inputs and answer of "may this member use this command here?"
 * (facts §6.1). Everything is plain data so the same function serves lint,
 * plan, `cmdsync access` and the emulator's invocations.
 */
export interface AccessCommand {
  /** 1 chat input, 2 user, 3 message, 4 entry point; absent means 1. */
  type?: number;
  /** For messages only. */
  name?: string;
  /** A decimal bit set, `"0"`, or null/absent (everyone). */
  default_member_permissions?: string | null;
}

export interface AccessMember {
  userId: Snowflake;
  /** The member's roles, without @everyone (every member has that one). */
  roleIds: readonly Snowflake[];
  owner?: boolean;
}

export interface AccessChannel {
  id: Snowflake;
  /** For a thread: the channel it lives in, whose rows apply to it. */
  parentId?: Snowflake;
}

export interface AccessQuery {
  guildId: Snowflake;
  command: AccessCommand;
  /** The command's own rows in this guild (empty when it has none). */
  commandRows: readonly PermissionEntry[];
  /** The application-level rows (the set whose id is the application id). */
  appRows: readonly PermissionEntry[];
  /** Both row lists indexed (rows.ts), when the caller asks many questions of the same rows; built per query otherwise. */
  indexed?: IndexedRows;
  member: AccessMember;
  /** The member's permissions in the channel, overwrites applied. */
  permissions: bigint;
  channel: AccessChannel;
}

export type Layer = 'command' | 'app';

/** One consulted rule, in the order the model consulted it. */
export type Step =
  | { kind: 'owner'; effect: 'allow'; text: string }
  | { kind: 'administrator'; effect: 'allow'; text: string }
  | { kind: 'use-commands'; effect: 'deny'; text: string }
  | { kind: 'channel-row'; layer: Layer; row: PermissionEntry; effect: 'deny' | 'continue'; text: string }
  | { kind: 'no-channel-row'; effect: 'continue'; text: string }
  | {
      kind: 'member-row';
      layer: Layer;
      target: 'user' | 'role' | 'everyone';
      row: PermissionEntry;
      effect: 'allow' | 'deny' | 'continue';
      text: string;
    }
  | { kind: 'no-member-row'; effect: 'continue'; text: string }
  | { kind: 'default-permissions'; required: bigint | null; missing: bigint; effect: 'allow' | 'deny'; text: string }
  | { kind: 'send-messages'; effect: 'deny'; text: string };

export interface AccessResult {
  allowed: boolean;
  /** Why, in order; the last step decided. */
  because: Step[];
}
