import { expect } from 'vitest';
import { parseDocument } from 'yaml';
import { parseBlockYaml } from '../../src/manifest/block-yaml.js';

/**
 * The block reader is a shortcut for the exact parser (`yaml`, with the
 * options source.ts uses): whatever it accepts must read exactly as the
 * exact parser reads it, with no error or warning there. Integers compare as
 * toPlainValue will see them (the exact parser gives every integer as BigInt).
 */
export function exactRead(text: string): { ok: true; value: unknown } | { ok: false } {
  const doc = parseDocument(text, {
    intAsBigInt: true,
    merge: true,
    uniqueKeys: true,
    prettyErrors: false,
    strict: true,
  });
  if (doc.errors.length > 0 || doc.warnings.length > 0) return { ok: false };
  return { ok: true, value: doc.toJS({ maxAliasCount: 1000 }) };
}

export function comparable(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v === 'bigint')
      return Number.isSafeInteger(Number(v)) && BigInt(Number(v)) === v ? Number(v) : `bigint:${v}`;
    if (typeof v === 'number' && Object.is(v, -0)) return '-0';
    if (typeof v === 'number' && !Number.isFinite(v)) return `number:${v}`;
    return v;
  });
}

/** Accepted implies identical to the exact parser; returns whether it was accepted. */
export function agrees(text: string): boolean {
  const fast = parseBlockYaml(text);
  if (fast === undefined) return false;
  const full = exactRead(text);
  if (!full.ok) throw new Error(`accepted a document the exact parser refuses:\n${text}`);
  expect(comparable(fast), text).toBe(comparable(full.value));
  return true;
}

/** One to three random edits (insert a piece, delete, duplicate a line, shift a line's indentation). */
export function mutate(text: string, random: (n: number) => number): string {
  let out = text;
  for (let k = 0, edits = 1 + random(3); k < edits; k++) {
    const at = random(out.length + 1);
    const op = random(4);
    if (op === 0) out = out.slice(0, at) + MUTATION_PIECES[random(MUTATION_PIECES.length)] + out.slice(at);
    else if (op === 1) out = out.slice(0, at) + out.slice(at + 1 + random(3));
    else if (op === 2) {
      const lines = out.split('\n');
      const l = random(lines.length);
      lines.splice(l, 0, lines[random(lines.length)]);
      out = lines.join('\n');
    } else {
      const lines = out.split('\n');
      const l = random(lines.length);
      lines[l] = random(2) === 0 ? ` ${lines[l]}` : lines[l].replace(/^ /, '');
      out = lines.join('\n');
    }
  }
  return out;
}

const MUTATION_PIECES = [
  ' ',
  '  ',
  '-',
  '- ',
  ':',
  ': ',
  '#',
  ' #',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  ',',
  '&a ',
  '*a',
  '!',
  '|',
  '>',
  '?',
  '%',
  '@',
  '\\',
  '\n',
  '\t',
  '0',
  '1e',
  '.',
  '~',
  'x',
  'é',
  '---',
  '\\"',
  "''",
  '\r',
  '\\u0041',
  '...',
  '<<: ',
  'null',
  '0x1',
  '+',
  '.5',
  'e3',
  '\u00a0',
  '\u2028',
  '\ufeff',
];
