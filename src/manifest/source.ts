import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Document, LineCounter } from 'yaml';
import { ManifestReadError } from '../errors.js';
import { yamlLib } from './yaml-lib.js';

/** Larger manifests are refused up front: parsing them would take the hook's whole budget. */
export const MAX_MANIFEST_BYTES = 5 * 1024 * 1024;

/**
 * One manifest file. The YAML document (the source of positions and syntax
 * errors) is parsed on first use: a clean manifest checked on the fast path
 * (see check.ts) never needs it.
 */
export interface SourceFile {
  /** As shown to users: relative to the working directory. */
  readonly display: string;
  readonly absPath: string;
  readonly text: string;
  readonly doc: Document.Parsed;
  readonly lineCounter: LineCounter;
}

export function displayPath(absPath: string, cwd: string): string {
  const rel = relative(cwd, absPath);
  return rel === '' ? absPath : rel.startsWith('..') ? absPath : rel;
}

/**
 * Reads and parses a YAML or JSON file (JSON is read by the YAML parser too,
 * so both get positions). Integers are read as BigInt so snowflakes written
 * unquoted keep every digit; `toPlainValue` decides what they become.
 * Unreadable input is a ManifestReadError; syntax problems stay in `doc.errors`.
 */
export function readSource(path: string, cwd: string): SourceFile {
  const absPath = resolve(cwd, path);
  const display = displayPath(absPath, cwd);
  const buf = readBounded(absPath, display);
  if (buf.includes(0)) throw new ManifestReadError('MANIFEST_BINARY', display, `${display} is a binary file, not YAML or JSON.`);
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  return parseSource(text, absPath, display);
}

/**
 * The file's bytes, refusing what is not a regular file (a directory, a
 * device such as /dev/zero, a FIFO that never ends) and reading at most one
 * byte past the cap from the open descriptor, so a file that grows while it
 * is read, or lies about its size, still cannot exhaust memory.
 */
function readBounded(absPath: string, display: string): Buffer {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO with no writer must not hang before fstat can refuse it.
    fd = openSync(absPath, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ManifestReadError('MANIFEST_NOT_FOUND', display, `${display}: no such file.`);
    if (code === 'EISDIR') throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display} is a directory, not a manifest file.`);
    throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display}: cannot read (${code ?? 'unknown error'}).`);
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display} is a directory, not a manifest file.`);
    if (!st.isFile()) throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display} is not a regular file (a device, pipe or socket); a manifest is a YAML or JSON file.`);
    if (st.size > MAX_MANIFEST_BYTES) throw tooLarge(display, st.size);
    const buf = Buffer.allocUnsafe(Math.min(st.size, MAX_MANIFEST_BYTES) + 1);
    let length = 0;
    for (;;) {
      if (length === buf.length) throw tooLarge(display);
      const n = readSync(fd, buf, length, buf.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return buf.subarray(0, length);
  } catch (err) {
    if (err instanceof ManifestReadError) throw err;
    throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display}: cannot read (${(err as NodeJS.ErrnoException).code ?? 'unknown error'}).`);
  } finally {
    closeSync(fd);
  }
}

/** `size`: what fstat said, when it already said too much; a file that grew while read has none. */
function tooLarge(display: string, size?: number): ManifestReadError {
  const what = size === undefined ? 'larger than that' : `${(size / 1048576).toFixed(1)} MiB`;
  return new ManifestReadError('MANIFEST_TOO_LARGE', display, `${display} is ${what}; manifests are limited to ${MAX_MANIFEST_BYTES / 1048576} MiB a file. Split it with include:.`);
}

export function parseSource(text: string, absPath: string, display: string): SourceFile {
  let parsed: { doc: Document.Parsed; lineCounter: LineCounter } | undefined;
  const parse = (): { doc: Document.Parsed; lineCounter: LineCounter } => {
    if (!parsed) {
      const { LineCounter, parseDocument } = yamlLib();
      const lineCounter = new LineCounter();
      // The parser's own unique-key check compares each key with every earlier
      // one (a mapping of 100,000 keys took minutes); ours is one pass.
      const doc = parseDocument(text, { lineCounter, intAsBigInt: true, merge: true, uniqueKeys: false, prettyErrors: false, strict: true });
      reportDuplicateKeys(doc);
      parsed = { doc, lineCounter };
    }
    return parsed;
  };
  return {
    display,
    absPath,
    text,
    get doc() {
      return parse().doc;
    },
    get lineCounter() {
      return parse().lineCounter;
    },
  };
}

/** Duplicate keys in any mapping, as the parser would report them with `uniqueKeys`, in linear time. */
function reportDuplicateKeys(doc: Document.Parsed): void {
  const { visit, isScalar, YAMLParseError } = yamlLib();
  visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>();
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key;
        if (key === '<<' || key === null || typeof key === 'object') continue;
        const id = typeof key === 'bigint' ? `${key}n` : key;
        if (seen.has(id)) {
          const range = (pair.key as { range?: [number, number, number] }).range;
          doc.errors.push(new YAMLParseError(range ? [range[0], range[1]] : [0, 0], 'DUPLICATE_KEY', 'Map keys must be unique'));
        } else seen.add(id);
      }
    },
  });
}
