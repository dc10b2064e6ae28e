import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseBlockYaml } from '../../src/manifest/block-yaml.js';
import { seededRandom } from '../helpers/random.js';
import { agrees, comparable, exactRead, mutate } from '../helpers/yaml-differential.js';
import { manifest, type Random, type Value } from '../helpers/manifest-generator.js';

/**
 * The block reader is lint's only fast reader, so it must take realistic
 * manifests in every style people write them in (block, the README's
 * one-line flow maps and lists, and a mix) and read them exactly as the
 * exact parser does. Manifests are generated from a fixed seed: commands
 * with subcommands and groups, localizations, choices, permissions, guilds,
 * and scalars that look like numbers, booleans, nulls or comments.
 */

/** A scalar as YAML writes it in a flow collection: plain where the `yaml` library would, else double-quoted. */
function flowScalar(v: Value): string {
  if (typeof v !== 'string') return String(v);
  const plain = stringify(v, { lineWidth: 0 }).trimEnd();
  // The reader declines `#` inside a flow collection's plain scalar (`{ a: C#sharp }`), valid YAML but rare; quoted, it is taken.
  return /[,[\]{}\n#]/.test(plain) || plain.startsWith("'") ? JSON.stringify(v) : plain;
}

const isScalar = (v: Value): boolean => v === null || typeof v !== 'object';
/** What the reader takes on one line: a map of scalars and lists of plain scalars, or a list of scalars. */
const oneLine = (v: Value): boolean =>
  Array.isArray(v)
    ? v.every(isScalar)
    : v !== null &&
      typeof v === 'object' &&
      Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar)));

function flowValue(v: Value): string {
  if (Array.isArray(v)) return `[${v.map(flowValue).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${k}: ${flowValue(x)}`)
      .join(', ')} }`;
  return flowScalar(v);
}

/** Block collections with one-line flow maps and lists wherever `flow(v)` says so. */
function emit(v: Value, indent: string, flow: (v: Value) => boolean): string[] {
  if (Array.isArray(v)) {
    return v.flatMap((item) => {
      if (isScalar(item) || flow(item) || (Array.isArray(item) && item.length === 0))
        return [`${indent}- ${flowValue(item)}`];
      const [first, ...rest] = emit(item, `${indent}  `, flow);
      return [`${indent}- ${first.trimStart()}`, ...rest];
    });
  }
  return Object.entries(v as Record<string, Value>).flatMap(([k, x]) => {
    const key = `${indent}${flowScalar(k)}:`;
    if (isScalar(x) || flow(x) || (Array.isArray(x) && x.length === 0)) return [`${key} ${flowValue(x)}`];
    // A mapping's list may sit at the key's own indentation.
    return [key, ...emit(x, Array.isArray(x) && x.length % 2 === 1 ? indent : `${indent}  `, flow)];
  });
}

const STYLES: Array<[string, (m: Value, random: Random) => string]> = [
  ['block (the yaml library)', (m) => stringify(m, { lineWidth: 0 })],
  ['flow maps and lists (the README)', (m) => `${emit(m, '', oneLine).join('\n')}\n`],
  ['mixed', (m, random) => `${emit(m, '', (v) => oneLine(v) && random(2) === 0).join('\n')}\n`],
];

describe('block YAML reader on generated manifests', () => {
  it.each(STYLES)('reads every manifest in %s style as the exact parser does', (_style, render) => {
    const random = seededRandom(0x5eed26);
    for (let i = 0; i < 300; i++) {
      const value = manifest(random);
      const yaml = render(value, random);
      const exact = exactRead(yaml);
      // The generator's own check: the text says what was generated.
      expect(exact.ok && comparable(exact.value) === comparable(value), yaml).toBe(true);
      // Scalars the reader leaves to the exact parser (tabs, a plain `?q`, .inf, 0x…) decline the file; every other file must be taken.
      const outside = /\t|[:,[{-] (?:\.inf|0x|\?)/m.test(yaml);
      expect(agrees(yaml) || outside, yaml).toBe(true);
    }
  });

  it.each(STYLES)('never disagrees with the exact parser on mutated manifests in %s style', (_style, render) => {
    const random = seededRandom(0x26f1a5);
    let accepted = 0;
    const runs = 1500;
    for (let i = 0; i < runs; i++) if (agrees(mutate(render(manifest(random), random), random))) accepted++;
    // Most mutations break the document or leave the subset; enough must stay inside it for the comparison to mean something.
    expect(accepted).toBeGreaterThan(runs / 20);
  });

  it('declines what it does not cover rather than guess', () => {
    expect(parseBlockYaml('commands:\n  - { name: a, options: [\n    { type: string }] }\n')).toBeUndefined();
  });
});
