import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintPath } from '../../src/cli/commands/lint.js';
import { seededRandom } from '../helpers/random.js';
import { testdir } from '../helpers/tmp.js';

/**
 * Hostile manifests, generated from a seed: lint must answer every one with
 * findings (never a throw, never a hang, never a pile of findings that grows
 * with the attack). CMDSYNC_FUZZ_SEED and CMDSYNC_FUZZ_CASES replay or widen a run.
 */
const SEED = Number(process.env.CMDSYNC_FUZZ_SEED ?? 20261124);
const CASES = Number(process.env.CMDSYNC_FUZZ_CASES ?? 150);

type Pick = (n: number) => number;

const FRAGMENTS: Array<(r: Pick) => string> = [
  // Alias chains: width^depth nodes once expanded.
  (r) => {
    const width = 2 + r(9);
    const depth = 2 + r(9);
    const lines = [`x-a0: &a0 [${Array(width).fill('"lol"').join(',')}]`];
    for (let i = 1; i <= depth; i++) lines.push(`x-a${i}: &a${i} [${Array(width).fill(`*a${i - 1}`).join(',')}]`);
    return lines.join('\n');
  },
  // Deep nesting, flow and block.
  (r) => {
    const n = 1 + r(3000);
    return `x-deep: ${'['.repeat(n)}${']'.repeat(n)}`;
  },
  (r) => {
    const n = 1 + r(400);
    let out = 'x-block:';
    for (let i = 0; i < n; i++) out += `\n${'  '.repeat(i + 1)}k:`;
    return out;
  },
  // Numbers JavaScript cannot hold, and special floats.
  (r) => `x-n: ${['1e999', '-1e999', '.inf', '.nan', '99999999999999999999999999', '0x' + 'f'.repeat(40), '-0'][r(7)]}`,
  // Many keys in one mapping.
  (r) => `x-keys:\n${Array.from({ length: 1 + r(3000) }, (_, i) => `  k${i}: ${i}`).join('\n')}`,
  // A long string, in quotes or plain.
  (r) => `x-long: ${r(2) ? '"' : ''}${'x'.repeat(1 + r(200_000))}${r(2) ? '' : ''}`,
  // References to variables, some of them secrets, some malformed.
  (r) => `x-ref: "${['${A', '${DISCORD_TOKEN}', '${X:-${Y}}', '$${LIT}', '${1BAD}', '${' + 'V'.repeat(5000) + '}'][r(6)]}"`,
  // Tags, directives and documents the reader must refuse or read.
  (r) => ['x-tag: !!binary aGVsbG8=', 'x-tag: !custom 1', '%YAML 1.2\n---', '---\n---', 'x-set: !!set { a, b }', 'x-ts: 2001-12-14t21:59:43.10-05:00'][r(6)],
  // Broken syntax.
  (r) => ['x-q: "unterminated', 'x-map: { a: 1, b', 'x-t:\t1', '  - stray', 'x: [1, 2', ': nokey', 'x-a: *undefined'][r(7)],
  // Control characters and odd Unicode.
  (r) => `x-u: "${['\u0007', '\u202e', '\ud800', '\uffff', '\u2028', '\ufeff'][r(6)]}"`,
  // Commands that break many rules at once.
  (r) => `commands:\n${Array.from({ length: 1 + r(150) }, (_, i) => `  - { name: "N ${i}", description: "", type: ${r(9)}, options: [{ type: 99, name: "" }] }`).join('\n')}`,
];

const BASE = ['application_id: "500000000000000001"'];

function hostileManifest(r: Pick): string {
  const parts = [...BASE];
  const n = 1 + r(3);
  for (let i = 0; i < n; i++) parts.push(FRAGMENTS[r(FRAGMENTS.length)](r));
  if (!parts.some((p) => p.startsWith('commands:'))) parts.push('commands: []');
  const text = parts.join('\n') + '\n';
  return r(10) === 0 ? text.replace(/\n/g, '\r\n') : text;
}

describe(`hostile manifests (seed ${SEED}, ${CASES} cases)`, () => {
  it('every one is answered with bounded findings, never a throw', () => {
    const r = seededRandom(SEED);
    const cwd = testdir({});
    for (let i = 0; i < CASES; i++) {
      const text = hostileManifest(r);
      writeFileSync(`${cwd}/cmdsync.yaml`, text);
      let count: number;
      try {
        count = lintPath('cmdsync.yaml', { cwd, env: { A: 'a' } }).diagnostics.length;
      } catch (err) {
        throw new Error(`case ${i} of seed ${SEED} threw: ${(err as Error).stack}\n--- manifest (first 400 chars) ---\n${text.slice(0, 400)}`);
      }
      expect(count, `case ${i} of seed ${SEED}`).toBeLessThan(1200);
    }
  });
});
