import type { Obj } from '../wire/rules/values.js';
import { DECLINE, type Declined } from './yaml-scalars.js';

/**
 * Anchors, aliases and merge keys for one fast read (block-yaml.ts,
 * flow-yaml.ts): one instance per document, so no read sees another's.
 * What it does not reproduce exactly it declines: an alias inside the node
 * its anchor is on or inside another anchored node (the exact parser's
 * alias-count guard multiplies those), an anchor used so often that guard
 * could trip, a merge of anything but mappings.
 */

/** The exact parser refuses an anchor's 1,000th alias (`maxAliasCount`); well short of that the exact path decides. */
const MAX_USES = 500;

interface Anchor {
  value: unknown;
  uses: number;
  /** Still being read: an alias to it would make a cycle. */
  open: boolean;
}

export interface OpenAnchor {
  readonly anchor: Anchor;
  /** Aliases read before the node began. */
  readonly mark: number;
}

export class Anchors {
  private readonly byName = new Map<string, Anchor>();
  /** Aliases read so far, to see whether an anchored node holds one. */
  private aliasCount = 0;
  /** Some node is reachable twice (an alias, or a merged value): the caller must not convert in place. */
  shared = false;

  /** Opens an anchor; `close` it with its node's value. A later anchor of the same name replaces it for later aliases. */
  open(name: string): OpenAnchor {
    const anchor: Anchor = { value: undefined, uses: 0, open: true };
    this.byName.set(name, anchor);
    return { anchor, mark: this.aliasCount };
  }

  /** False when the node held an alias (left to the exact parser). */
  close(open: OpenAnchor, value: unknown): boolean {
    if (open.mark !== this.aliasCount) return false;
    open.anchor.value = value;
    open.anchor.open = false;
    return true;
  }

  alias(name: string): unknown {
    const anchor = this.byName.get(name);
    if (anchor === undefined || anchor.open || ++anchor.uses > MAX_USES) return DECLINE;
    this.aliasCount++;
    this.shared = true;
    return anchor.value;
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
