/**
 * The web view's live feed: `GET /__emulator/view/stream` answers
 * `text/event-stream` and sends every activity entry as it happens (message
 * entries with the message, so the channel view updates without a reload).
 * The page reads it with fetch, which can send the control token header
 * (EventSource cannot). At most `MAX_STREAMS` at a time; a comment every
 * 15 s keeps proxies and the browser from closing an idle stream.
 */
import type { ServerResponse } from 'node:http';
import type { ActivityLog } from './activity.js';
import type { StreamEntry } from './activity-types.js';

export const MAX_STREAMS = 16;
/** A reader this far behind (a tab frozen in the background) is cut off rather than buffered without end. */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;
const KEEPALIVE_MS = 15_000;

export class ViewStreams {
  private readonly open = new Set<ServerResponse>();

  constructor(private readonly log: ActivityLog) {}

  /** Starts a stream on `res`; false when too many are open (the caller answers 429). */
  start(res: ServerResponse): boolean {
    if (this.open.size >= MAX_STREAMS) return false;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
    });
    res.write(': cmdsync emulator\n\n');
    const stop = this.log.listen((entry, note) => {
      const data: StreamEntry = note?.kind === 'message' ? { ...entry, message: note.message } : entry;
      if (res.writableLength > MAX_BACKLOG_BYTES) return void res.destroy();
      res.write(`id: ${entry.seq}\ndata: ${JSON.stringify(data)}\n\n`);
    });
    const timer = setInterval(() => res.write(': keep-alive\n\n'), KEEPALIVE_MS);
    timer.unref();
    this.open.add(res);
    res.once('close', () => {
      stop();
      clearInterval(timer);
      this.open.delete(res);
    });
    return true;
  }

  closeAll(): void {
    for (const res of this.open) res.end();
  }
}
