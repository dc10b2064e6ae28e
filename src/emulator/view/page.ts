/**
 * Serves the web view's files: the page at `/` (with the control token it
 * needs for the view API) and its assets under `/__view/`. Everything comes
 * from `dist/web/` in the package, built by `npm run build`; the page fetches
 * nothing from anywhere else, and its Content-Security-Policy says so.
 *
 * Loopback clients only, and only under a loopback host name: a page on some
 * other site that rebinds its DNS name to 127.0.0.1 reaches this server with
 * its own name in `Host`, and is refused before it can read the token.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

export const VIEW_ASSET_PREFIX = '/__view/';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/** No script or style from anywhere but here; images also from data: and blob: URLs (generated avatars, uploads). */
const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // Lit's components set style attributes (colour bars, accent colours).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** `dist/web/` of the package this module runs from (dist/emulator/view/, the CLI bundle in dist/cli-main/, or src/ under tests). */
export function findWebRoot(from: string = fileURLToPath(import.meta.url)): string | undefined {
  let dir = dirname(from);
  for (let i = 0; i < 6; i++) {
    for (const candidate of [join(dir, 'web'), join(dir, 'dist', 'web')]) {
      // app.js tells a built page from its source (src/web/ has index.html too).
      if (existsSync(join(candidate, 'index.html')) && existsSync(join(candidate, 'app.js'))) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The host name of a Host header, without its port; lower case. */
export function hostName(header: string | undefined): string {
  if (!header) return '';
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon === -1 ? h : h.slice(0, colon);
}

/** Is this a request the view answers: a loopback peer that named a loopback host (or the one the emulator listens on). */
export function viewAllowed(req: IncomingMessage, listenHost: string, isLoopbackPeer: boolean): boolean {
  if (!isLoopbackPeer) return false;
  const name = hostName(req.headers.host);
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost')) return true;
  const own = listenHost.includes(':') ? `[${listenHost.toLowerCase()}]` : listenHost.toLowerCase();
  return name === own || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

function plain(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...SECURITY_HEADERS,
  });
  res.end(text);
}

export interface PageServer {
  /** True when the path is the page's or an asset's (answered, possibly with a refusal). */
  serve(req: IncomingMessage, res: ServerResponse, path: string, method: string): boolean;
}

/**
 * The page and its assets. `controlToken` goes into the page as a meta tag:
 * the view calls the control routes with it, as `cmdsync invoke` does.
 */
export function pageServer(options: {
  webRoot?: string;
  controlToken: string;
  listenHost: () => string;
  isLoopbackPeer: (req: IncomingMessage) => boolean;
}): PageServer {
  const given = options.webRoot ?? findWebRoot();
  const root = given && existsSync(join(given, 'index.html')) ? given : undefined;
  const cache = new Map<string, Buffer>();
  const read = (file: string): Buffer => {
    let b = cache.get(file);
    if (!b) cache.set(file, (b = readFileSync(file)));
    return b;
  };
  return {
    serve(req, res, path, method) {
      if (path !== '/' && path !== '/index.html' && !path.startsWith(VIEW_ASSET_PREFIX)) return false;
      if (!viewAllowed(req, options.listenHost(), options.isLoopbackPeer(req))) {
        plain(
          res,
          403,
          'The web view answers loopback clients under a loopback host name (localhost, 127.0.0.1, [::1]) only.\n',
        );
        return true;
      }
      if (method !== 'GET' && method !== 'HEAD') {
        plain(res, 405, 'Method not allowed\n');
        return true;
      }
      if (!root) {
        plain(res, 503, 'The web view is not built: run `npm run build` in the cmdsync checkout.\n');
        return true;
      }
      if (path === '/' || path === '/index.html') {
        const html = read(join(root, 'index.html'))
          .toString('utf8')
          .replace(
            '<!--cmdsync:control-->',
            `<meta name="cmdsync-control" content="${options.controlToken.replace(/[^A-Za-z0-9_-]/g, '')}">`,
          );
        const body = Buffer.from(html);
        res.writeHead(200, {
          'Content-Type': TYPES['.html']!,
          'Content-Length': body.length,
          'Cache-Control': 'no-store',
          ...SECURITY_HEADERS,
        });
        res.end(method === 'HEAD' ? undefined : body);
        return true;
      }
      let rel: string;
      try {
        rel = decodeURIComponent(path.slice(VIEW_ASSET_PREFIX.length));
      } catch {
        plain(res, 404, 'Not found\n');
        return true;
      }
      const file = resolve(root, rel);
      const type = TYPES[extname(file)];
      if (
        !file.startsWith(root + sep) ||
        !type ||
        rel.includes('\0') ||
        !existsSync(file) ||
        !statSync(file).isFile()
      ) {
        plain(res, 404, 'Not found\n');
        return true;
      }
      const body = read(file);
      res.writeHead(200, {
        'Content-Type': type,
        'Content-Length': body.length,
        'Cache-Control': 'no-cache',
        ...SECURITY_HEADERS,
      });
      res.end(method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
