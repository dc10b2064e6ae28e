/**
 * What an apply did, as the executor reports it to the renderers. Pure data:
 * addresses and service messages only (the executor redacts the latter).
 */

/** `create`, `update`, `rename`, `replace`, `delete` (a command action) or `permissions` (a permission set replaced). */
export type AppliedKind = 'create' | 'update' | 'rename' | 'replace' | 'delete' | 'permissions';

export interface ApplyResultItem {
  address: string;
  /** One of {@link AppliedKind}; typed as string so a kind added later still renders. */
  kind: AppliedKind | (string & {});
}

export interface ApplyResult {
  /** Actions the service confirmed, in the order they were sent. */
  applied: ApplyResultItem[];
  /** The request that failed and stopped the apply, when one did. */
  failed?: { address: string; message: string };
  /** Actions never sent (after a failure) or not confirmed. */
  notApplied: ApplyResultItem[];
  /** A sentence saying why permission sets were not applied (e.g. no bearer token), when they were skipped. */
  permissionsSkipped?: string;
  /** Declared scopes the plan could not read, and so left alone: the apply did not do everything. */
  skippedScopes?: string[];
  /** Requests sent, the failed one included: a failure says "after N of M requests". */
  requestsSent?: number;
  /** Requests the apply meant to send (those it skipped up front excluded). */
  requestsTotal?: number;
  /**
   * Webhooks this apply made twice (a create whose answer was lost landed
   * after all, beside the one sent again) and removed at its read-back.
   */
  duplicatesRemoved?: RemovedDuplicate[];
}

/** A webhook apply created twice and removed, by id: the two had one name in one channel. */
export interface RemovedDuplicate {
  id: string;
  channelId: string;
  name: string;
}
