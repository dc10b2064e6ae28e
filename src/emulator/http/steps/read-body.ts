/** The first step: the whole body, read before anything else looks at the request. */
import type { IncomingMessage } from 'node:http';

/** Larger bodies are refused before parsing (413 40005). */
export const MAX_BODY_BYTES = 26 * 1024 * 1024;

/**
 * Calls `done` with the body's bytes, or 'too-large' past MAX_BODY_BYTES
 * (read to the end all the same, so the answer reaches the peer); `failed`
 * when the peer errs or goes. Callbacks, not a promise: the rest of the
 * path then runs in the same turn as the body's end.
 */
export function readBody(
  req: IncomingMessage,
  done: (raw: Buffer | 'too-large') => void,
  failed: (err: Error) => void,
): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let over = false;
  // Settled once: an error or a close after the end (the answer may still be on its way) is not a second outcome.
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) over = true;
    else chunks.push(chunk);
  });
  // Nearly every JSON body is one chunk: no copy then.
  req.on('end', () => {
    settled = true;
    done(over ? 'too-large' : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size));
  });
  const fail = (err: Error) => {
    if (settled) return;
    settled = true;
    failed(err);
  };
  req.on('error', fail);
  // A peer cut off mid-body (e.g. by requestTimeout) never ends the body: settle instead of waiting forever.
  req.on('close', () => {
    if (!req.complete) fail(new Error('request aborted'));
  });
}
