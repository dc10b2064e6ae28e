/**
 * Wire facts written once, in src/wire (issue 26 item 2): outside it no
 * snowflake pattern of its own, no snowflake order compared by hand, no
 * limit restated as a number in a help text or in code, no second version
 * source, no service error code written as a number (issue 36 item 3: the
 * answers are in wire/error-answers.ts, WebhookErrors and the others). Each
 * check names what it found, so a duplicate coming back fails with its place.
 */
import { RESTJSONErrorCodes } from 'discord-api-types/v10';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { MAX_WAIT_SECONDS } from '../../src/wire/interactions/callback.js';
import { DEFAULT_LIMITS } from '../../src/wire/limits.js';
import { parse, sourceFiles } from './source-graph.js';

/** Numbers that only a wire rule states; any other code names them through wire. */
const WIRE_NUMBERS = new Set<number>([MAX_WAIT_SECONDS, DEFAULT_LIMITS.string_option_length_max]);
/** The JSON `code` of every answer src/wire writes (`{ status: 404, code: 10015, message: 'Unknown Webhook' }`). */
function wireErrorCodes(): number[] {
  const codes: number[] = [];
  const visit = (n: ts.Node): void => {
    if (
      ts.isPropertyAssignment(n) &&
      ts.isIdentifier(n.name) &&
      (n.name.text === 'code' || n.name.text === 'jsonCode') &&
      ts.isNumericLiteral(n.initializer)
    )
      codes.push(Number(n.initializer.text));
    ts.forEachChild(n, visit);
  };
  for (const f of sourceFiles().filter((f) => f.startsWith('wire/'))) visit(parse(f));
  return codes;
}
/**
 * The service's JSON error codes: every five-digit one discord-api-types lists
 * (10015, 50013, 40060…) and any wire writes (220004, 160002). Other numbers
 * of that size (a port, a cap of 500_000 nodes, milliseconds) are left alone.
 */
const SERVICE_ERROR_CODES = new Set<number>([
  ...Object.values(RESTJSONErrorCodes).filter((v): v is number => typeof v === 'number' && v >= 10_000 && v < 100_000),
  ...wireErrorCodes().filter((c) => c >= 10_000),
]);
/** A regular expression's digit run long enough to be a snowflake (`\d{17,20}`, `\d{1,20}`). */
const SNOWFLAKE_QUANTIFIER = /\\d\{\d*,?(1[7-9]|2\d)\}/;
/** A size stated in words: `up to 2000 characters`, `1-80 characters`. */
const LIMIT_IN_WORDS = /\b\d+\s*(-|–|to)\s*\d+\s+characters|\bup to \d+\s+characters/;

function text(node: ts.Node): string | undefined {
  if (ts.isStringLiteralLike(node)) return node.text;
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text;
  return undefined;
}
const isApiErrorCall = (n: ts.Node): n is ts.CallExpression =>
  ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'apiError';
const isBigIntCall = (e: ts.Expression): boolean =>
  ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'BigInt';
const ORDER = new Set([
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/** The code argument of `apiError(status, code, message)`, when a number of five digits or more. */
function isCodeOfApiError(node: ts.NumericLiteral): boolean {
  return isApiErrorCall(node.parent) && node.parent.arguments[1] === node && Number(node.text) >= 10_000;
}

/** Where a file restates a wire fact: `file:line: what`. */
function restatedFacts(file: string, source?: string): string[] {
  const sf = parse(file, source);
  const found: string[] = [];
  const at = (n: ts.Node, what: string) =>
    found.push(`${file}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}: ${what}`);
  const visit = (node: ts.Node): void => {
    if (ts.isRegularExpressionLiteral(node) && SNOWFLAKE_QUANTIFIER.test(node.text))
      at(node, `snowflake pattern ${node.text}`);
    else if (
      ts.isBinaryExpression(node) &&
      ORDER.has(node.operatorToken.kind) &&
      isBigIntCall(node.left) &&
      isBigIntCall(node.right)
    )
      at(node, `snowflakes ordered by hand: ${node.getText(sf)}`);
    else if (ts.isNumericLiteral(node) && WIRE_NUMBERS.has(Number(node.text))) at(node, `wire number ${node.text}`);
    else if (ts.isNumericLiteral(node) && (SERVICE_ERROR_CODES.has(Number(node.text)) || isCodeOfApiError(node)))
      at(node, `service error code ${Number(node.text)}`);
    else {
      const t = text(node);
      if (t !== undefined && LIMIT_IN_WORDS.test(t)) at(node, `limit in words: ${LIMIT_IN_WORDS.exec(t)![0]}`);
      if (t === 'package.json') at(node, 'reads package.json (the version is src/version.ts)');
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('wire facts written once', () => {
  it('finds each kind of restated fact, and leaves other digits, comparisons and words alone', () => {
    const source = [
      'if (/^\\d{17,20}$/.test(v)) {}',
      'const ok = /^\\d{1,5}$/.test(port) && /^127\\.\\d{1,3}$/.test(ip);',
      'list.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));',
      'if (BigInt(a) === 0n || n < BigInt(b)) {}',
      'const max = o.max_length ?? 6000; const wait = 900; const ms = 2000;',
      "cmd.option('--content <text>', 'message text (up to 2000 characters)');",
      'help(`the webhook name, 1-80 characters`, `1-${max} characters`);',
      "readFileSync(join(dir, 'package.json'));",
      'if (err.apiCode === 10063) {} const answer = { status: 404, code: 10_015 };',
      "return apiError(403, 50013, 'Missing Permissions') ?? apiError(400, 41250, 'x') ?? apiError(401, 0, '401: Unauthorized');",
      'const port = 65535; const ms = 30000; const week = 604800; const ok = 200;',
    ].join('\n');
    expect(restatedFacts('x.ts', source).map((f) => f.replace(/^x\.ts:/, ''))).toEqual([
      '1: snowflake pattern /^\\d{17,20}$/',
      '3: snowflakes ordered by hand: BigInt(a.id) < BigInt(b.id)',
      '5: wire number 6000',
      '5: wire number 900',
      '6: limit in words: up to 2000 characters',
      '7: limit in words: 1-80 characters',
      '8: reads package.json (the version is src/version.ts)',
      '9: service error code 10063',
      '9: service error code 10015',
      '10: service error code 50013',
      '10: service error code 41250',
    ]);
  });

  it('no file outside src/wire restates one', () => {
    const files = sourceFiles().filter((f) => !f.startsWith('wire/') && !f.startsWith('manifest/generated/'));
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => restatedFacts(f))).toEqual([]);
  });
});
