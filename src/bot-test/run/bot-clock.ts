/**
 * The runner's private channel to the bot's clock (issue 38): a loopback
 * TCP port the clock shims (shims/node/cmdsync-clock.cjs,
 * shims/python/cmdsync_clock.py) connect to, named to the bot by
 * CMDSYNC_CLOCK as `host:port:token`. Newline-delimited JSON: a process
 * says `{hello: token, runtime, pid}` first (anything else, or a wrong
 * token, is closed); the runner asks `{id, op: 'next'}` (ms until the
 * process's next timer of the bot's, or null) and orders
 * `{id, op: 'advance', ms}` (answered once the timers that fell due have
 * begun). Every process of the bot that loads a shim is a peer: a wrapper
 * (`npm start`) and the bot itself move together.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import type { Obj } from '../../wire/rules/values.js';
import type { ClockReach } from '../model.js';

/** The bot's clock as the session holds it: the channel its shims reach, or why it is not driven. */
export interface BotClockState {
  channel?: BotClockChannel;
  /** The file said `bot.clock: real`: advance moves only the emulator's clock. */
  real: boolean;
  /** What the file's advance steps moved. */
  reached: Set<ClockReach>;
}

/** A process of the bot whose clock the runner drives. */
export interface ClockPeer {
  runtime: string;
  pid: number;
}

/** A line longer than this is not the shims' protocol: the connection is closed. */
const MAX_LINE = 4096;
/** How long a peer may take to answer before the advance is given up as the bot's fault. */
const ANSWER_MS = 10_000;
/** How long a process may stay connected without saying who it is. */
const HELLO_MS = 5_000;

export class BotClockError extends Error {
  readonly code = 'BOT_CLOCK';
}

interface Peer extends ClockPeer {
  socket: Socket;
  waiting: Map<number, (answer: Obj) => void>;
}

export class BotClockChannel {
  private readonly peersNow = new Set<Peer>();
  private nextId = 0;
  private moved = 0;

  private constructor(
    private readonly server: Server,
    readonly address: string,
    private readonly token: string,
  ) {}

  static open(): Promise<BotClockChannel> {
    const token = randomBytes(18).toString('base64url');
    const server = createServer();
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        const port = (server.address() as { port: number }).port;
        const channel = new BotClockChannel(server, `127.0.0.1:${port}:${token}`, token);
        server.on('connection', (socket) => channel.accept(socket));
        server.unref();
        resolve(channel);
      });
    });
  }

  /** The processes whose clock is driven now. */
  peers(): ClockPeer[] {
    return [...this.peersNow].map(({ runtime, pid }) => ({ runtime, pid }));
  }

  /** How far the bot's clock has been moved since it started: where the emulator's clock must stand beside it. */
  get offsetMs(): number {
    return this.moved;
  }

  /** A new bot process: its clock starts at real time again. */
  forget(): void {
    for (const peer of this.peersNow) peer.socket.destroy();
    this.peersNow.clear();
    this.moved = 0;
  }

  /** ms until the soonest timer of any peer, undefined when none waits. */
  async next(): Promise<number | undefined> {
    const answers = await Promise.all([...this.peersNow].map((p) => this.ask(p, { op: 'next' })));
    const due = answers.map((a) => a?.next).filter((n): n is number => typeof n === 'number' && Number.isFinite(n));
    return due.length > 0 ? Math.max(0, Math.min(...due)) : undefined;
  }

  /** Moves every peer's clock `ms` forward; resolves once each has begun what fell due. */
  async advance(ms: number): Promise<void> {
    await Promise.all([...this.peersNow].map((p) => this.ask(p, { op: 'advance', ms })));
    this.moved += ms;
  }

  close(): Promise<void> {
    this.forget();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private accept(socket: Socket): void {
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    let peer: Peer | undefined;
    let buffered = '';
    const hello = setTimeout(() => socket.destroy(), HELLO_MS);
    socket.on('data', (chunk: string) => {
      buffered += chunk;
      for (let end = buffered.indexOf('\n'); end >= 0; end = buffered.indexOf('\n')) {
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 1);
        const said = parseLine(line);
        if (peer) peer.waiting.get(Number(said?.id))?.(said ?? {});
        else if (said?.hello === this.token) {
          clearTimeout(hello);
          peer = { runtime: String(said.runtime ?? 'unknown'), pid: Number(said.pid), socket, waiting: new Map() };
          this.peersNow.add(peer);
        } else return socket.destroy();
      }
      if (buffered.length > MAX_LINE) socket.destroy();
    });
    socket.on('close', () => {
      clearTimeout(hello);
      if (!peer) return;
      this.peersNow.delete(peer);
      // A peer that is gone answers nothing: whatever waited on it goes on without it.
      for (const wake of peer.waiting.values()) wake({});
    });
  }

  private ask(peer: Peer, order: Obj): Promise<Obj | undefined> {
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        peer.waiting.delete(id);
        reject(
          new BotClockError(
            `the bot's clock (${peer.runtime}, pid ${peer.pid}) did not answer within ${ANSWER_MS / 1000}s: is its event loop blocked?`,
          ),
        );
      }, ANSWER_MS);
      peer.waiting.set(id, (answer) => {
        clearTimeout(timer);
        peer.waiting.delete(id);
        resolve(answer);
      });
      peer.socket.write(`${JSON.stringify({ ...order, id })}\n`);
    });
  }
}

function parseLine(line: string): Obj | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value !== null && typeof value === 'object' ? (value as Obj) : undefined;
  } catch {
    return undefined;
  }
}
