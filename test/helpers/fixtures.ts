import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FIXTURES = join(ROOT, 'fixtures');
export const SHARED = resolve(ROOT, '../shared');

export interface Expectation {
  rule: string;
  line: number;
  col: number;
}

/** Each invalid fixture states its finding in a header: `# expect: rule line:col`. */
export function invalidFixtures(): Array<{ name: string; path: string; expect: Expectation[] }> {
  const dir = join(FIXTURES, 'invalid');
  return readdirSync(dir)
    .filter((f) => /\.(ya?ml|json)$/.test(f))
    .sort()
    .map((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      const expect = [...text.matchAll(/^# expect: ([a-z-]+) (\d+):(\d+)$/gm)].map((m) => ({ rule: m[1], line: Number(m[2]), col: Number(m[3]) }));
      return { name: f, path: join(dir, f), expect };
    });
}
