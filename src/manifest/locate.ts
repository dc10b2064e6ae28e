import type { Node, YAMLMap } from 'yaml';
import type { Path } from '../wire/problem.js';
import type { SourceFile } from './source.js';
import { yamlLib } from './yaml-lib.js';

export interface Position {
  line: number;
  col: number;
  endLine: number;
  endCol: number;
}

type Found = { node: Node; keyNode?: Node };

function deref(file: SourceFile, node: unknown): Node | undefined {
  const { isAlias } = yamlLib();
  if (isAlias(node)) return deref(file, node.resolve(file.doc));
  return (node ?? undefined) as Node | undefined;
}

/**
 * Each mapping's pairs by key, built on first lookup: a file with many
 * findings in one large mapping would otherwise scan it once per finding.
 * The first pair of a key wins, as in the scan it replaces.
 */
const pairIndex = new WeakMap<YAMLMap, Map<string, YAMLMap['items'][number]>>();

function pairsByKey(map: YAMLMap): Map<string, YAMLMap['items'][number]> {
  let index = pairIndex.get(map);
  if (!index) {
    const { isScalar } = yamlLib();
    index = new Map();
    for (const pair of map.items) {
      if (!isScalar(pair.key)) continue;
      const name = String(pair.key.value);
      if (!index.has(name)) index.set(name, pair);
    }
    pairIndex.set(map, index);
  }
  return index;
}

/** A map's entry by key, looking through `<<` merge keys the way the parser resolves them. */
function mapEntry(file: SourceFile, map: YAMLMap, key: string): Found | undefined {
  const { isMap, isScalar, isSeq } = yamlLib();
  const own = pairsByKey(map).get(key);
  if (own) return { node: deref(file, own.value) ?? (own.key as Node), keyNode: own.key as Node };
  for (const pair of map.items) {
    if (isScalar(pair.key) && pair.key.value === '<<') {
      const sources = deref(file, pair.value);
      const list = isSeq(sources) ? sources.items.map((n) => deref(file, n)) : [sources];
      for (const src of list) {
        if (isMap(src)) {
          const found = mapEntry(file, src, key);
          if (found) return found;
        }
      }
    }
  }
  return undefined;
}

/**
 * The node at `path`, or the nearest existing ancestor. With `key`, the last
 * segment's key is pointed at instead of its value (for unknown keys).
 */
export function locate(file: SourceFile, path: Path, opts: { key?: boolean } = {}): Position {
  const { isMap, isSeq } = yamlLib();
  let node: Node | undefined = deref(file, file.doc.contents);
  let target: Node | undefined = node;
  for (let i = 0; i < path.length && node; i++) {
    const seg = path[i];
    let found: Found | undefined;
    if (isMap(node)) found = mapEntry(file, node, String(seg));
    else if (isSeq(node) && typeof seg === 'number') {
      const item = deref(file, node.items[seg]);
      if (item) found = { node: item };
    }
    if (!found) break;
    node = found.node;
    target = opts.key && i === path.length - 1 && found.keyNode ? found.keyNode : found.node;
  }
  return rangeOf(file, target);
}

export function rangeOf(file: SourceFile, node: Node | undefined): Position {
  const range = node && !yamlLib().isPair(node) ? node.range : undefined;
  if (!range) return { line: 1, col: 1, endLine: 1, endCol: 1 };
  const start = file.lineCounter.linePos(range[0]);
  const end = file.lineCounter.linePos(range[1]);
  return { line: start.line, col: start.col, endLine: end.line, endCol: end.col };
}

export function offsetPosition(file: SourceFile, offset: number): Position {
  const p = file.lineCounter.linePos(offset);
  return { line: p.line, col: p.col, endLine: p.line, endCol: p.col };
}
