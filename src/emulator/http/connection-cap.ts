/**
 * The per-address connection cap, made so that one client cannot shut out
 * the others. Everything local arrives from 127.0.0.1, so a cap that refused
 * the newest connection let one slow client holding the cap's worth of
 * connections (slowloris) fail every other local client's requests. Here a
 * new connection over the cap closes instead the connection that is making
 * the least progress, in this order:
 *   1. one that has never been answered and holds no whole request (slow
 *      head, slow body, or silent since it opened), oldest first;
 *   2. an idle keep-alive connection, least recently answered first (what
 *      the keep-alive timeout would close anyway);
 *   3. one dribbling the body of a later request, least recently answered first.
 * A connection whose whole request has arrived (it is being answered) is
 * never closed; only when every connection of the address is such a one is
 * the new connection refused. Slow connections still end at the head and
 * request timeouts.
 *
 * A connection upgraded to a WebSocket (a bot's gateway session) is no longer
 * an HTTP connection: it leaves the count when it upgrades and is never closed
 * for HTTP pressure (the gateway bounds its own connections). Counted, it was
 * one "never answered", so a client holding the cap's worth of connections
 * cut every bot off the gateway.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

interface Tracked {
  socket: Socket;
  /** When it opened, then when its latest answer finished. */
  lastProgress: number;
  answered: boolean;
  /** The request being received or answered. */
  request?: IncomingMessage;
}

/** Lower goes first; undefined: never closed to make room. */
function evictionRank(c: Tracked): number | undefined {
  if (c.request?.complete) return undefined;
  if (!c.answered) return 1;
  return c.request ? 3 : 2;
}

function victim(list: Iterable<Tracked>): Tracked | undefined {
  let best: Tracked | undefined;
  let bestRank = Infinity;
  for (const c of list) {
    const rank = evictionRank(c);
    if (rank === undefined) continue;
    if (rank < bestRank || (rank === bestRank && c.lastProgress < best!.lastProgress)) {
      best = c;
      bestRank = rank;
    }
  }
  return best;
}

/** Tracks connections from now on; the function returned is to be called with each request as it arrives. */
export function capConnectionsPerClient(
  server: Server,
  max: number,
  now: () => number = performance.now.bind(performance),
): (req: IncomingMessage, res: ServerResponse) => void {
  const byAddress = new Map<string, Set<Tracked>>();
  const bySocket = new WeakMap<Socket, Tracked>();
  const forget = (tracked: Tracked, address: string) => {
    bySocket.delete(tracked.socket);
    const set = byAddress.get(address);
    set?.delete(tracked);
    if (set?.size === 0) byAddress.delete(address);
  };
  // Before the gateway's own listener: the socket is out of the count whatever the gateway does with it.
  server.prependListener('upgrade', (req: IncomingMessage) => {
    const tracked = bySocket.get(req.socket);
    if (tracked) forget(tracked, req.socket.remoteAddress ?? '');
  });
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    let open = byAddress.get(address);
    if (!open) byAddress.set(address, (open = new Set()));
    if (open.size >= max) {
      const out = victim(open);
      if (!out) {
        socket.destroy();
        return;
      }
      open.delete(out);
      out.socket.destroy();
    }
    const tracked: Tracked = { socket, lastProgress: now(), answered: false };
    open.add(tracked);
    bySocket.set(socket, tracked);
    socket.once('close', () => forget(tracked, address));
  });
  // One listener for every response (it finds its connection through the request), not a closure per request.
  function finished(this: ServerResponse): void {
    const tracked = bySocket.get(this.req.socket);
    if (!tracked) return;
    tracked.request = undefined;
    tracked.answered = true;
    tracked.lastProgress = now();
  }
  // Called from the server's own request listener: a second 'request' listener makes every emit copy the listener list.
  return (req, res) => {
    const tracked = bySocket.get(req.socket);
    if (!tracked) return;
    tracked.request = req;
    res.on('finish', finished);
  };
}
