/**
 * `--shard i/n`: which test files this machine of a CI matrix runs. The files
 * are sorted and cut into n runs of consecutive files, as vitest cuts them, so
 * every file runs on exactly one shard whatever the order they were found in.
 * Pure.
 */
export interface Shard {
  /** 1-based. */
  index: number;
  total: number;
}

/** `"2/4"` as a Shard, or the words of what is wrong with it. */
export function parseShard(text: string): Shard | { problem: string } {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  const index = m ? Number(m[1]) : Number.NaN;
  const total = m ? Number(m[2]) : Number.NaN;
  if (!m || total < 1 || index < 1 || index > total)
    return { problem: `--shard takes i/n with 1 <= i <= n (e.g. 1/4), not "${text}".` };
  return { index, total };
}

/** The files of shard `s`: the s.index-th of s.total near-equal runs of the sorted list. */
export function shardFiles(files: readonly string[], s: Shard): string[] {
  const sorted = [...files].sort();
  const size = Math.ceil(sorted.length / s.total);
  return sorted.slice((s.index - 1) * size, s.index * size);
}
