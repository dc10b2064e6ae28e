/**
 * A slash-command line as a user types it in the client:
 * `/config logging enable channel:<#1234> note:"two words" file:./a.png`.
 * Split into the command name, bare words (subcommand group, subcommand) and
 * `name:value` pairs, each with its column so an error can point at it. Pure.
 */

export interface LineWord {
  text: string;
  /** 0-based column of the word's first character. */
  start: number;
  end: number;
}

export interface LinePair {
  name: string;
  /** The value with quotes removed and escapes applied. */
  value: string;
  start: number;
  /** Where the value begins (after `name:`). */
  valueStart: number;
  end: number;
  /** A quote was opened and never closed (allowed only while autocompleting). */
  unterminated: boolean;
}

export interface ParsedLine {
  command: LineWord;
  /** Bare words after the name: the group and subcommand, in order. */
  words: LineWord[];
  pairs: LinePair[];
  /** The line ended inside a token (no trailing space): what the user is typing now. */
  endsInToken: boolean;
}

/** A line the client would not send, with where the problem is. Stable `code` for callers. */
export class CommandLineError extends Error {
  readonly code = 'INVOKE_LINE_INVALID';
  constructor(
    message: string,
    readonly column: number,
    readonly width = 1,
  ) {
    super(message);
    this.name = 'CommandLineError';
  }
}

/** The line, and a caret under the bad token: what `cmdsync invoke` prints. */
export function pointAt(line: string, err: CommandLineError): string {
  const width = Math.max(1, Math.min(err.width, line.length - err.column || 1));
  return `${line}\n${' '.repeat(err.column)}${'^'.repeat(width)} ${err.message}`;
}

interface RawToken {
  text: string;
  start: number;
  end: number;
  unterminated: boolean;
  /** Position of the first unquoted `:`, relative to the token's start in the raw line. */
  colon: number | undefined;
  /** The token text before the colon, as typed (no quote processing). */
  head: string;
  /** The value after the colon, quotes removed. */
  tail: string;
}

function tokenize(line: string): RawToken[] {
  const tokens: RawToken[] = [];
  let i = 0;
  while (i < line.length) {
    while (i < line.length && /\s/.test(line[i]!)) i++;
    if (i >= line.length) break;
    const start = i;
    let text = '';
    let head = '';
    let tail = '';
    let colon: number | undefined;
    let quote: string | undefined;
    let unterminated = false;
    for (; i < line.length; i++) {
      const c = line[i]!;
      if (quote) {
        if (c === '\\' && i + 1 < line.length && (line[i + 1] === quote || line[i + 1] === '\\')) {
          i++;
          text += line[i];
          if (colon !== undefined) tail += line[i];
          continue;
        }
        if (c === quote) {
          quote = undefined;
          continue;
        }
      } else if (/\s/.test(c)) break;
      else if (c === '"' || c === "'") {
        quote = c;
        continue;
      } else if (c === ':' && colon === undefined) {
        colon = i;
        text += c;
        continue;
      }
      text += c;
      if (colon === undefined) head += c;
      else tail += c;
    }
    if (quote) unterminated = true;
    tokens.push({ text, start, end: i, unterminated, colon, head, tail });
  }
  return tokens;
}

/**
 * Parses a line. `partial` (autocomplete) lets the last token be unfinished:
 * an open quote or a pair with no value yet.
 */
export function parseCommandLine(line: string, partial = false): ParsedLine {
  const tokens = tokenize(line);
  const first = tokens[0];
  if (!first?.text.startsWith('/') || first.text.length < 2 || first.colon !== undefined) {
    throw new CommandLineError(
      'a command line starts with /name',
      first?.start ?? 0,
      first ? first.end - first.start : 1,
    );
  }
  const command: LineWord = { text: first.text.slice(1), start: first.start + 1, end: first.end };
  const words: LineWord[] = [];
  const pairs: LinePair[] = [];
  for (const [n, t] of tokens.slice(1).entries()) {
    const last = n === tokens.length - 2;
    if (t.unterminated && !(partial && last))
      throw new CommandLineError('this quote is never closed', t.start, t.end - t.start);
    if (t.colon === undefined) {
      // While autocompleting, a last bare word after options is an option name being typed: nothing to send yet.
      if (pairs.length > 0 && partial && last) continue;
      if (pairs.length > 0)
        throw new CommandLineError(
          `"${t.text}" is not name:value (subcommands come before options)`,
          t.start,
          t.end - t.start,
        );
      words.push({ text: t.text, start: t.start, end: t.end });
      continue;
    }
    if (t.head === '') throw new CommandLineError('an option needs a name before ":"', t.start, 1);
    pairs.push({
      name: t.head,
      value: t.tail,
      start: t.start,
      valueStart: t.colon + 1,
      end: t.end,
      unterminated: t.unterminated,
    });
  }
  return { command, words, pairs, endsInToken: line.length > 0 && !/\s$/.test(line) };
}

export interface LineOption {
  name: string;
  value: string;
}

/** A value as one token: quoted (with `\"` and `\\` escaped) when it holds whitespace or a quote. */
function formatValue(value: string): string {
  if (!/[\s"']/.test(value)) return value;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * The line a user would type for a command path (name, then group and
 * subcommand) and options in order: the inverse of `parseCommandLine`, so
 * `parseCommandLine(formatCommandLine(p, o))` gives back `p` and `o`. While
 * autocompleting, the focused option goes last (the parser focuses the last pair).
 */
export function formatCommandLine(path: readonly string[], options: readonly LineOption[] = []): string {
  const bare = (what: string, s: string) => {
    if (s === '' || /[\s"':]/.test(s))
      throw new RangeError(`${what} ${JSON.stringify(s)} cannot be typed as a bare word`);
    return s;
  };
  if (path.length === 0) throw new RangeError('a command line needs the command name');
  const [name, ...words] = path;
  return [
    `/${bare('command name', name!)}`,
    ...words.map((w) => bare('subcommand', w)),
    ...options.map((o) => `${bare('option name', o.name)}:${formatValue(o.value)}`),
  ].join(' ');
}
