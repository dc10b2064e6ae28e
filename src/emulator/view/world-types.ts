/**
 * The shape of GET /__emulator/view/world (world-view.ts builds it): what the
 * page's side bar and views know of the world. Types only, so the page
 * (tsconfig.web.json, no Node types) imports the same definition.
 */
export interface ViewApplication {
  id: string;
  name: string;
  botUserId: string;
  /** How interactions reach it: POSTed to its endpoint, or over the gateway. */
  delivery: 'http' | 'gateway';
  interactionsUrl?: string;
  /** Its bot's direct messages, one per user, in the order opened (absent: none). */
  dms?: Array<{ id: string; userId: string; username: string }>;
}

export interface ViewChannel {
  id: string;
  name: string;
  type: number;
  parentId?: string;
  archived?: boolean;
  nsfw?: boolean;
  /** Forum posts: the tags applied. */
  appliedTags?: string[];
  availableTags?: Array<{ id: string; name: string }>;
  topic?: string;
  /** Slowmode, in seconds. */
  rateLimitPerUser?: number;
  /** Permission overwrites: type 0 a role, 1 a member; allow and deny as decimal bit sets. */
  overwrites?: Array<{ id: string; type: 0 | 1; allow: string; deny: string }>;
  /** Threads: locked (only MANAGE_THREADS may unarchive), and who is in it. */
  locked?: boolean;
  threadMembers?: string[];
}

export interface ViewGuild {
  id: string;
  name: string;
  ownerId?: string;
  /** `position`: its place in the hierarchy (0 is @everyone's); always sent by the emulator. */
  roles: Array<{ id: string; name: string; permissions: string; position?: number }>;
  /** `timedOutUntil`: the end of a timeout still running on the emulator's clock. */
  members: Array<{
    id: string;
    username: string;
    roles: string[];
    owner: boolean;
    nick?: string;
    timedOutUntil?: string;
  }>;
  /** Users banned here, with the reason the ban gave (absent: none). */
  bans?: Array<{ userId: string; username: string; reason: string | null }>;
  /** The audit log's newest entries (at most 50), oldest first: `actionType` an AuditLogEvent (absent: none). */
  auditLog?: Array<{ id: string; actionType: number; userId: string; targetId: string; reason?: string }>;
  channels: ViewChannel[];
  /** Applications installed here, and whether with the applications.commands scope. */
  apps: Array<{ id: string; commandsScope: boolean }>;
}

export interface ViewWorld {
  serial: number;
  defaultApplicationId: string;
  defaultGuildId: string;
  applications: ViewApplication[];
  guilds: ViewGuild[];
  locales: readonly string[];
}
