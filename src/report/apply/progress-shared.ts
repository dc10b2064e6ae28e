/** What both progress displays (plain lines here, the spinner in interactive.ts) share, apart so neither imports the other. */
import type { PlannedRequest } from '../../plan/model.js';
import { sanitizeMessage } from './result.js';
import type { ApplyResult } from '../../sync/apply-result.js';

/**
 * Progress of an apply, request by request, on stderr (stdout stays for the
 * result, or for the JSON document with --json). Two implementations: an ora
 * spinner for a person at a terminal, plain lines for CI and pipes. Neither
 * prints the final result: the caller does, with formatApplyResult, on the
 * stream it chose.
 */
export interface ApplyProgress {
  start(total: number): void;
  /** `index` is the request's 0-based position in the plan's request list. */
  requestStarted(req: PlannedRequest, index: number): void;
  requestDone(req: PlannedRequest, index: number, ms: number): void;
  requestFailed(req: PlannedRequest, index: number, message: string): void;
  /** Stops any spinner and prints a one-line tally. */
  finish(result: ApplyResult): void;
}

export type ProgressStream = NodeJS.WritableStream;

const VERB: Record<PlannedRequest['method'], string> = {
  POST: 'create',
  PATCH: 'update',
  DELETE: 'delete',
  PUT: 'overwrite',
};

/** The scope part of an address: `global` or `guild:<id>`. */
function scopeOf(address: string): string {
  const slash = address.indexOf('/');
  return slash < 0 ? address : address.slice(0, slash);
}

/** What a request does in the user's words: `create global/chat_input/ping`, `overwrite guild:1 (5 commands)`. */
export function requestLabel(req: PlannedRequest): string {
  const [first] = req.addresses;
  let label: string;
  if (req.kind === 'permissions')
    label = first === '*' ? 'set application-wide permissions' : `set permissions of ${first ?? 'commands'}`;
  else if (req.kind === 'bulk-overwrite')
    label = `overwrite ${first ? scopeOf(first) : req.route} (${req.addresses.length} command${req.addresses.length === 1 ? '' : 's'})`;
  else if (req.addresses.length <= 1) label = `${VERB[req.method]} ${first ?? req.route}`;
  else label = `${VERB[req.method]} ${first} and ${req.addresses.length - 1} more`;
  return sanitizeMessage(label);
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)}s`;
}

/** Shared bookkeeping: position labels and the closing tally. */
export class ProgressCounter {
  total = 0;
  done = 0;
  private startedAt = 0;
  constructor(private readonly now: () => number) {}
  start(total: number): void {
    this.total = total;
    this.startedAt = this.now();
  }
  position(index: number): string {
    return `[${index + 1}/${this.total || '?'}]`;
  }
  tally(): string {
    return `Sent ${this.done} of ${this.total} request${this.total === 1 ? '' : 's'} in ${formatDuration(this.now() - this.startedAt)}.`;
  }
}
