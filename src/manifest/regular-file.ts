import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';

/**
 * Why a path cannot be read as a file of at most a given size: it does not
 * exist, it is a directory, it is not a regular file (a device such as
 * /dev/zero that never ends, a FIFO whose open blocks until a writer comes,
 * a socket), it is too large (`size`: what stat said; none when the file grew
 * while read), or the system refused it (`code`).
 */
export type FileRefusal =
  | { kind: 'missing' }
  | { kind: 'directory' }
  | { kind: 'not-regular' }
  | { kind: 'too-large'; size?: number }
  | { kind: 'unreadable'; code: string };

function refusalOf(
  st: { isFile(): boolean; isDirectory(): boolean; size: number },
  maxBytes: number,
): FileRefusal | undefined {
  if (st.isDirectory()) return { kind: 'directory' };
  if (!st.isFile()) return { kind: 'not-regular' };
  if (st.size > maxBytes) return { kind: 'too-large', size: st.size };
  return undefined;
}

function errnoRefusal(err: unknown): FileRefusal {
  const code = (err as NodeJS.ErrnoException).code ?? 'unknown error';
  if (code === 'ENOENT') return { kind: 'missing' };
  if (code === 'EISDIR') return { kind: 'directory' };
  return { kind: 'unreadable', code };
}

/** The check without opening the file (a check must never block on a FIFO); links are followed. */
export function checkRegularFile(absPath: string, maxBytes: number): FileRefusal | undefined {
  try {
    return refusalOf(statSync(absPath), maxBytes);
  } catch (err) {
    return errnoRefusal(err);
  }
}

/**
 * The file's bytes, or why not. Opened non-blocking (a FIFO with no writer
 * opens at once and is then refused by fstat), and read at most one byte
 * past the cap from the open descriptor, so a file that grows while it is
 * read, or lies about its size, still cannot exhaust memory.
 */
export function readRegularFile(absPath: string, maxBytes: number): { bytes: Buffer } | { refusal: FileRefusal } {
  let fd: number;
  try {
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    return { refusal: errnoRefusal(err) };
  }
  try {
    const st = fstatSync(fd);
    const refusal = refusalOf(st, maxBytes);
    if (refusal) return { refusal };
    const buf = Buffer.allocUnsafe(Math.min(st.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      if (length === buf.length) return { refusal: { kind: 'too-large' } };
      const n = readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return { bytes: buf.subarray(0, length) };
  } catch (err) {
    return { refusal: errnoRefusal(err) };
  } finally {
    closeSync(fd);
  }
}
