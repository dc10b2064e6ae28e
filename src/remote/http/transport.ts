import { Agent, FormData, request as undiciRequest } from './undici-parts.js';

/** What the client hands the transport: a finished request, headers included. */
export interface TransportRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | Uint8Array | FormData;
  /** Fires on timeout or caller abort; the transport must stop and reject. */
  signal: AbortSignal;
  /** Stop reading, and reject with `BodyTooLarge`, once the body passes this many bytes. */
  maxBodyBytes?: number;
}

/** What a transport rejects with when the body passes `maxBodyBytes` (the client turns it into ResponseTooLargeError). */
export class BodyTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`body larger than ${maxBytes} bytes`);
  }
}

/**
 * Reads a body whole, or throws BodyTooLarge as soon as it passes `max`
 * bytes (destroying the stream, so a server that never stops cannot fill
 * memory). Works on any async iterable of chunks (undici's body, fetch's).
 */
export async function readCapped(
  body: AsyncIterable<Uint8Array> & { destroy?: (err?: Error) => unknown },
  max: number | undefined,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.byteLength;
    if (max !== undefined && total > max) {
      body.destroy?.();
      throw new BodyTooLarge(max);
    }
    chunks.push(chunk);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** A complete answer: the body is read in full so the timeout covers it too. */
export interface TransportResponse {
  status: number;
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Uint8Array;
}

/**
 * The one network primitive, injectable like @discordjs/rest's `makeRequest`.
 * It throws only for transport failures (refused, reset, aborted); every
 * HTTP status is a normal answer.
 */
export type RequestFunction = (request: TransportRequest) => Promise<TransportResponse>;

export interface UndiciTransport {
  request: RequestFunction;
  /** Closes the keep-alive connections; in-flight requests finish first. */
  close(): Promise<void>;
}

/**
 * The default transport: one undici `Agent`, which keeps one keep-alive pool
 * per origin, so a plan's many requests reuse a handful of connections.
 */
export function createUndiciTransport(
  options: { connectionsPerOrigin?: number; keepAliveTimeoutMs?: number } = {},
): UndiciTransport {
  const agent = new Agent({
    connections: options.connectionsPerOrigin ?? 16,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
  });
  return {
    async request(req) {
      const res = await undiciRequest(req.url, {
        dispatcher: agent,
        method: req.method as 'GET',
        headers: req.headers,
        body: req.body,
        signal: req.signal,
      });
      // Uncapped (the service's answers) is read in one go; capped is counted chunk by chunk.
      const body =
        req.maxBodyBytes === undefined
          ? new Uint8Array(await res.body.arrayBuffer())
          : await readCapped(res.body, req.maxBodyBytes);
      return { status: res.statusCode, headers: normalizeHeaders(res.headers), body };
    },
    close: () => agent.close(),
  };
}

export function normalizeHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

export { FormData };
