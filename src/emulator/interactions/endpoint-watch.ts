/**
 * The check of an interactions endpoint URL, repeated until it passes: at
 * start the bot is often not up yet, or still holds the key of an earlier
 * run (a new emulator prints a new public key), so a single check would
 * always fail the first time. Re-checks back off and stop after a bounded
 * time; a result is reported when it differs from the last one reported.
 */
import type { EndpointCheck } from './deliver.js';

/** Waits between checks: quick at first (the bot is starting), then every 15 s, about 2 minutes in all. */
export const WATCH_DELAYS_MS: readonly number[] = [
  500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000, 15_000,
];

export interface EndpointWatchReport {
  check: EndpointCheck;
  /** No more checks follow: it passed, or the time is up. */
  final: boolean;
}

/** Runs `check` until it passes or `delaysMs` run out; `stop()` ends it early (the emulator closing). */
export function watchEndpoint(
  check: () => Promise<EndpointCheck>,
  report: (r: EndpointWatchReport) => void,
  delaysMs: readonly number[] = WATCH_DELAYS_MS,
): { stop(): void; done: Promise<void> } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref?.();
    });
  const done = (async () => {
    let last: string | undefined;
    for (let i = 0; ; i++) {
      const r = await check();
      if (stopped) return;
      const final = r.ok || i >= delaysMs.length;
      const said = JSON.stringify([r.ok, r.problems]);
      if (final || said !== last) report({ check: r, final });
      last = said;
      if (final) return;
      await sleep(delaysMs[i]!);
      if (stopped) return;
    }
  })();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
    },
    done,
  };
}
