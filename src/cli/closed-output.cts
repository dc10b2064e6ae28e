/**
 * A reader that goes away (`cmdsync lint | head -1`) is no error of the CLI's.
 * Node ignores SIGPIPE, so a write to a closed pipe fails with EPIPE, emitted
 * as an `error` event on the stream; with no listener it is thrown, and the
 * user sees Node's stack trace. Instead the rest of the output is dropped and
 * the command runs to its end: git dies of the signal, but an apply cut off
 * between two requests would leave the remote half changed
 * (`cmdsync apply | head` must apply all it planned). A run that would have
 * ended with 0 ends with 141 (128 + SIGPIPE, what the shell reports for a
 * program SIGPIPE killed), not 0 as ripgrep does: under `set -o pipefail` a
 * run whose output was cut short must not read as a clean lint; without
 * pipefail the shell keeps only the last command's status. Any other code
 * (findings, a failed apply) is kept.
 *
 * The streams are created on first use, and creating them costs a few
 * milliseconds a clean `cmdsync lint` never pays (context.ts): the listener
 * is added when a stream is first asked for, by whoever asks.
 */

/** Exit code of a program ended by SIGPIPE, as the shell reports it. */
export const CLOSED_OUTPUT_EXIT = 128 + 13;

let closed = false;

function dropIfClosed(err: NodeJS.ErrnoException): void {
  // After EPIPE the stream is destroyed, and each later write fails the same way.
  if (err.code === 'EPIPE' || (closed && err.code === 'ERR_STREAM_DESTROYED')) {
    if (!closed) {
      closed = true;
      process.once('exit', (code) => {
        if (code === 0) process.exitCode = CLOSED_OUTPUT_EXIT;
      });
    }
    return;
  }
  // Any other error is what it would have been without this listener: uncaught.
  throw err;
}

/** Drops the output quietly when stdout or stderr turns out to be a closed pipe. */
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
        stream.on('error', dropIfClosed);
        return stream;
      },
    });
  }
}
