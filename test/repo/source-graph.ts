/**
 * Every relative import of src/, read with the TypeScript parser (static,
 * type-only, re-exports, dynamic `import()` and `import('…')` types), for the
 * layering and literal checks in test/repo/. Paths are relative to src/ with
 * the `.ts` the `.js` specifier stands for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import ts from 'typescript';
import { ROOT } from '../helpers/fixtures.js';

export const SRC = join(ROOT, 'src');

export interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
  line: number;
}

export function sourceFiles(): string[] {
  return (readdirSync(SRC, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => /\.(c|m)?tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => f.split('\\').join('/'))
    .sort();
}

export function parse(file: string, text = readFileSync(join(SRC, file), 'utf8')): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
}

const asTs = (spec: string): string => spec.replace(/\.(c|m)?js$/, (_, k: string | undefined) => `.${k ?? ''}ts`);

/** The relative imports of one file (its text given, for tests of this reader). */
export function importsOf(file: string, sf: ts.SourceFile = parse(file)): Import[] {
  const out: Import[] = [];
  const add = (node: ts.Node, spec: ts.Expression | undefined, typeOnly: boolean): void => {
    if (!spec || !ts.isStringLiteralLike(spec) || !spec.text.startsWith('.')) return;
    const to = posix.normalize(posix.join(dirname(file), asTs(spec.text)));
    out.push({ from: file, to, typeOnly, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node)) {
      const c = node.importClause;
      const allTypes =
        !!c &&
        (c.isTypeOnly ||
          (!c.name &&
            !!c.namedBindings &&
            ts.isNamedImports(c.namedBindings) &&
            c.namedBindings.elements.length > 0 &&
            c.namedBindings.elements.every((e) => e.isTypeOnly)));
      add(node, node.moduleSpecifier, allTypes);
    } else if (ts.isExportDeclaration(node)) {
      const allTypes =
        node.isTypeOnly ||
        (!!node.exportClause &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      add(node, node.moduleSpecifier, allTypes);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node, node.argument.literal as ts.Expression, true);
    } else if (
      ts.isCallExpression(node) &&
      (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require'))
    ) {
      add(node, node.arguments[0], false);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node, node.moduleReference.expression, node.isTypeOnly);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** The packages (bare specifiers, `node:` ones included) a file imports, in any of the forms above. */
export function packagesOf(file: string, text = readFileSync(join(SRC, file), 'utf8')): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((f) => !f.startsWith('.'));
}

export function allImports(): Import[] {
  return sourceFiles().flatMap((f) => importsOf(f));
}

/** Strongly connected components with more than one member (or a self-import): the cycles. */
export function cycles(nodes: readonly string[], edges: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const strong = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(scc.sort());
  };
  for (const v of nodes) if (!index.has(v)) strong(v);
  return found;
}
