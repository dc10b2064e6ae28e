import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { EMULATOR_MARKER_HEADER } from '../../src/wire/emulator-control.js';

/**
 * A loopback stand-in for the real service: the emulator behind a proxy that
 * drops the header by which cmdsync knows an emulator, so a plan judges by
 * the manifest's limits and the lock file, as against the service, and the
 * emulator's own refusals arrive during apply.
 */
export async function unmarked(target: RunningEmulator): Promise<{ url: string; close(): Promise<void> }> {
  const upstream = new URL(target.url);
  const proxy = createServer((req, res) => {
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const headers = { ...answer.headers };
        delete headers[EMULATOR_MARKER_HEADER];
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${upstream.pathname}`,
    close: () =>
      new Promise<void>((r) => {
        proxy.closeAllConnections();
        proxy.close(() => r());
      }),
  };
}
