/**
 * No bare number compared with `.type` or `.flags` outside src/wire (issue 26
 * item 2): a command type, option type, channel type or flag bit is named
 * once, in src/wire/enums.ts, and everything else uses the name. "Type" and
 * "flags" include names ending in them (`parentType`, `bodyType`, a local
 * `flags`), a bare number includes a file's own `const LOADING = 128`, and
 * setting a type or flag bits (`m.type = 20`, `flags: 128 | f`, `{ type: 3 }`)
 * counts as much as comparing one.
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
  while (
    ts.isParenthesizedExpression(x) ||
    ts.isAsExpression(x) ||
    ts.isNonNullExpression(x) ||
    ts.isSatisfiesExpression(x)
  )
    x = x.expression;
  return x;
};
/** `type`, `flags`, and names ending in them: `parentType`, `bodyType`, `public_flags`, `FLAGS` (not `prototype`). */
const isTypeOrFlagsName = (name: string): boolean =>
  /^(type|flags)$|[a-z0-9_](Type|Flags|_type|_flags|_TYPE|_FLAGS)$/i.test(name) && !/prototype$/i.test(name);
/** `x.type`, `x?.flags`, `x['type']`, `parentType`, `Number(x.flags)`, `BigInt(x.flags)`. */
function isTypeOrFlags(e: ts.Expression): boolean {
  const x = strip(e);
  if (ts.isIdentifier(x)) return isTypeOrFlagsName(x.text);
  if (ts.isPropertyAccessExpression(x)) return isTypeOrFlagsName(x.name.text);
  if (ts.isElementAccessExpression(x))
    return ts.isStringLiteralLike(x.argumentExpression) && isTypeOrFlagsName(x.argumentExpression.text);
  if (
    ts.isCallExpression(x) &&
    ts.isIdentifier(x.expression) &&
    ['Number', 'BigInt'].includes(x.expression.text) &&
    x.arguments.length === 1
  )
    return isTypeOrFlags(x.arguments[0]!);
  if (ts.isBinaryExpression(x) && x.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    return isTypeOrFlags(x.left);
  return false;
}
/** `3`, `-1`, `0x80`, `128n`, `(1 << 15)`, and a name the file itself binds to one (`const LOADING = 128`). */
function isNumber(e: ts.Expression, local: ReadonlySet<string> = new Set()): boolean {
  const x = strip(e);
  if (ts.isNumericLiteral(x) || ts.isBigIntLiteral(x)) return true;
  if (ts.isIdentifier(x)) return local.has(x.text);
  if (ts.isPrefixUnaryExpression(x)) return isNumber(x.operand, local);
  if (ts.isBinaryExpression(x) && x.operatorToken.kind === ts.SyntaxKind.LessThanLessThanToken)
    return isNumber(x.left, local) && isNumber(x.right, local);
  return false;
}
/** A value set into a type or flags: a bare number other than 0 (no flags), as such or in `c ? 20 : 23`, `128 | f`. */
function setsBareNumber(e: ts.Expression, local: ReadonlySet<string>): boolean {
  const x = strip(e);
  if (ts.isConditionalExpression(x)) return setsBareNumber(x.whenTrue, local) || setsBareNumber(x.whenFalse, local);
  if (ts.isBinaryExpression(x) && [ts.SyntaxKind.BarToken, ts.SyntaxKind.AmpersandToken].includes(x.operatorToken.kind))
    return setsBareNumber(x.left, local) || setsBareNumber(x.right, local);
  return isNumber(x, local) && !(ts.isNumericLiteral(x) && x.text === '0');
}
/** `[11, 12]` or `new Set([11, 12])`: a list holding a bare number. */
function isNumberList(e: ts.Expression, local: ReadonlySet<string>): boolean {
  const x = strip(e);
  if (ts.isArrayLiteralExpression(x)) return x.elements.some((el) => isNumber(el as ts.Expression, local));
  if (
    ts.isNewExpression(x) &&
    ts.isIdentifier(x.expression) &&
    x.expression.text === 'Set' &&
    x.arguments?.length === 1
  )
    return isNumberList(x.arguments[0]!, local);
  return false;
}
/** Names a file binds with `const` to a bare number (`const EPHEMERAL = 64`) and to a list of them (`const THREADS = new Set([10, 11])`). */
function numericConsts(sf: ts.SourceFile): { numbers: Set<string>; lists: Set<string> } {
  const numbers = new Set<string>();
  const lists = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.parent) &&
      node.parent.flags & ts.NodeFlags.Const
    ) {
      if (isNumber(node.initializer)) numbers.add(node.name.text);
      else if (isNumberList(node.initializer, numbers)) lists.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return { numbers, lists };
}

/** Where a file compares `.type`/`.flags` with a bare number: `line: text`. */
function bareComparisons(file: string, text?: string): string[] {
  const sf = parse(file, text);
  const { numbers: local, lists } = numericConsts(sf);
  const num = (e: ts.Expression): boolean => isNumber(e, local);
  const found: string[] = [];
  const at = (n: ts.Node): string =>
    `${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${n.getText(sf).replace(/\s+/g, ' ')}`;
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && COMPARE.has(node.operatorToken.kind)) {
      if ((isTypeOrFlags(node.left) && num(node.right)) || (num(node.left) && isTypeOrFlags(node.right)))
        found.push(at(node));
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      isTypeOrFlags(node.left) &&
      setsBareNumber(node.right, local)
    ) {
      found.push(at(node));
    } else if (
      ts.isPropertyAssignment(node) &&
      !ts.isComputedPropertyName(node.name) &&
      isTypeOrFlagsName(node.name.text) &&
      setsBareNumber(node.initializer, local)
    ) {
      found.push(at(node));
    } else if (ts.isSwitchStatement(node) && isTypeOrFlags(node.expression)) {
      for (const clause of node.caseBlock.clauses)
        if (ts.isCaseClause(clause) && num(clause.expression)) found.push(at(clause.expression));
    } else if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['includes', 'has'].includes(node.expression.name.text) &&
      node.arguments.length === 1 &&
      isTypeOrFlags(node.arguments[0]!)
    ) {
      const list = strip(node.expression.expression);
      if (isNumberList(list, local) || (ts.isIdentifier(list) && lists.has(list.text))) found.push(at(node));
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
      'if (parentType === 15 || bodyType !== 1) {}',
      'const LOADING = 128;',
      'if (flags & LOADING) {}',
      'm.type = live.commandType === 1 ? 20 : 23;',
      'msg.flags = 128 | flags;',
      'const ping = { id: 0, type: 1, flags: 0, author: { public_flags: 0 } };',
      'const other = { prototype: 1, count: 2, contentType: mime };',
      'const THREADS = new Set([10, 11, 12]);',
      'if (THREADS.has(c.type) || new Set([15]).has(parentType) || NAMED.has(c.type)) {}',
    ].join('\n');
    expect(bareComparisons('x.ts', text).map((f) => f.replace(/^x\.ts:/, ''))).toEqual([
      '1: c.type === 1',
      '2: 2 !== o?.type',
      '3: m.flags & 128',
      '4: Number(m.flags ?? 0) & (1 << 15)',
      "5: x['type'] == 11",
      '6: 3',
      '7: [11, 12].includes(ch.type)',
      '13: parentType === 15',
      '13: bodyType !== 1',
      '15: flags & LOADING',
      '16: m.type = live.commandType === 1 ? 20 : 23',
      '16: live.commandType === 1',
      '17: msg.flags = 128 | flags',
      '17: 128 | flags',
      '18: type: 1',
      '21: THREADS.has(c.type)',
      '21: new Set([15]).has(parentType)',
    ]);
  });

  it('no file outside src/wire compares .type or .flags with a bare number', () => {
    const files = sourceFiles().filter((f) => !f.startsWith('wire/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => bareComparisons(f))).toEqual([]);
  });
});
