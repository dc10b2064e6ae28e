import type { Document, LineCounter, Node, Pair, Scalar } from 'yaml';
import { closest } from '../../wire/suggest.js';
import type { SourceAt, TestFileProblem } from '../model.js';
import { yamlLib } from '../../manifest/yaml-lib.js';

/** A YAML node as the parser gives it: a scalar, map or sequence, or nothing (`key:` with no value). */
export type YNode = Node | null | undefined;

/** A mapping's entry: the key as text, where it was written, and its value node. */
export interface Entry {
  key: string;
  keyNode: Node;
  value: YNode;
}

/**
 * The reading of one test file: where each node was written, and the
 * problems found so far. Every check reports here and carries on, so one run
 * tells every mistake in the file, each at its line and column.
 */
export class Reader {
  readonly problems: TestFileProblem[] = [];
  /** The keys each mapping was told it probably meant: a key reported as misspelt is not reported again as missing. */
  private readonly hints = new WeakMap<object, Set<string>>();

  constructor(
    readonly file: string,
    readonly dir: string,
    private readonly lines: LineCounter,
    private readonly doc: Document.Parsed,
  ) {}

  /** Where `node` begins; `fallback` (its parent's position) for an empty value. */
  at(node: YNode, fallback?: SourceAt): SourceAt {
    return this.atOffset(node?.range?.[0], fallback);
  }

  atOffset(offset: number | undefined, fallback?: SourceAt): SourceAt {
    if (offset === undefined) return fallback ?? { file: this.file, line: 1, column: 1 };
    const { line, col } = this.lines.linePos(offset);
    return { file: this.file, line, column: col };
  }

  problem(at: SourceAt, message: string): undefined {
    this.problems.push({ message, at });
    return undefined;
  }

  /**
   * The entries of a mapping, each key checked against `known` (an unknown
   * key is a problem, with the nearest known key when it looks like a typo).
   * `what` names the mapping in messages ("a step", "expect").
   */
  entries(node: YNode, what: string, known: readonly string[], fallback?: SourceAt): Map<string, Entry> | undefined {
    const { isMap, isScalar } = yamlLib();
    if (!isMap(node))
      return this.problem(this.at(node, fallback), `${what} must be a mapping (key: value), not ${describe(node)}`);
    const out = new Map<string, Entry>();
    for (const pair of node.items as Pair<unknown, unknown>[]) {
      const keyNode = pair.key as Node;
      const key = isScalar(keyNode) ? String(keyNode.value) : undefined;
      if (key === undefined) {
        this.problem(this.at(keyNode, this.at(node)), `${what}: a key must be a plain name`);
        continue;
      }
      if (!known.includes(key)) {
        const hint = closest(key, known);
        if (hint) this.hints.set(node, (this.hints.get(node) ?? new Set()).add(hint));
        this.problem(
          this.at(keyNode),
          `unknown key "${key}" in ${what}${hint ? `; did you mean "${hint}"?` : ` (known: ${known.join(', ')})`}`,
        );
        continue;
      }
      out.set(key, { key, keyNode, value: pair.value as YNode });
    }
    return out;
  }

  /** Reports `message` unless one of `keys` was already suggested for this mapping (the typo said it); undefined either way. */
  missing(node: YNode, keys: readonly string[], at: SourceAt, message: string): undefined {
    const hinted = node ? this.hints.get(node) : undefined;
    if (!keys.some((k) => hinted?.has(k))) this.problem(at, message);
    return undefined;
  }

  /** Where an entry's value is, or its key when the value is empty. */
  valueAt(entry: Entry): SourceAt {
    return this.at(entry.value, this.at(entry.keyNode));
  }

  /**
   * A scalar written as text. Numbers are taken as written (their source, so
   * an id keeps every digit); anything else is a problem naming `what`.
   */
  text(entry: Entry, what = entry.key): string | undefined {
    const { isScalar } = yamlLib();
    const v = entry.value;
    if (isScalar(v)) {
      if (typeof v.value === 'string') return v.value;
      if (typeof v.value === 'number' || typeof v.value === 'bigint') return sourceOf(v);
    }
    return this.problem(this.valueAt(entry), `${what} must be text, not ${describe(v)}`);
  }

  /** Non-empty text. */
  nonEmpty(entry: Entry, what = entry.key): string | undefined {
    const s = this.text(entry, what);
    if (s !== undefined && s.trim() === '') return this.problem(this.valueAt(entry), `${what} must not be empty`);
    return s;
  }

  bool(entry: Entry): boolean | undefined {
    const v = entry.value;
    if (yamlLib().isScalar(v) && typeof v.value === 'boolean') return v.value;
    return this.problem(this.valueAt(entry), `${entry.key} must be true or false, not ${describe(v)}`);
  }

  /**
   * A node as plain data (the world's seed, an embed). Aliases are expanded
   * as the parser allows; a file that expands past its limit (a "billion
   * laughs") is a problem, not a crash.
   */
  plain(node: YNode, what: string): unknown {
    try {
      // With the document, so aliases resolve to what they name (a bare node's toJSON leaves them as references).
      return (node as Node).toJS(this.doc, { maxAliasCount: 100 });
    } catch (err) {
      return this.problem(this.at(node), `${what} cannot be read: ${(err as Error).message}`);
    }
  }

  /** The items of a sequence, or a problem. */
  items(entry: Entry, what = entry.key): YNode[] | undefined {
    const v = entry.value;
    if (yamlLib().isSeq(v)) return v.items as YNode[];
    return this.problem(this.valueAt(entry), `${what} must be a list, not ${describe(v)}`);
  }
}

/** A scalar's text as written in the file. */
function sourceOf(s: Scalar): string {
  return typeof s.source === 'string' ? s.source : String(s.value);
}

/** What a value is, for "must be X, not Y". */
export function describe(node: YNode): string {
  const { isMap, isSeq, isScalar, isAlias } = yamlLib();
  if (node === null || node === undefined) return 'empty';
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isAlias(node)) return 'an alias';
  if (isScalar(node)) {
    const v = node.value;
    if (v === null) return 'empty';
    if (typeof v === 'string') return `the text ${JSON.stringify(v.length > 40 ? `${v.slice(0, 37)}...` : v)}`;
    if (typeof v === 'boolean') return String(v);
    if (typeof v === 'number' || typeof v === 'bigint') return `the number ${sourceOf(node)}`;
    return `a ${node.tag ?? 'tagged'} value`;
  }
  return 'this value';
}

/** The scalar's column offset to its first character of content (after an opening quote). */
export function contentOffset(node: YNode): number | undefined {
  const { isScalar } = yamlLib();
  if (!isScalar(node) || !node.range) return undefined;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  const plain = quoted || node.type === 'PLAIN';
  return plain ? node.range[0] + (quoted ? 1 : 0) : undefined;
}
