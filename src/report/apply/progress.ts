import type { PlannedRequest } from '../../plan/model.js';
import type { TerminalInfo } from '../terminal.js';
import { sanitizeMessage } from './result.js';
import type { ApplyResult } from '../../sync/apply-result.js';
import {
  ProgressCounter,
  formatDuration,
  requestLabel,
  type ApplyProgress,
  type ProgressStream,
} from './progress-shared.js';

export { formatApplyResult } from './result.js';
export type { ApplyResult } from '../../sync/apply-result.js';
export { formatDuration, requestLabel, type ApplyProgress, type ProgressStream } from './progress-shared.js';

export interface ProgressOptions {
  /** Default process.stderr. */
  stream?: ProgressStream;
  /** Milliseconds clock, injectable for tests. */
  now?: () => number;
}

/** One line per event, no ANSI at all: logs in CI and pipes must stay readable and greppable. */
export class PlainProgress implements ApplyProgress {
  private readonly counter: ProgressCounter;
  constructor(
    private readonly stream: ProgressStream,
    now: () => number = Date.now,
  ) {
    this.counter = new ProgressCounter(now);
  }
  private line(s: string): void {
    this.stream.write(`${s}\n`);
  }
  start(total: number): void {
    this.counter.start(total);
    this.line(`Applying: ${total} request${total === 1 ? '' : 's'} to send.`);
  }
  requestStarted(req: PlannedRequest, index: number): void {
    // Printed before the response arrives, so a log shows which request a long rate-limit wait belongs to.
    this.line(`${this.counter.position(index)} ${requestLabel(req)} …`);
  }
  requestDone(req: PlannedRequest, index: number, ms: number): void {
    this.counter.done++;
    this.line(`${this.counter.position(index)} ✓ ${requestLabel(req)} (${formatDuration(ms)})`);
  }
  requestFailed(req: PlannedRequest, index: number, message: string): void {
    this.line(`${this.counter.position(index)} ✗ ${requestLabel(req)}: ${sanitizeMessage(message)}`);
  }
  finish(_result: ApplyResult): void {
    this.line(this.counter.tally());
  }
}

/**
 * The spinner only for a person watching: an interactive terminal with colour
 * (docs/architecture.md: no spinner when not a TTY, in CI, or with NO_COLOR). ora is
 * loaded here, on demand, so no command that never applies (lint above all)
 * pays for it.
 */
export async function createApplyProgress(
  term: Pick<TerminalInfo, 'interactive' | 'color'>,
  opts: ProgressOptions = {},
): Promise<ApplyProgress> {
  const stream = opts.stream ?? process.stderr;
  if (term.interactive && term.color) {
    const { createInteractiveProgress } = await import('./interactive.js');
    return createInteractiveProgress({ stream, isEnabled: true, color: term.color, now: opts.now });
  }
  return new PlainProgress(stream, opts.now);
}
