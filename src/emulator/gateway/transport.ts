/**
 * How gateway messages go out on one connection (facts §8.1): as text
 * frames, or, when the client asked for `compress=zlib-stream`, through one
 * zlib context kept for the whole connection, each message flushed with
 * Z_SYNC_FLUSH (so it ends in 00 00 ff ff) and sent as one binary frame.
 */
import { constants, createDeflate, type Deflate } from 'node:zlib';
import type { WebSocket } from 'ws';

export interface Transport {
  send(text: string): void;
  /** Closes once every message sent before it has gone out. */
  close(code: number, reason: string): void;
  /** The connection is gone: free what the transport holds. */
  dispose(): void;
}

/** The transport compressions the emulator serves, by the query's `compress` value. */
export const TRANSPORT_COMPRESSIONS = ['zlib-stream'] as const;
export type TransportCompression = (typeof TRANSPORT_COMPRESSIONS)[number];

export function transportFor(ws: WebSocket, compression: TransportCompression | undefined): Transport {
  return compression === 'zlib-stream' ? new ZlibStream(ws) : new PlainText(ws);
}

class PlainText implements Transport {
  constructor(private readonly ws: WebSocket) {}
  send(text: string): void {
    this.ws.send(text);
  }
  close(code: number, reason: string): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
  }
  dispose(): void {}
}

class ZlibStream implements Transport {
  private readonly deflate: Deflate = createDeflate();
  private output: Buffer[] = [];
  private inFlight = 0;
  private closing: (() => void) | undefined;
  private disposed = false;

  constructor(private readonly ws: WebSocket) {
    // Flowing from the start: the output of a flush is pushed (as 'data') before the flush's callback runs.
    this.deflate.on('data', (chunk: Buffer) => this.output.push(chunk));
    this.deflate.on('error', () => ws.terminate());
  }

  send(text: string): void {
    if (this.disposed) return;
    this.inFlight += 1;
    this.deflate.write(text);
    this.deflate.flush(constants.Z_SYNC_FLUSH, () => {
      const frame = Buffer.concat(this.output);
      this.output = [];
      if (this.ws.readyState === this.ws.OPEN) this.ws.send(frame, { binary: true });
      this.inFlight -= 1;
      if (this.inFlight === 0) this.closing?.();
    });
  }

  close(code: number, reason: string): void {
    const close = () => {
      if (this.ws.readyState === this.ws.OPEN) this.ws.close(code, reason);
    };
    if (this.inFlight === 0) close();
    else this.closing = close;
  }

  dispose(): void {
    this.disposed = true;
    this.deflate.close();
  }
}
