import WebSocket from 'ws';

export interface Frame {
  op: number;
  d: any;
  s: number | null;
  t: string | null;
}

/**
 * A raw gateway client for tests: every frame received is kept in order, and
 * `next`/`waitFor` read them; `closed` settles with the close code.
 */
export class RawGateway {
  readonly frames: Frame[] = [];
  readonly ws: WebSocket;
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly opened: Promise<void>;
  private cursor = 0;
  private waiters: Array<() => void> = [];

  constructor(url: string) {
    this.ws = new WebSocket(url);
    this.opened = new Promise((resolve, reject) => {
      this.ws.once('open', () => resolve());
      this.ws.once('error', reject);
    });
    this.closed = new Promise((resolve) =>
      this.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    this.ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const w of this.waiters.splice(0)) w();
    });
    this.ws.on('error', () => undefined);
  }

  send(payload: unknown): void {
    this.ws.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  /** The next frame not yet read that matches, waiting up to `ms`. */
  async waitFor(match: (f: Frame) => boolean, ms = 3000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        if (match(this.frames[i]!)) {
          this.cursor = i + 1;
          return this.frames[i]!;
        }
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching frame within ${ms} ms; got ${JSON.stringify(this.frames.map((f) => [f.op, f.t, f.s]))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  dispatch(t: string, ms?: number): Promise<Frame> {
    return this.waitFor((f) => f.op === 0 && f.t === t, ms);
  }

  /** Frames of this kind received so far. */
  seen(t: string): Frame[] {
    return this.frames.filter((f) => f.op === 0 && f.t === t);
  }
}

export function identify(token: string, intents: number, extra: Record<string, unknown> = {}) {
  return { op: 2, d: { token, intents, properties: { os: 'linux', browser: 'test', device: 'test' }, ...extra } };
}

/** A client connected to `gatewayUrl + query`, identified with `intents`, its READY and GUILD_CREATEs read. */
export async function readyClient(
  gatewayUrl: string,
  token: string,
  intents: number,
  query = '?v=10&encoding=json',
  extra: Record<string, unknown> = {},
): Promise<{ c: RawGateway; ready: Frame }> {
  const c = new RawGateway(gatewayUrl + query);
  await c.opened;
  await c.waitFor((f) => f.op === 10);
  c.send(identify(token, intents, extra));
  const ready = await c.dispatch('READY');
  if (intents & 1) for (let i = 0; i < ready.d.guilds.length; i++) await c.dispatch('GUILD_CREATE');
  return { c, ready };
}
