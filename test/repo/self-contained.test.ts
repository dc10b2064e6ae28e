/**
 * A fresh clone must pass its tests in any directory (issue 11): tests,
 * benches and scripts read data only from inside the repository, and a
 * data-driven suite whose data is missing fails instead of collecting nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS, ROOT, fixtureFiles } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

function sources(dir: string): string[] {
  return (readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => /\.(c|m)?(t|j)s$/.test(f) || f.endsWith('.sh'))
    .map((f) => join(ROOT, dir, f));
}

describe('the repository is self-contained', () => {
  // The reference material lived in a shared folder beside the worktree;
  // a clone anywhere else has neither.
  const outside = /\/work\/|['"`]\.\.\/shared\b|\bSHARED\b/;

  it.each(['test', 'bench', 'scripts'])('%s/ reads nothing from outside the repository', (dir) => {
    const offenders = sources(dir)
      .filter((f) => f !== import.meta.filename)
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${relative(ROOT, f)}:${i + 1}`, line }))
          .filter(({ line }) => outside.test(line)),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(offenders).toEqual([]);
  });

  it('every corpus file has its provenance in fixtures/corpus/README.md', () => {
    const readme = readFileSync(join(CORPUS, 'README.md'), 'utf8');
    const files = ['real-defs', 'real-get'].flatMap((kind) =>
      fixtureFiles(join(CORPUS, kind), /\.json$/).map((f) => `${kind}/${f}`),
    );
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(files.filter((f) => !readme.includes(f))).toEqual([]);
    for (const f of files) {
      const { source, license_note, commands } = JSON.parse(readFileSync(join(CORPUS, f), 'utf8'));
      expect([typeof source, typeof license_note, Array.isArray(commands) && commands.length > 0], f).toEqual([
        'string',
        'string',
        true,
      ]);
    }
  });
});

describe('fixtureFiles', () => {
  it('lists the matching files of a directory, sorted', () => {
    const dir = testdir({ 'b.json': '{}', 'a.json': '{}', 'c.txt': '' });
    expect(fixtureFiles(dir, /\.json$/)).toEqual(['a.json', 'b.json']);
  });

  it('throws naming the directory when nothing matches, so a suite never collects zero tests', () => {
    const dir = testdir({ 'c.txt': '' });
    expect(() => fixtureFiles(dir, /\.json$/)).toThrow(dir);
  });

  it('throws naming the directory when it is missing', () => {
    const dir = join(testdir(), 'corpus', 'real-defs');
    expect(() => fixtureFiles(dir, /\.json$/)).toThrow(dir);
  });
});
