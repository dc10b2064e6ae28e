/**
 * Requests exactly as written: node:http sends the path and headers as given
 * (no URL normalisation of `..` or `%2e`, duplicate headers allowed), which
 * the hardening tests need and undici's URL handling would hide.
 */
import { request } from 'node:http';

export interface RawRequest {
  method: string;
  /** The request target as sent, e.g. `/api/v10/webhooks/1/..`. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  body: any;
}

export function rawCall(base: string, req: RawRequest): Promise<RawReply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...(req.headers ?? {}) };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const r = request({ host: hostname, port, method: req.method, path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          body = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, body });
      });
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}
