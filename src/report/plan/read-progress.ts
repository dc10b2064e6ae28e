import type { TerminalInfo } from '../terminal.js';

/**
 * Progress while a plan reads the remote scopes, on stderr: reading a large
 * bot's guilds takes seconds, and a blank screen looks like a hang. A spinner
 * for a person at a terminal, one line per scope in CI logs, nothing in a
 * plain pipe (a script wants only the plan).
 */
export interface ReadProgress {
  start(scopes: number): void;
  scopeDone(scopeKey: string, outcome: 'read' | 'skipped'): void;
  /** Clears the spinner before the plan is printed. */
  finish(): void;
}

const plural = (n: number): string => `${n} scope${n === 1 ? '' : 's'}`;

class LineProgress implements ReadProgress {
  private total = 0;
  private done = 0;
  constructor(private readonly stream: NodeJS.WritableStream) {}
  start(scopes: number): void {
    this.total = scopes;
    this.stream.write(`Reading remote state: ${plural(scopes)}\n`);
  }
  scopeDone(scopeKey: string, outcome: 'read' | 'skipped'): void {
    this.done++;
    this.stream.write(`  ${outcome} ${scopeKey} (${this.done} of ${this.total})\n`);
  }
  finish(): void {}
}

export async function createReadProgress(
  term: Pick<TerminalInfo, 'interactive' | 'color' | 'isCI'>,
  stream: NodeJS.WritableStream,
): Promise<ReadProgress | undefined> {
  if (term.interactive && term.color) {
    const { default: ora } = await import('ora');
    const spinner = ora({ stream, isEnabled: true, discardStdin: false });
    let total = 0;
    let done = 0;
    const text = (): string => `Reading remote state: ${done} of ${plural(total)}`;
    return {
      start(scopes) {
        total = scopes;
        spinner.start(text());
      },
      scopeDone() {
        done++;
        spinner.text = text();
      },
      finish() {
        spinner.stop();
      },
    };
  }
  return term.isCI ? new LineProgress(stream) : undefined;
}
