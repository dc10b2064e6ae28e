// The emulator modules these types come from are Node code, and the page's type check reads them: it needs
// Node's declarations for that, not for anything the page runs (esbuild bundles none of those modules).
/// <reference types="node" />
/**
 * The shape of GET /__emulator/view/state (state-panel.ts builds it). Types
 * only, so the page imports the same definition.
 */
import type { dailyCreatesToday } from '../state/commands-model.js';
import type { FaultRule } from '../http/faults.js';
import type { SessionSnapshot } from '../gateway/session-table.js';
import type { BucketSnapshot } from '../http/rate-limit.js';

/** An application's way of receiving interactions, and the last check of its endpoint URL. */
export interface ViewEndpoint {
  applicationId: string;
  /** Absent: interactions go over the gateway. */
  url?: string;
  /** The last check of this URL (one of an earlier URL is not shown). */
  lastCheck?: { ok: boolean; problems: string[]; at: number };
}

export interface ViewState {
  rateLimits: { enabled: boolean; global: { limit: number | null }; buckets: BucketSnapshot[] };
  /** The same answer as GET /__emulator/daily-creates. */
  dailyCreates: {
    day: string;
    limit_per_guild: number;
    global_limited: false;
    scopes: ReturnType<typeof dailyCreatesToday>;
  };
  faults: Array<FaultRule & { matched: number; injected: number }>;
  gateway: { sessions: SessionSnapshot[] };
  interactions: { live: number; endpoints: ViewEndpoint[] };
}
