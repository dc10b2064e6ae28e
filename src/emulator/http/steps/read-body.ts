/** The first step: the whole body, read before anything else looks at the request. */
import type { IncomingMessage } from 'node:http';

/** Larger bodies are refused before parsing (413 40005). */
export const MAX_BODY_BYTES = 26 * 1024 * 1024;

/** The body's bytes, or 'too-large' past MAX_BODY_BYTES (read to the end all the same, so the answer reaches the peer). */
export function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) over = true;
      else chunks.push(chunk);
    });
    // Nearly every JSON body is one chunk: no copy then.
    req.on('end', () => resolve(over ? 'too-large' : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size)));
    req.on('error', reject);
    // A peer cut off mid-body (e.g. by requestTimeout) never ends the body: settle instead of waiting forever.
    req.on('close', () => {
      if (!req.complete) reject(new Error('request aborted'));
    });
  });
}
