/**
 * A seeded xorshift generator: `random(n)` gives an integer in [0, n), the
 * same sequence on every run, so a generated test case that fails can be
 * found again.
 */
export function seededRandom(seed: number): (n: number) => number {
  let state = seed | 0 || 1;
  return (n) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
}
