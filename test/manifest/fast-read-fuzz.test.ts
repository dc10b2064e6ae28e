import { describe, expect, it } from 'vitest';
import { corpusManifest, STYLES as WRITERS } from '../../bench/manifest-styles.mjs';
import { fastParse } from '../../src/manifest/fast-parse.js';
import { manifest } from '../helpers/manifest-generator.js';
import { seededRandom } from '../helpers/random.js';
import { comparable, exactRead, mutate } from '../helpers/yaml-differential.js';
import { ROOT } from '../helpers/fixtures.js';

/**
 * The fast readers (fast-parse.ts) against the exact parser, the way parsers
 * are proven: random manifests written in every style people write
 * (bench/manifest-styles.mjs, which the start-up bench measures), and the
 * corpus's real command sets in each. Whatever the fast path returns must be
 * exactly what the exact parser returns; a file it declines goes to the
 * exact parser, which is correct but slow, so every style must be read
 * (0 declined), and mutated files must agree or be declined.
 */

const STYLES = WRITERS as Array<[string, (value: unknown, random: (n: number) => number) => string]>;
const OUTSIDE = /\t|[:,[{-] (?:\.inf|0x|\?)/;

/** What lint's fast path reads: the text after source.ts drops a byte-order mark. */
function fast(text: string, style: string): unknown {
  return fastParse(text.replace(/^\uFEFF/, ''), style === 'JSON');
}

describe.each(STYLES)('fast readers, %s style', (style, write) => {
  it('read every generated manifest and the corpus exactly as the exact parser does', () => {
    const random = seededRandom(0x39f00d);
    const values = [corpusManifest(ROOT), ...Array.from({ length: 150 }, () => manifest(random))];
    let declined = 0;
    for (const value of values) {
      const text = write(value, random);
      const exact = exactRead(text);
      // The writer's own check: the text says what was generated.
      expect(exact.ok && comparable(exact.value) === comparable(value), text).toBe(true);
      const read = fast(text, style) as { value: unknown } | undefined;
      // Left to the exact parser by design (see block-yaml.ts): a raw tab, a plain `?q`, .inf, 0x….
      if (read === undefined && OUTSIDE.test(text)) continue;
      if (read === undefined) declined++;
      else expect(comparable(read.value), text).toBe(comparable(value));
    }
    expect(declined / values.length).toBe(0);
  });

  it('never disagrees with the exact parser on mutated manifests', () => {
    const random = seededRandom(0x39bad);
    let taken = 0;
    const runs = 400;
    for (let i = 0; i < runs; i++) {
      const text = mutate(write(manifest(random), random), random);
      const read = fast(text, style) as { value: unknown } | undefined;
      if (read === undefined) continue;
      const exact = exactRead(text);
      // The fast path may take a file the exact parser warns about only if the values agree; an error it must decline.
      expect(exact.ok, `taken, but the exact parser refuses it:\n${text}`).toBe(true);
      if (exact.ok) expect(comparable(read.value), text).toBe(comparable(exact.value));
      taken++;
    }
    expect(taken).toBeGreaterThan(runs / 20);
  });
});
