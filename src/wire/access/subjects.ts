import type { ChannelOverwrite } from './base-permissions.js';
import type { AccessCommand } from './types.js';
import type { Snowflake } from '../snowflake.js';
import type { PermissionEntry } from '../state.js';

/** One command as access sees it in a guild: its definition and its own rows there. */
export interface CommandSubject {
  /** `/ban`, `Report message (message command)`. */
  label: string;
  name: string;
  command: AccessCommand;
  commandRows: PermissionEntry[];
}

/** What a guild holds, where known (the emulator's world): names and permissions. */
export interface GuildFacts {
  ownerId?: Snowflake;
  roles: Map<Snowflake, { name: string; permissions: bigint }>;
  members: Map<Snowflake, { name: string; roleIds: Snowflake[] }>;
  channels: Map<Snowflake, { name: string; parentId?: Snowflake; thread: boolean; overwrites: ChannelOverwrite[] }>;
}

/** Everything the access questions of one guild are asked of. */
export interface GuildAccess {
  guildId: Snowflake;
  guildName?: string;
  appRows: PermissionEntry[];
  commands: CommandSubject[];
  facts?: GuildFacts;
  /** Names of roles, members and channels by id, where the service reported them but not the facts (`access --remote`): for output only. */
  names?: ReadonlyMap<Snowflake, string>;
}
