/**
 * Issue 40 item 4, suppression comments: each finding was tried against every
 * file-wide comment, so a file of n comments and n findings cost n². Each
 * line's comments are now one set: twice the comments and findings, about
 * twice the time (fastest of several rounds, CPU time, as linear-rules.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/manifest/diagnostic.js';
import { parseSource } from '../../src/manifest/source.js';
import { applySuppressions } from '../../src/manifest/suppress.js';

/** n file-wide comments, each for a rule of its own, and n findings of other rules: none suppressed, every comment looked at. */
function input(n: number) {
  const text = Array.from({ length: n }, (_, i) => `# cmdsync-disable-file rule-${i}`).join('\n');
  const file = parseSource(text, '/x/cmdsync.yaml', 'cmdsync.yaml');
  const found: Diagnostic[] = Array.from({ length: n }, (_, i) => ({
    file: 'cmdsync.yaml',
    line: i + 1,
    col: 1,
    endLine: i + 1,
    endCol: 1,
    severity: 'error',
    rule: `other-${i}`,
    message: 'm',
  }));
  return { file, found };
}

function fastest(n: number, rounds: number): number {
  const { file, found } = input(n);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < rounds; r++) {
    const started = process.cpuUsage();
    const kept = applySuppressions(found, [file]);
    const used = process.cpuUsage(started);
    expect(kept).toHaveLength(n);
    best = Math.min(best, (used.user + used.system) / 1000);
  }
  return best;
}

describe('suppression comments are linear in the comments and the findings (issue 40 item 4)', () => {
  it('twice the file-wide comments and findings, about twice the time', () => {
    const { file, found } = input(3);
    // The comments work: a finding of a rule a comment names is dropped.
    expect(applySuppressions([...found, { ...found[0], rule: 'rule-1' }], [file])).toHaveLength(3);
    const n = fastest(4_000, 9);
    const twice = fastest(8_000, 9);
    expect(twice / n, `n: ${n.toFixed(1)} ms, 2n: ${twice.toFixed(1)} ms`).toBeLessThan(3);
  }, 120_000);
});
