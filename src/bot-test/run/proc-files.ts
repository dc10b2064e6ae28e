/**
 * Reading `/proc/PID/…` files, many at a time: stopping a bot reads every
 * process's `stat` at each look (process-group.ts) and every process's
 * `environ` once (process-mark.ts). Node's readFileSync cannot know the size
 * of a /proc file and reads it through buffers it grows; one buffer kept for
 * every read took 0.42-0.76x its time over ~115 processes (every `stat`,
 * every `environ`, interleaved rounds on a loaded 2-core machine).
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** Grown as a file needs: an `environ` may be as large as the kernel lets exec's arguments be. */
let scratch = Buffer.alloc(64 * 1024);

/**
 * The whole of `/proc/<pid>/<file>`, or undefined when it cannot be read:
 * the process is gone (a zombie's `environ` cannot be read either) or is not
 * the runner's to read. The bytes are overwritten by the next read.
 */
export function readProcFile(pid: string, file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(`/proc/${pid}/${file}`, 'r');
  } catch {
    return undefined;
  }
  let length = 0;
  try {
    for (;;) {
      if (length === scratch.length) scratch = Buffer.concat([scratch, Buffer.alloc(scratch.length)]);
      const read = readSync(fd, scratch, length, scratch.length - length, null);
      if (read === 0) break;
      length += read;
    }
  } catch {
    if (length === 0) return undefined; // Gone before a byte was read.
  } finally {
    closeSync(fd);
  }
  return scratch.subarray(0, length);
}
