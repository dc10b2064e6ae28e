import type { Obj } from '../wire/rules/values.js';
import { DECLINE, type Declined } from './yaml-scalars.js';

/**
 * Anchors, aliases and merge keys for one fast read (block-yaml.ts,
 * flow-yaml.ts): one instance per document, so no read sees another's.
 * What it does not reproduce exactly it declines: an alias inside the node
 * its anchor is on, a merge of anything but mappings, and aliases that
 * could trip the exact parser's guard against alias bombs.
 */

/**
 * The exact parser (`maxAliasCount: 1000`) refuses an anchor once its uses
 * times the aliases its node holds (counted through nested anchors) pass
 * 1,000. `bounded` checks an upper bound of that product against half.
 */
const MAX_ALIAS_PRODUCT = 500;

interface Anchor {
  value: unknown;
  uses: number;
  /** Still being read: an alias to it would make a cycle. */
  open: boolean;
  /** Anchors aliased inside this one's node. */
  readonly inner: Anchor[];
}

/** An anchor being read; close it with its node's value. */
export type OpenAnchor = Anchor;

export class Anchors {
  private readonly byName = new Map<string, Anchor>();
  private readonly all: Anchor[] = [];
  private readonly reading: Anchor[] = [];
  /** Some node is reachable twice (an alias, or a merged value): the caller must not convert in place. */
  shared = false;

  /** A later anchor of the same name replaces this one for later aliases. */
  open(name: string): OpenAnchor {
    const anchor: Anchor = { value: undefined, uses: 0, open: true, inner: [] };
    this.byName.set(name, anchor);
    this.all.push(anchor);
    this.reading.push(anchor);
    return anchor;
  }

  close(anchor: OpenAnchor, value: unknown): boolean {
    if (this.reading.pop() !== anchor) return false;
    anchor.value = value;
    anchor.open = false;
    return true;
  }

  alias(name: string): unknown {
    const anchor = this.byName.get(name);
    if (anchor === undefined || anchor.open) return DECLINE;
    anchor.uses++;
    for (const outer of this.reading) outer.inner.push(anchor);
    this.shared = true;
    return anchor.value;
  }

  /** No anchor comes near the exact parser's alias limit (an upper bound: every count as it ends the document). */
  bounded(): boolean {
    const weights = new Map<Anchor, number>();
    // An anchor's aliases per use: 1, or through the anchors aliased inside it. Inner anchors closed earlier: no cycle.
    const weight = (a: Anchor): number => {
      let w = weights.get(a);
      if (w !== undefined) return w;
      w = 1;
      for (const inner of a.inner) w = Math.max(w, (inner.uses + 1) * weight(inner));
      weights.set(a, w);
      return w;
    };
    for (const a of this.all) if (a.uses > 0 && (a.uses + 1) * weight(a) > MAX_ALIAS_PRODUCT) return false;
    return true;
  }
}
/**
 * A merge key's value (`<<: *base` or `<<: [*a, *b]`) into `map`: keys not
 * already there, in order, as the exact parser merges. Returns the keys it
 * added (an explicit key later in the mapping may replace those), or
 * DECLINE.
 */
export function mergeInto(map: Obj, value: unknown): Set<string> | Declined {
  const sources = Array.isArray(value) ? value : [value];
  const added = new Set<string>();
  for (const source of sources) {
    if (source === null || typeof source !== 'object' || Array.isArray(source)) return DECLINE;
    for (const key of Object.keys(source)) {
      if (Object.hasOwn(map, key)) continue;
      map[key] = (source as Obj)[key];
      added.add(key);
    }
  }
  return added;
}
