/**
 * What the documentation tells a user to pin exists: a version tag named in
 * an install line, an Action's `uses:` or pre-commit's `rev:` is a tag this
 * repository has (no release is tagged yet, so the docs name `main` or a
 * commit SHA), the changelog's newest version is package.json's, and every
 * Node version the docs require is `engines`' minimum.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, fixtureFiles } from '../helpers/fixtures.js';

const documents = [
  'README.md',
  '.pre-commit-hooks.yaml',
  'action.yml',
  ...fixtureFiles(join(ROOT, 'docs'), /\.md$/).map((f) => `docs/${f}`),
];
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string; engines: { node: string } };

/** The refs a text tells a user to pin: `cmdsync/cmdsync@REF`, `cmdsync/cmdsync#REF`, `cmdsync#REF` and `rev: REF`. */
function pinnedRefs(text: string): string[] {
  const refs = [
    ...text.matchAll(/cmdsync\/cmdsync[@#](<[^>]*>|[^\s`'"),]+)/g),
    ...text.matchAll(/^\s*#?\s*rev:\s*(<[^>]*>|[^\s#]+)/gm),
  ].map((m) => m[1]!);
  return refs.filter((r) => !/^<[^>]+>$/.test(r) && r !== 'main' && !/^[0-9a-f]{40}$/.test(r));
}

/** The Node versions a text requires: "Node >= X", "Node.js X or later". */
function nodeMinimums(text: string): string[] {
  return [
    ...text.matchAll(/Node(?:\.js)? *>= *(\d+(?:\.\d+){0,2})/g),
    ...text.matchAll(/Node(?:\.js)? (\d+\.\d+(?:\.\d+)?) or later/g),
  ].map((m) => m[1]!);
}

describe('versions the documentation names', () => {
  it('finds pinned refs and Node minimums, skipping placeholders, main and SHAs', () => {
    const text =
      'uses: cmdsync/cmdsync@v1.2.0\nnpm i github:cmdsync/cmdsync#main\n  rev: <full commit SHA>\n  rev: v0.3.0 # x\nNode >= 20.18 and Node.js 22.1 or later';
    expect(pinnedRefs(text)).toEqual(['v1.2.0', 'v0.3.0']);
    expect(nodeMinimums(text)).toEqual(['20.18', '22.1']);
  });

  it.each(documents)('%s tells users to pin only refs that exist', (doc) => {
    const tags = execFileSync('git', ['tag', '--list'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);
    const missing = pinnedRefs(read(doc)).filter((r) => !tags.includes(r));
    expect(
      missing,
      `${doc} names refs this repository has no tag for (no release is tagged yet: name main or a commit SHA)`,
    ).toEqual([]);
  });

  it.each(documents)("%s requires the Node version package.json's engines does", (doc) => {
    const minimum = /^>=\s*(\S+)$/.exec(pkg.engines.node)?.[1];
    expect(minimum, 'engines.node is ">= X"').toBeDefined();
    for (const v of nodeMinimums(read(doc))) expect(v, doc).toBe(minimum);
  });

  it("CHANGELOG.md's newest version is package.json's", () => {
    const newest = /^## (\d+\.\d+\.\d+\S*)/m.exec(read('CHANGELOG.md'))?.[1];
    expect(newest).toBe(pkg.version);
  });
});
