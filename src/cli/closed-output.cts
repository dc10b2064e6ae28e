/**
 * A reader that goes away (`cmdsync lint | head -1`) ends the CLI quietly.
 * Node ignores SIGPIPE, so a write to a closed pipe fails with EPIPE, emitted
 * as an `error` event on the stream; with no listener it is thrown, and the
 * user sees Node's stack trace. The process ends instead as git ends on a
 * broken pipe: at once, printing nothing, with 141 (128 + SIGPIPE, what the
 * shell reports for a program SIGPIPE killed). Not 0, as ripgrep exits: under
 * `set -o pipefail` a run whose output was cut short must not read as a clean
 * lint or a complete apply; without pipefail the shell keeps only the last
 * command's status, so the code is never seen.
 *
 * The streams are created on first use, and creating them costs a few
 * milliseconds a clean `cmdsync lint` never pays (context.ts): the listener
 * is added when a stream is first asked for, by whoever asks.
 */

/** Exit code of a program ended by SIGPIPE, as the shell reports it. */
export const CLOSED_OUTPUT_EXIT = 128 + 13;

function endIfClosed(err: NodeJS.ErrnoException): void {
  if (err.code === 'EPIPE') process.exit(CLOSED_OUTPUT_EXIT);
  // Any other error is what it would have been without this listener: uncaught.
  throw err;
}

/** Ends the process quietly when stdout or stderr turns out to be a closed pipe. */
export function endQuietlyOnClosedOutput(): void {
  for (const name of ['stdout', 'stderr'] as const) {
    const original = Object.getOwnPropertyDescriptor(process, name);
    const create = original?.get;
    if (!original?.configurable || create === undefined) continue;
    Object.defineProperty(process, name, {
      configurable: true,
      enumerable: original.enumerable,
      get() {
        // Node's own getter makes the stream once and keeps it: it answers every later use.
        Object.defineProperty(process, name, original);
        const stream = create.call(process) as NodeJS.WriteStream;
        stream.on('error', endIfClosed);
        return stream;
      },
    });
  }
}
