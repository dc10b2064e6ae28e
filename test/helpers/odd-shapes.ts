/**
 * Shapes a reader lets through where a rule expects something else: null,
 * numbers, strings, nested lists where a mapping is expected, mappings where
 * a list is expected, and containers holding those. The fuzz tests put each
 * one at every node of a valid input; every rule must answer them with
 * findings, never a throw.
 */
export const ODD_SHAPES: readonly unknown[] = [
  null,
  0,
  1.5,
  2 ** 64,
  '',
  'x',
  true,
  [],
  [null],
  [[null]],
  [1, 'a'],
  {},
  { a: [[]] },
];

type Path = Array<string | number>;

/** Every path into a value (the root excluded), parents first. */
export function nodePaths(value: unknown, base: Path = []): Path[] {
  const out: Path[] = [];
  const walk = (v: unknown, at: Path) => {
    if (Array.isArray(v))
      v.forEach((x, i) => {
        out.push([...at, i]);
        walk(x, [...at, i]);
      });
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push([...at, k]);
        walk(x, [...at, k]);
      }
  };
  walk(value, base);
  return out;
}

/** A deep copy of `value` with the node at `path` replaced. */
export function replaceAt<T>(value: T, path: Path, replacement: unknown): T {
  const copy = structuredClone(value) as any;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  node[path.at(-1)!] = structuredClone(replacement);
  return copy;
}

/** Each odd shape at each node of `value`: [path, replacement, mutated copy]. */
export function* oddVariants<T>(value: T): Generator<{ path: Path; shape: unknown; variant: T }> {
  for (const path of nodePaths(value))
    for (const shape of ODD_SHAPES) yield { path, shape, variant: replaceAt(value, path, shape) };
}
