/**
 * The service's error answers are written once, in src/wire (issue 36 item
 * 3): no file of src/emulator restates a JSON error code (`code: 10008`) or
 * any literal message or inner code the wire folder holds ('Unknown Message',
 * 'CONTENT_TYPE_INVALID', a gateway close reason). The wire tables are read
 * from the modules themselves, so an answer added there is guarded at once.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { parse, SRC } from '../repo/source-graph.js';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => relative(SRC, join(dir, f)).split('\\').join('/'));
}

/** Every literal `message` and inner `code` of the answers exported by src/wire, and every string of its answer tables. */
async function wireTexts(): Promise<Set<string>> {
  const texts = new Set<string>();
  const take = (v: unknown, depth: number): void => {
    if (depth > 3 || v === null) return;
    if (typeof v === 'function' && v.length === 0) {
      try {
        take(v(), depth + 1);
      } catch {
        // not an answer maker
      }
      return;
    }
    if (typeof v !== 'object') return;
    const o = v as Record<string, unknown>;
    if (typeof o.message === 'string' && ('code' in o || 'status' in o)) {
      texts.add(o.message);
      if (typeof o.code === 'string') texts.add(o.code);
      return;
    }
    for (const value of Object.values(o)) take(value, depth + 1);
  };
  for (const file of filesUnder(join(SRC, 'wire'))) {
    const mod = (await import(pathToFileURL(join(SRC, file)).href)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (/ERRORS|Errors$|ERROR_ANSWERS|ErrorAnswers/.test(name)) take(value, 0);
      if (name === 'GATEWAY_CLOSE_REASONS')
        for (const reason of Object.values(value as Record<string, string>)) texts.add(reason);
      if (name === 'RATE_LIMITED_MESSAGE') texts.add(value as string);
    }
  }
  return texts;
}

/** Where a file restates a wire answer: `file:line: what`. */
function restated(file: string, texts: ReadonlySet<string>, source?: string): string[] {
  const sf = parse(file, source);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) =>
    found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText(sf) === 'code' &&
      ts.isNumericLiteral(node.initializer) &&
      node.initializer.text !== '0'
    )
      at(node, `JSON code ${node.initializer.text}`);
    else if (
      (ts.isStringLiteralLike(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node)) &&
      texts.has(node.text)
    )
      at(node, `'${node.text}'`);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('the service error answers are written once, in src/wire', () => {
  it('finds a restated JSON code, message and inner code, and leaves other words alone', async () => {
    const texts = await wireTexts();
    expect([...texts]).toEqual(
      expect.arrayContaining([
        'Unknown Message',
        'Invalid Form Body',
        'CONTENT_TYPE_INVALID',
        'Unknown application command',
        'Error while decoding payload.',
      ]),
    );
    const source = [
      "const a = apiError(404, 10008, 'Unknown Message');",
      "const b = { status: 400, code: 50035, message: 'Invalid Form Body' };",
      "const c = { _errors: [{ code: 'CONTENT_TYPE_INVALID', message: 'x' }] };",
      "const d = { status: 404, code: 0, message: 'Unknown view endpoint' };",
    ].join('\n');
    expect(restated('x.ts', texts, source).map((f) => f.replace(/^x\.ts:/, ''))).toEqual([
      "1: 'Unknown Message'",
      '2: JSON code 50035',
      "2: 'Invalid Form Body'",
      "3: 'CONTENT_TYPE_INVALID'",
    ]);
  });

  it('no file of src/emulator restates one', async () => {
    const texts = await wireTexts();
    const files = filesUnder(join(SRC, 'emulator'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => restated(f, texts))).toEqual([]);
  });
});
