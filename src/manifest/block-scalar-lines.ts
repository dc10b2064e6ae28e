import { blockScalar } from './yaml-scalars.js';

/**
 * The lines of a block scalar (`|` or `>`) whose header ends the line before
 * `start`, for the block reader: they are text whatever they hold (`#`,
 * `key: value`), so they are read here, not as lines of the document.
 * `column`: the column of the key or dash that owns it; the content must be
 * indented deeper. Returns the value and where the document goes on, or
 * undefined for what the exact parser reads its own way: no content line,
 * an all-space line with more spaces than the content's indentation, or a
 * kept (`+`) ending at the end of a file without a final line break.
 */
export function readBlockScalar(
  text: string,
  start: number,
  column: number,
  folded: boolean,
  chomp: string,
): { value: string; next: number } | undefined {
  const lines: string[] = [];
  const length = text.length;
  let indent = -1;
  let leading = 0;
  let at = start;
  let open = false;
  while (at < length) {
    const lineEnd = text.indexOf('\n', at);
    const end = lineEnd === -1 ? length : lineEnd;
    let spaces = 0;
    while (text.charCodeAt(at + spaces) === 32) spaces++;
    if (at + spaces === end) {
      // An all-space line: empty, unless it has more spaces than the content (then it is text the exact parser judges).
      if (lineEnd === -1) break;
      if (indent === -1) leading = Math.max(leading, spaces);
      else if (spaces > indent) return undefined;
      lines.push('');
      at = lineEnd + 1;
      continue;
    }
    if (indent === -1) {
      if (spaces <= column || leading > spaces) break;
      indent = spaces;
    } else if (spaces < indent) break;
    lines.push(text.slice(at + indent, end));
    if (lineEnd === -1) {
      open = true;
      at = length + 1;
      break;
    }
    at = lineEnd + 1;
  }
  if (indent === -1) return undefined;
  if (open && chomp === '+') return undefined;
  // Empty lines before a less indented line belong to the scalar (its trailing lines); the document goes on after them.
  return { value: blockScalar(lines, folded, chomp === '-' ? 'strip' : chomp === '+' ? 'keep' : 'clip'), next: at };
}
