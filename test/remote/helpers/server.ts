import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the test server saw it. */
export interface Seen {
  method: string;
  /** Path and query, without the /api/v10 prefix. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Date.now() when the request arrived. */
  at: number;
}

export type Handler = (req: Seen, res: ServerResponse, index: number) => unknown;

export interface TestServer {
  /** `http://127.0.0.1:PORT/api/v10`: what the client takes as apiUrl. */
  base: string;
  origin: string;
  seen: Seen[];
  close(): Promise<void>;
}

export const PREFIX = '/api/v10';

/** A real HTTP server on 127.0.0.1, port 0: every test talks HTTP to it. */
export async function startServer(handler: Handler): Promise<TestServer> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = req.url ?? '/';
      const entry: Seen = {
        method: req.method ?? 'GET',
        path: url.startsWith(PREFIX) ? url.slice(PREFIX.length) : url,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      const index = seen.push(entry) - 1;
      Promise.resolve(handler(entry, res, index)).catch((error: unknown) => {
        res.statusCode = 599;
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    base: `${origin}${PREFIX}`,
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}

export function noContent(res: ServerResponse, headers: Record<string, string> = {}): void {
  res.writeHead(204, headers);
  res.end();
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A bot token shaped like a real one; never a real token. */
export const BOT_TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.GfakeX.abcdefghijklmnopqrstuvwxyz0123456789AB';
export const WEBHOOK_TOKEN = 'wEbHoOkToKeN_0123456789-abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTU';
export const USER_BEARER = 'userBearer0123456789abcdefXYZ';
export const CLIENT_SECRET = 'clientSecret_0123456789abcdef';

/** The error a promise rejects with (fails the test if it resolves). */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & Record<string, unknown>> {
  try {
    await promise;
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a rejection');
}

/** The error a function throws (fails the test if it returns). */
export function thrownBy(fn: () => unknown): Error & Record<string, unknown> {
  try {
    fn();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a throw');
}
