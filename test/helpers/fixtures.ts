import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FIXTURES = join(ROOT, 'fixtures');
/** Real-world command sets and service responses (provenance: fixtures/corpus/README.md). */
export const CORPUS = join(FIXTURES, 'corpus');

/**
 * The names of the files in `dir` matching `pattern`, sorted. Throws, naming
 * the directory, when it is missing or holds no such file: a suite built from
 * a listing would otherwise collect zero tests and pass.
 */
export function fixtureFiles(dir: string, pattern: RegExp): string[] {
  if (!existsSync(dir)) throw new Error(`fixture directory not found: ${dir}`);
  const names = readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort();
  if (names.length === 0) throw new Error(`no fixture files matching ${pattern} in ${dir}`);
  return names;
}

export interface Expectation {
  rule: string;
  line: number;
  col: number;
}

/** Each invalid fixture states its finding in a header: `# expect: rule line:col`. */
export function invalidFixtures(): Array<{ name: string; path: string; expect: Expectation[] }> {
  const dir = join(FIXTURES, 'invalid');
  return fixtureFiles(dir, /\.(ya?ml|json)$/).map((f) => {
    const text = readFileSync(join(dir, f), 'utf8');
    const expect = [...text.matchAll(/^# expect: ([a-z-]+) (\d+):(\d+)$/gm)].map((m) => ({
      rule: m[1],
      line: Number(m[2]),
      col: Number(m[3]),
    }));
    return { name: f, path: join(dir, f), expect };
  });
}
