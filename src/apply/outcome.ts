/** What an apply is given and what it returns: shared by execute.ts and webhooks.ts without either importing the other. */
import type { CommandAction, PlannedRequest } from '../plan/model.js';
import type { WebhookLock } from '../plan/webhooks.js';
import type { LockFile } from '../manifest/lock.js';

/** What the caller is told as apply goes (the CLI turns it into a spinner or plain lines). */
export interface ApplyEvents {
  start?(total: number): void;
  requestStarted?(req: PlannedRequest, index: number): void;
  requestDone?(req: PlannedRequest, index: number, ms: number): void;
  requestFailed?(req: PlannedRequest, index: number, message: string): void;
}

export interface AppliedItem {
  address: string;
  kind: string;
}

export interface ApplyFailure {
  address: string;
  message: string;
  error: unknown;
  /** The actions the failed request carried, with where they are written, to point at the manifest. */
  actions: CommandAction[];
  /** Where the declared webhook of a failed webhook request is written. */
  origin?: { file: string; path: (string | number)[] };
}

export interface ApplyOutcome {
  applied: AppliedItem[];
  failed?: ApplyFailure;
  notApplied: AppliedItem[];
  /** Set when permission sets were not sent because no user bearer token is available. */
  permissionsSkipped?: string;
  requestsSent: number;
  /** The lock file's webhook records after this apply (present when the plan has webhooks): the caller writes it. */
  webhookLock?: Record<string, { key?: string; avatar?: string }>;
  /** The whole lock file after this apply, intents included (present when the plan has webhooks). */
  lock?: LockFile;
  /**
   * Webhooks this apply made twice (a create whose answer was lost landed
   * after all, beside the one sent again) and removed at its read-back.
   */
  duplicatesRemoved?: Array<{ id: string; channelId: string; name: string }>;
}

export interface ApplyOptions {
  canEditPermissions: boolean;
  events?: ApplyEvents;
  /** `X-Audit-Log-Reason` of webhook creates, edits and deletes. */
  reason?: string;
  /** The lock file's webhook records as read with the plan (when `lock` is not given). */
  webhookLock?: WebhookLock;
  /** The lock file as read with the plan, intents included. */
  lock?: LockFile;
  /**
   * Persists the lock file; called before each webhook create is sent (with
   * the create's intent) and after it is answered, so that a create whose
   * answer is lost, even to a killed process, is recognised by the next plan.
   */
  saveLock?: (lock: LockFile) => void;
  /** The clock intents are stamped with. */
  now?: () => number;
  /**
   * How long after it was sent a webhook create whose answer never came may
   * still land (default three of the client's timeouts): it is looked for
   * that long before it is sent again, and waited for by the read-back.
   */
  settleMs?: number;
  /** Turns a webhook avatar source (a file path, a URL) into image data; injected so apply reads no files itself. */
  loadAvatar?: (source: string) => Promise<string>;
}
