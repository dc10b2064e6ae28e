/**
 * No bare number compared with `.type` or `.flags` outside src/wire (issue 26
 * item 2): a command type, option type, channel type or flag bit is named
 * once, in src/wire/enums.ts, and everything else uses the name.
 */
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { parse, sourceFiles } from './source-graph.js';

const COMPARE = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
  ts.SyntaxKind.AmpersandToken,
  ts.SyntaxKind.BarToken,
  ts.SyntaxKind.CaretToken,
]);

const strip = (e: ts.Expression): ts.Expression => {
  let x = e;
  while (ts.isParenthesizedExpression(x) || ts.isAsExpression(x) || ts.isNonNullExpression(x) || ts.isSatisfiesExpression(x)) x = x.expression;
  return x;
};
/** `x.type`, `x?.flags`, `x['type']`, `Number(x.flags)`, `BigInt(x.flags)`. */
function isTypeOrFlags(e: ts.Expression): boolean {
  const x = strip(e);
  if (ts.isPropertyAccessExpression(x)) return x.name.text === 'type' || x.name.text === 'flags';
  if (ts.isElementAccessExpression(x)) return ts.isStringLiteralLike(x.argumentExpression) && ['type', 'flags'].includes(x.argumentExpression.text);
  if (ts.isCallExpression(x) && ts.isIdentifier(x.expression) && ['Number', 'BigInt'].includes(x.expression.text) && x.arguments.length === 1)
    return isTypeOrFlags(x.arguments[0]!);
  if (ts.isBinaryExpression(x) && x.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) return isTypeOrFlags(x.left);
  return false;
}
/** `3`, `-1`, `0x80`, `128n`, `(1 << 15)`. */
function isNumber(e: ts.Expression): boolean {
  const x = strip(e);
  if (ts.isNumericLiteral(x) || ts.isBigIntLiteral(x)) return true;
  if (ts.isPrefixUnaryExpression(x)) return isNumber(x.operand);
  if (ts.isBinaryExpression(x) && x.operatorToken.kind === ts.SyntaxKind.LessThanLessThanToken) return isNumber(x.left) && isNumber(x.right);
  return false;
}

/** Where a file compares `.type`/`.flags` with a bare number: `line: text`. */
function bareComparisons(file: string, text?: string): string[] {
  const sf = parse(file, text);
  const found: string[] = [];
  const at = (n: ts.Node): string => `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${n.getText(sf).replace(/\s+/g, ' ')}`;
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && COMPARE.has(node.operatorToken.kind)) {
      if ((isTypeOrFlags(node.left) && isNumber(node.right)) || (isNumber(node.left) && isTypeOrFlags(node.right))) found.push(at(node));
    } else if (ts.isSwitchStatement(node) && isTypeOrFlags(node.expression)) {
      for (const clause of node.caseBlock.clauses) if (ts.isCaseClause(clause) && isNumber(clause.expression)) found.push(at(clause.expression));
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'includes' &&
      node.arguments.length === 1 &&
      isTypeOrFlags(node.arguments[0]!)
    ) {
      const list = strip(node.expression.expression);
      if (ts.isArrayLiteralExpression(list) && list.elements.some((el) => isNumber(el as ts.Expression))) found.push(at(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('named enums instead of bare numbers', () => {
  it('finds the comparisons it is meant to find, and leaves names, defaults and other fields alone', () => {
    const text = [
      'if (c.type === 1) {}',
      'if (2 !== o?.type) {}',
      'if ((m.flags & 128) !== 0) {}',
      'if (Number(m.flags ?? 0) & (1 << 15)) {}',
      "if (x['type'] == 11) {}",
      'switch (o.type) { case 3: break; case OptionType.USER: break; }',
      'if ([11, 12].includes(ch.type)) {}',
      'if (c.type === CommandType.CHAT_INPUT) {}',
      'if (m.flags & MessageFlags.EPHEMERAL) {}',
      'const t = c.type ?? 1;',
      'if (c.version === 1) {}',
      "if (c.type === 'chat_input') {}",
    ].join('\n');
    expect(bareComparisons('x.ts', text).map((f) => f.replace(/^x\.ts:/, ''))).toEqual([
      '1: c.type === 1',
      '2: 2 !== o?.type',
      '3: m.flags & 128',
      '4: Number(m.flags ?? 0) & (1 << 15)',
      "5: x['type'] == 11",
      '6: 3',
      '7: [11, 12].includes(ch.type)',
    ]);
  });

  it('no file outside src/wire compares .type or .flags with a bare number', () => {
    const files = sourceFiles().filter((f) => !f.startsWith('wire/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => bareComparisons(f))).toEqual([]);
  });
});
