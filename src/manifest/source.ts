import { readFileSync, statSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { ManifestReadError } from '../errors.js';

/** Larger manifests are refused up front: parsing them would take the hook's whole budget. */
export const MAX_MANIFEST_BYTES = 5 * 1024 * 1024;

/** One manifest file, parsed, with what is needed to point at any node in it. */
export interface SourceFile {
  /** As shown to users: relative to the working directory. */
  display: string;
  absPath: string;
  text: string;
  doc: Document.Parsed;
  lineCounter: LineCounter;
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
  let size: number;
  try {
    const st = statSync(absPath);
    if (st.isDirectory()) throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display} is a directory, not a manifest file.`);
    size = st.size;
  } catch (err) {
    if (err instanceof ManifestReadError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ManifestReadError('MANIFEST_NOT_FOUND', display, `${display}: no such file.`);
    throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display}: cannot read (${code ?? 'unknown error'}).`);
  }
  if (size > MAX_MANIFEST_BYTES) {
    throw new ManifestReadError('MANIFEST_TOO_LARGE', display, `${display} is ${(size / 1048576).toFixed(1)} MiB; manifests are limited to ${MAX_MANIFEST_BYTES / 1048576} MiB. Split it with include:.`);
  }
  let buf: Buffer;
  try {
    buf = readFileSync(absPath);
  } catch (err) {
    throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display}: cannot read (${(err as NodeJS.ErrnoException).code ?? 'unknown error'}).`);
  }
  if (buf.includes(0)) throw new ManifestReadError('MANIFEST_BINARY', display, `${display} is a binary file, not YAML or JSON.`);
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  return parseSource(text, absPath, display);
}

export function parseSource(text: string, absPath: string, display: string): SourceFile {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, {
    lineCounter,
    intAsBigInt: true,
    merge: true,
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
  });
  return { display, absPath, text, doc, lineCounter };
}
