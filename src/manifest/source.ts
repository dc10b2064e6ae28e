import { relative, resolve } from 'node:path';
import type { Document, LineCounter } from 'yaml';
import { ManifestReadError } from '../errors.js';
import { readRegularFile } from './regular-file.js';
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
  if (buf.includes(0))
    throw new ManifestReadError('MANIFEST_BINARY', display, `${display} is a binary file, not YAML or JSON.`);
  const text = buf.toString('utf8').replace(/^\uFEFF/, '');
  return parseSource(text, absPath, display);
}

/** The file's bytes, refusing what is not a regular file of at most MAX_MANIFEST_BYTES (regular-file.ts). */
function readBounded(absPath: string, display: string): Buffer {
  const read = readRegularFile(absPath, MAX_MANIFEST_BYTES);
  if ('bytes' in read) return read.bytes;
  const r = read.refusal;
  switch (r.kind) {
    case 'missing':
      throw new ManifestReadError('MANIFEST_NOT_FOUND', display, `${display}: no such file.`);
    case 'directory':
      throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display} is a directory, not a manifest file.`);
    case 'not-regular':
      throw new ManifestReadError(
        'MANIFEST_UNREADABLE',
        display,
        `${display} is not a regular file (a device, pipe or socket); a manifest is a YAML or JSON file.`,
      );
    case 'too-large':
      throw tooLarge(display, r.size);
    case 'unreadable':
      throw new ManifestReadError('MANIFEST_UNREADABLE', display, `${display}: cannot read (${r.code}).`);
  }
}

/** `size`: what fstat said, when it already said too much; a file that grew while read has none. */
function tooLarge(display: string, size?: number): ManifestReadError {
  const what = size === undefined ? 'larger than that' : `${(size / 1048576).toFixed(1)} MiB`;
  return new ManifestReadError(
    'MANIFEST_TOO_LARGE',
    display,
    `${display} is ${what}; manifests are limited to ${MAX_MANIFEST_BYTES / 1048576} MiB a file. Split it with include:.`,
  );
}

export function parseSource(text: string, absPath: string, display: string): SourceFile {
  let parsed: { doc: Document.Parsed; lineCounter: LineCounter } | undefined;
  const parse = (): { doc: Document.Parsed; lineCounter: LineCounter } => {
    if (!parsed) {
      const { LineCounter, parseDocument } = yamlLib();
      const lineCounter = new LineCounter();
      // The parser's own unique-key check compares each key with every earlier
      // one (a mapping of 100,000 keys took minutes); ours is one pass.
      const doc = parseDocument(text, {
        lineCounter,
        intAsBigInt: true,
        merge: true,
        uniqueKeys: false,
        prettyErrors: false,
        strict: true,
      });
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
          doc.errors.push(
            new YAMLParseError(range ? [range[0], range[1]] : [0, 0], 'DUPLICATE_KEY', 'Map keys must be unique'),
          );
        } else seen.add(id);
      }
    },
  });
}
