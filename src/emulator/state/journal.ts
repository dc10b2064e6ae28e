/**
 * The journal next to a data file: one line per acknowledged write, each a
 * JSON record `{"s":serial,"c":[...]}` where every change is
 * `[collection, key, value]` (the entry as it now is), `[collection, key]`
 * (deleted) or `[collection, null, value]` (the whole collection). Records
 * hold values, not operations, so replaying one twice is harmless: recovery
 * need not know exactly where a snapshot and the journal overlap, only skip
 * records whose serial the snapshot already has.
 *
 * JSON.stringify escapes every line break inside strings, so a record is
 * always one line and a newline ends it. A kill during an append leaves a
 * last line without its newline: that write was never acknowledged and is
 * ignored. Any other line that does not read back is damage, and refused.
 */
import { COLLECTIONS, type Change, type CollectionName } from './change-tracker.js';
import type { World } from './world.js';
import type { Obj } from '../../wire/rules/values.js';

export interface JournalRecord {
  serial: number;
  changes: Array<[CollectionName, string, unknown] | [CollectionName, string] | [CollectionName, null, unknown]>;
}

/** A journal line that does not read back; `line` is 1-based. */
export class JournalDamage extends Error {
  constructor(
    readonly line: number,
    reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** The record for one write, newline included. Values are serialised once, by the change tracker when it compared. */
export function encodeRecord(serial: number, changes: readonly Change[]): string {
  const parts: string[] = [];
  for (const c of changes) {
    const head = `${JSON.stringify(c.collection)},${c.key === null ? 'null' : JSON.stringify(c.key)}`;
    if (c.value === undefined) parts.push(`[${head}]`);
    else parts.push(`[${head},${c.json ?? JSON.stringify(c.value)}]`);
  }
  return `{"s":${serial},"c":[${parts.join(',')}]}\n`;
}

const isCollection = (v: unknown): v is CollectionName =>
  typeof v === 'string' && (COLLECTIONS as readonly string[]).includes(v);

function decodeRecord(line: string, lineNo: number): JournalRecord {
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    throw new JournalDamage(lineNo, 'not valid JSON');
  }
  const r = parsed as { s?: unknown; c?: unknown };
  if (typeof r !== 'object' || r === null || !Number.isSafeInteger(r.s) || !Array.isArray(r.c))
    throw new JournalDamage(lineNo, 'not a journal record');
  for (const change of r.c) {
    const ok =
      Array.isArray(change) &&
      isCollection(change[0]) &&
      ((typeof change[1] === 'string' && (change.length === 2 || change.length === 3)) ||
        (change[1] === null && change.length === 3 && typeof change[2] === 'object' && change[2] !== null));
    if (!ok) throw new JournalDamage(lineNo, 'a change is not [collection, key, value?]');
  }
  return { serial: r.s as number, changes: r.c as JournalRecord['changes'] };
}

/** The complete records of a journal's text; a torn last line (no newline) is left out. */
export function readRecords(text: string): { records: JournalRecord[]; tornBytes: number } {
  const end = text.lastIndexOf('\n') + 1;
  const records: JournalRecord[] = [];
  let lineNo = 0;
  let start = 0;
  while (start < end) {
    const nl = text.indexOf('\n', start);
    lineNo++;
    const line = text.slice(start, nl);
    start = nl + 1;
    if (line.length > 0) records.push(decodeRecord(line, lineNo));
  }
  return { records, tornBytes: Buffer.byteLength(text.slice(end)) };
}

/** Applies the records a snapshot does not have yet (serial above the world's). Returns how many applied. */
export function replay(world: World, records: readonly JournalRecord[]): number {
  let applied = 0;
  for (const record of records) {
    if (record.serial <= world.serial) continue;
    for (const [collection, key, ...rest] of record.changes) {
      if (key === null) Object.assign(world, { [collection]: rest[0] });
      else if (rest.length === 0) delete (world[collection] as Obj)[key];
      // Defined, not assigned: a key such as "__proto__" stays an entry.
      else
        Object.defineProperty(world[collection], key, {
          value: rest[0],
          writable: true,
          enumerable: true,
          configurable: true,
        });
    }
    world.serial = record.serial;
    applied++;
  }
  return applied;
}
