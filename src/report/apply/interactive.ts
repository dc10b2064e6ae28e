import { colors } from '../color.js';
import type { Ora } from 'ora';
import type { PlannedRequest } from '../../plan/model.js';
import {
  ProgressCounter,
  formatDuration,
  requestLabel,
  type ApplyProgress,
  type ProgressStream,
} from './progress-shared.js';
import { sanitizeMessage } from './result.js';
import type { ApplyResult } from '../../sync/apply-result.js';

export interface InteractiveOptions {
  stream: ProgressStream;
  /** Passed to ora as is: ora's own TTY/CI guess ignores NO_COLOR (cli-conventions §1.4), so the caller decides. */
  isEnabled: boolean;
  /** Spinner colour; symbols and text are coloured through report/color.ts, which the caller enables or disables. */
  color: boolean;
  now?: () => number;
}

/**
 * A spinner on the requests in flight; each finished request stays as one ✓
 * or ✗ line. Guild scopes run concurrently, so several requests can be in
 * flight: the spinner names the oldest and counts the others, and comes back
 * after a line is persisted while any is still running.
 */
class InteractiveProgress implements ApplyProgress {
  private readonly counter: ProgressCounter;
  private readonly inFlight = new Map<number, string>();
  constructor(
    private readonly spinner: Ora,
    private readonly stream: ProgressStream,
    now: () => number,
  ) {
    this.counter = new ProgressCounter(now);
  }
  private spin(): void {
    const [first] = this.inFlight.values();
    if (first === undefined) return;
    const more = this.inFlight.size - 1;
    this.spinner.text = more > 0 ? `${first} ${colors().dim(`(+${more} more in flight)`)}` : first;
    // Draw the new text now rather than on the next frame.
    if (this.spinner.isSpinning) this.spinner.render();
    else this.spinner.start();
  }
  private persist(index: number, symbol: string, text: string): void {
    this.inFlight.delete(index);
    this.spinner.stopAndPersist({ symbol, text });
    this.spin();
  }
  start(total: number): void {
    this.counter.start(total);
  }
  requestStarted(req: PlannedRequest, index: number): void {
    this.inFlight.set(index, `${this.counter.position(index)} ${requestLabel(req)}`);
    this.spin();
  }
  requestDone(req: PlannedRequest, index: number, ms: number): void {
    this.counter.done++;
    this.persist(
      index,
      colors().green('✓'),
      `${this.counter.position(index)} ${requestLabel(req)} ${colors().dim(formatDuration(ms))}`,
    );
  }
  requestFailed(req: PlannedRequest, index: number, message: string): void {
    this.persist(
      index,
      colors().red('✗'),
      `${this.counter.position(index)} ${requestLabel(req)}: ${colors().red(sanitizeMessage(message))}`,
    );
  }
  finish(_result: ApplyResult): void {
    this.inFlight.clear();
    if (this.spinner.isSpinning) this.spinner.stop();
    this.stream.write(`${colors().dim(this.counter.tally())}\n`);
  }
}

export async function createInteractiveProgress(opts: InteractiveOptions): Promise<ApplyProgress> {
  // Loaded on demand: only apply ever needs a spinner.
  const { default: ora } = await import('ora');
  const spinner = ora({
    stream: opts.stream,
    isEnabled: opts.isEnabled,
    color: opts.color ? 'cyan' : false,
    // Raw-mode stdin would take Ctrl-C away from apply's own interrupt handling.
    discardStdin: false,
  });
  return new InteractiveProgress(spinner, opts.stream, opts.now ?? Date.now);
}
