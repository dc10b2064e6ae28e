/**
 * The layering of docs/architecture.md, enforced (issue 26 item 7): its
 * folder table ("imports from `src/`") is the rule book, read from the doc
 * itself so the two cannot drift; every relative import in src/ (type-only
 * and dynamic ones included) must be allowed by its folder's row, and no
 * file takes part in an import cycle.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/fixtures.js';
import { allImports, cycles, importsOf, packagesOf, parse, sourceFiles, type Import } from './source-graph.js';

/** A folder (`wire`) or a root file (`errors.ts`): the unit the table speaks of. */
const areaOf = (file: string): string => (file.includes('/') ? file.slice(0, file.indexOf('/')) : file);

/** `wire/` → `wire`; `errors` → `errors.ts`; `emulator/view/` stays a sub-path. */
function areaName(name: string, rootFiles: ReadonlySet<string>): string {
  const n = name.replace(/\/$/, '');
  return rootFiles.has(`${n}.ts`) ? `${n}.ts` : n;
}

interface Allowed {
  /** Where the import may go: an area, or a path prefix such as `emulator/view`. */
  target: string;
  typeOnly: boolean;
}

/**
 * The table's rows. A cell lists areas in backticks; "everything above" is
 * every row above it; an area whose note says it is types only — `(types)`,
 * `(the `X` type only)`, `the types of `X`` — may be imported only with
 * `import type`.
 */
function readTable(doc: string, rootFiles: ReadonlySet<string>): Map<string, Allowed[]> {
  const start = doc.indexOf('| folder | holds | imports from `src/` |');
  if (start < 0) throw new Error('docs/architecture.md has no folder table');
  const rows = doc.slice(start).split('\n').slice(2);
  const table = new Map<string, Allowed[]>();
  for (const row of rows) {
    if (!row.startsWith('|')) break;
    const [folder, , imports] = row
      .split('|')
      .slice(1)
      .map((c) => c.trim());
    const areas = [...folder!.matchAll(/`([^`]+)`/g)].map((m) => areaName(m[1]!, rootFiles));
    let allowed: Allowed[];
    if (/everything above/.test(imports!)) {
      allowed = [...table.keys()].map((target) => ({ target, typeOnly: false }));
    } else {
      allowed = imports!
        .replace(/nothing outside `[^`]+`/, '')
        .split(/,(?![^(]*\))| and (?![^(]*\))/)
        .flatMap((clause) => {
          const typeOnly = /\(types\)|type only\)|the types of/.test(clause);
          return [...clause.matchAll(/`([^`]+)`/g)]
            .slice(0, /the types of/.test(clause) ? undefined : 1)
            .map((m) => ({ target: areaName(m[1]!, rootFiles), typeOnly }));
        });
    }
    for (const a of areas) table.set(a, allowed);
  }
  return table;
}

/** Why an import breaks its row, or undefined when the row allows it. */
function breach(imp: Import, table: ReadonlyMap<string, Allowed[]>): string | undefined {
  const from = areaOf(imp.from);
  const to = areaOf(imp.to);
  if (from === to) return undefined;
  const row = table.get(from);
  if (!row) return `src/${from} has no row in the folder table of docs/architecture.md`;
  const fits = row.filter((a) => imp.to === a.target || imp.to.startsWith(`${a.target}/`));
  if (fits.length === 0) return `${from} may not import ${to}`;
  if (!imp.typeOnly && fits.every((a) => a.typeOnly)) return `${from} may import only types from ${to}`;
  return undefined;
}

/** The rows whose packages column says `none`: they may import no package at all, `node:` included. */
function packageFree(doc: string, rootFiles: ReadonlySet<string>): string[] {
  const start = doc.indexOf('| folder | holds | imports from `src/` |');
  return doc
    .slice(start)
    .split('\n')
    .slice(2)
    .filter((row, i, rows) => row.startsWith('|') && rows.slice(0, i).every((r) => r.startsWith('|')))
    .map((row) =>
      row
        .split('|')
        .slice(1)
        .map((c) => c.trim()),
    )
    .filter((cells) => cells[3] === 'none')
    .flatMap((cells) => [...cells[0]!.matchAll(/`([^`]+)`/g)].map((m) => areaName(m[1]!, rootFiles)));
}

const ROOT_FILES = new Set(sourceFiles().filter((f) => !f.includes('/')));
const DOC = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const TABLE = readTable(DOC, ROOT_FILES);

describe('the layering of docs/architecture.md', () => {
  const imports = allImports();

  it('the reader sees static, type-only, re-exported and dynamic imports, and leaves packages out', () => {
    const text = [
      "import { a } from '../wire/a.js';",
      "import type { B } from '../plan/b.js';",
      "import { type C } from './c.js';",
      "export * from '../remote/d.js';",
      "export type { E } from '../emulator/e.js';",
      "type F = import('../report/f.js').F;",
      "const g = () => import('../manifest/g.js');",
      "import 'yaml';",
      "import { h } from 'node:fs';",
    ].join('\n');
    const got = importsOf('cli/x.ts', parse('cli/x.ts', text)).map((i) => `${i.to}${i.typeOnly ? ' (type)' : ''}`);
    expect(got).toEqual([
      'wire/a.ts',
      'plan/b.ts (type)',
      'cli/c.ts (type)',
      'remote/d.ts',
      'emulator/e.ts (type)',
      'report/f.ts (type)',
      'manifest/g.ts',
    ]);
    // The reader found the real tree, not an empty one.
    expect(imports.length).toBeGreaterThan(500);
  });

  it('the table is read as the rules it states', () => {
    expect(TABLE.get('wire')).toEqual([]);
    expect(TABLE.get('plan')!.map((a) => a.target)).toEqual(['wire', 'errors.ts']);
    expect(TABLE.get('emulator')!.map((a) => a.target)).toEqual(['wire']);
    expect(TABLE.get('web')).toEqual([
      { target: 'wire', typeOnly: false },
      { target: 'emulator/view', typeOnly: true },
    ]);
    expect(TABLE.get('cli')!.map((a) => a.target)).toContain('sync');
    const imp = (from: string, to: string, typeOnly = false): Import => ({ from, to, typeOnly, line: 1 });
    expect(breach(imp('wire/a.ts', 'errors.ts'), TABLE)).toBe('wire may not import errors.ts');
    expect(breach(imp('plan/a.ts', 'remote/b.ts', true), TABLE)).toBe('plan may not import remote');
    expect(breach(imp('emulator/a.ts', 'manifest/b.ts'), TABLE)).toBe('emulator may not import manifest');
    expect(breach(imp('web/a.ts', 'emulator/view/b.ts'), TABLE)).toBe('web may import only types from emulator');
    expect(breach(imp('web/a.ts', 'emulator/view/b.ts', true), TABLE)).toBeUndefined();
    expect(breach(imp('web/a.ts', 'emulator/state/world.ts', true), TABLE)).toBe('web may not import emulator');
    expect(breach(imp('nowhere/a.ts', 'wire/b.ts'), TABLE)).toMatch(/has no row/);
  });

  it('every folder and root file of src/ has a row', () => {
    const areas = [...new Set(sourceFiles().map(areaOf))];
    expect(areas.filter((a) => !TABLE.has(a))).toEqual([]);
  });

  it("every relative import in src/ is one its folder's row allows", () => {
    const found = imports.flatMap((imp) => {
      const why = breach(imp, TABLE);
      return why ? [`src/${imp.from}:${imp.line} imports src/${imp.to}: ${why}`] : [];
    });
    expect(found).toEqual([]);
  });

  it('a folder whose packages are "none" imports no package, node: ones included', () => {
    const free = packageFree(DOC, ROOT_FILES);
    expect(free).toEqual(['wire']);
    expect(
      packagesOf(
        'wire/x.ts',
        "import { a } from './a.js';\nimport { readFileSync } from 'node:fs';\nconst y = import('yaml');",
      ),
    ).toEqual(['node:fs', 'yaml']);
    const found = sourceFiles()
      .filter((f) => free.includes(areaOf(f)))
      .flatMap((f) => packagesOf(f).map((p) => `src/${f} imports ${p}`));
    expect(found).toEqual([]);
  });

  it('no import cycle between files, nor between folders', () => {
    const byFile = new Map<string, string[]>();
    const byArea = new Map<string, string[]>();
    for (const { from, to } of imports) {
      byFile.set(from, [...(byFile.get(from) ?? []), to]);
      if (areaOf(from) !== areaOf(to)) byArea.set(areaOf(from), [...(byArea.get(areaOf(from)) ?? []), areaOf(to)]);
    }
    expect(cycles(sourceFiles(), byFile).map((c) => c.join(' → '))).toEqual([]);
    expect(cycles([...byArea.keys()], byArea).map((c) => c.join(' → '))).toEqual([]);
  });

  it('the cycle finder reports a cycle and its files, and none in a chain', () => {
    const edges = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(['a', 'b', 'c', 'd'], edges)).toEqual([['a', 'b', 'c']]);
    expect(cycles(['a', 'b'], new Map([['a', ['b']]]))).toEqual([]);
  });
});
