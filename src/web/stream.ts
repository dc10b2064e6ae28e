/**
 * The live feed (`/__emulator/view/stream`, server-sent events) read with
 * fetch, which can send the control token header, and parsed here.
 * Reconnects after a second when the emulator restarts or the stream drops.
 */
import { CONTROL, controlHeaders } from './api.js';
import type { StreamEntry } from '../emulator/view/activity-types.js';

export type { StreamEntry };

export type StreamStatus = 'live' | 'reconnecting';

export function openStream(onEntry: (e: StreamEntry) => void, onStatus: (s: StreamStatus) => void): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  const run = async (): Promise<void> => {
    while (!stopped) {
      controller = new AbortController();
      try {
        const res = await fetch(`${CONTROL}/view/stream`, { headers: controlHeaders(), signal: controller.signal });
        if (!res.ok || !res.body) throw new Error(`stream: HTTP ${res.status}`);
        onStatus('live');
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .map((l) => l.slice(6))
              .join('\n');
            if (data) onEntry(JSON.parse(data) as StreamEntry);
          }
        }
      } catch {
        // Dropped or refused: try again below.
      }
      if (stopped) return;
      onStatus('reconnecting');
      await new Promise((r) => setTimeout(r, 1000));
    }
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
