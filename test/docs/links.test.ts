/**
 * The README and docs/ point only at files the repository has: every relative
 * link, every repository path written as code (`src/wire/limits.ts`), and
 * every root document named as code (`DESIGN.md`) must resolve.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, fixtureFiles } from '../helpers/fixtures.js';

const documents = ['README.md', ...fixtureFiles(join(ROOT, 'docs'), /\.md$/).map((f) => `docs/${f}`)];
const TOP_LEVEL = /^(src|docs|bench|scripts|test|fixtures|schemas|bin)\//;

/** Link targets and code-span paths of a markdown text, with fenced code blocks left out. */
function references(markdown: string): { links: string[]; paths: string[] } {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  const links = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1])
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#'))
    .map((t) => decodeURIComponent(t.replace(/#.*$/, '')));
  const paths = [...prose.matchAll(/`([^`\s]+)`/g)]
    .map((m) => m[1])
    .filter((p) => TOP_LEVEL.test(p) || /^[\w.-]+\.md$/.test(p));
  return { links, paths };
}

describe('references in the documentation', () => {
  it('finds links and paths, and skips URLs, anchors and code blocks', () => {
    const text =
      'See [a](docs/a.md#x), [b](https://x.y/z), [c](#top), `src/x.ts`, `DESIGN.md`, `cmdsync.yaml`.\n```\n[d](no.md) `src/no.ts`\n```\n';
    expect(references(text)).toEqual({ links: ['docs/a.md'], paths: ['src/x.ts', 'DESIGN.md'] });
  });

  it.each(documents)('%s links and names only files in the repository', (doc) => {
    const { links, paths } = references(readFileSync(join(ROOT, doc), 'utf8'));
    const missing = [
      ...links.filter((l) => !existsSync(join(ROOT, dirname(doc), l))).map((l) => `link ${l}`),
      ...paths.filter((p) => !existsSync(join(ROOT, p))).map((p) => `path ${p}`),
    ];
    expect(missing, `in ${doc}`).toEqual([]);
  });
});
