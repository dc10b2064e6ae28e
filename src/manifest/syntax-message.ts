/**
 * YAML syntax errors in plain words, at the place a person would fix: the
 * parser reports where it gave up (often the line after the mistake) in its
 * own vocabulary (`BLOCK_AS_IMPLICIT_KEY`). Indentation mistakes are found
 * again by a look at the lines' indents, and an unterminated quote at its
 * opening quote.
 */

export interface SyntaxFinding {
  offset: number;
  message: string;
}

interface ParserError {
  code: string;
  message: string;
  pos: [number, number];
}

const INDENT_CODES = new Set([
  'BLOCK_AS_IMPLICIT_KEY',
  'MULTILINE_IMPLICIT_KEY',
  'BAD_INDENT',
  'MISSING_CHAR',
  'UNEXPECTED_TOKEN',
  'BAD_DIRECTIVE',
]);

/** One finding per parser error; errors that point at the same fixed place are merged by the caller's dedupe. */
export function plainSyntaxError(text: string, err: ParserError): SyntaxFinding {
  if (err.code === 'MISSING_CHAR' && /quote/i.test(err.message)) {
    const quote = openQuote(text, err.pos[0]);
    if (quote !== undefined) return { offset: quote, message: 'Unterminated quote: this string is never closed.' };
  }
  if (err.code === 'TAB_AS_INDENT')
    return { offset: err.pos[0], message: 'Tabs are not allowed for indentation in YAML; indent with spaces.' };
  if (err.code === 'DUPLICATE_KEY')
    return { offset: err.pos[0], message: 'Duplicate key: a key may appear only once in a mapping.' };
  if (INDENT_CODES.has(err.code)) {
    const bad = wrongIndent(text);
    if (bad) return bad;
  }
  if (err.code === 'BLOCK_AS_IMPLICIT_KEY')
    return {
      offset: err.pos[0],
      message:
        'A value cannot be another "key: value" on the same line; put it on its own line, indented under its key.',
    };
  if (/^Flow (sequence|mapping)/.test(err.message))
    return {
      offset: err.pos[0],
      message: `An unclosed ${err.message.startsWith('Flow sequence') ? '[ … ] list' : '{ … } mapping'}: close it on the same line, or indent its continuation under its key.`,
    };
  const words = err.message.split('\n')[0]!.replace(/\s*\([A-Z_]+\)\s*$/, '');
  return { offset: err.pos[0], message: words.endsWith('.') ? words : `${words}.` };
}

/** The opening quote of the string left open before `before`: the last line with an odd number of unescaped double quotes. */
function openQuote(text: string, before: number): number | undefined {
  let lineStart = text.lastIndexOf('\n', Math.max(0, before - 1));
  for (let end = before; end > 0; ) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    const quotes = [...line.matchAll(/(?<!\\)"/g)].map((m) => start + m.index!);
    if (quotes.length % 2 === 1) return quotes[quotes.length - 1];
    end = start - 1;
    lineStart = start;
  }
  void lineStart;
  return undefined;
}

/**
 * The first line whose indentation fits none of the open blocks: a key must
 * sit at the indent of its siblings, or deeper than a line that opened a
 * block (`key:` with nothing after it, or a `- ` item).
 */
export function wrongIndent(text: string): SyntaxFinding | undefined {
  const levels: number[] = [0];
  let opened = false;
  let prevKeyIndent = 0;
  let blockScalarIndent = -1;
  let offset = 0;
  for (const line of text.split('\n')) {
    const here = offset;
    offset += line.length + 1;
    const content = line.replace(/\r$/, '');
    const trimmed = content.trimStart();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const n = content.length - trimmed.length;
    if (blockScalarIndent >= 0) {
      if (n > blockScalarIndent) continue;
      blockScalarIndent = -1;
    }
    if (trimmed.startsWith('---') || trimmed.startsWith('...') || trimmed.startsWith('%')) return undefined;
    const top = levels[levels.length - 1]!;
    if (opened && n > top) levels.push(n);
    else {
      while (levels.length > 1 && levels[levels.length - 1]! > n) levels.pop();
      if (levels[levels.length - 1] !== n) {
        const expected = n < prevKeyIndent ? nearest(levels, n, prevKeyIndent) : prevKeyIndent;
        return { offset: here, message: `Wrong indentation: expected ${expected} spaces, found ${n}.` };
      }
    }
    // A `- ` item opens a mapping at the item's content column.
    let keyIndent = n;
    let rest = trimmed;
    while (rest.startsWith('- ')) {
      keyIndent += 2 + (rest.length - 2 - rest.slice(2).trimStart().length);
      rest = rest.slice(2).trimStart();
      levels.push(keyIndent);
    }
    prevKeyIndent = keyIndent;
    const value = /^[^#'"{[]*?:(\s+(.*))?$/.exec(rest);
    const after = (value?.[2] ?? '').replace(/\s+#.*$/, '');
    opened = rest === '-' || (value !== null && after === '');
    if (value !== null && /^[|>][-+0-9]*$/.test(after)) {
      blockScalarIndent = keyIndent;
      opened = false;
    }
    if (rest.startsWith('[') || rest.startsWith('{') || after.startsWith('[') || after.startsWith('{')) {
      // Flow collections may span lines with any indent; leave those to the parser.
      if (!/[\]}]\s*(#.*)?$/.test(rest)) return undefined;
    }
  }
  return undefined;
}

function nearest(levels: readonly number[], n: number, prefer: number): number {
  let best = levels[0]!;
  for (const l of [...levels, prefer])
    if (Math.abs(l - n) < Math.abs(best - n) || (Math.abs(l - n) === Math.abs(best - n) && l > best)) best = l;
  return best;
}
