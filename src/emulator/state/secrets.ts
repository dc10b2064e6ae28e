/**
 * Comparing a secret a request gives (a token, a client secret) with one the
 * world holds, in constant time whatever the lengths: both sides are hashed
 * to equal-length digests first, so neither the secret nor its length leaks.
 * The stored side's digest is kept, as it is compared on every request that
 * names it (a webhook execute, each application on a bot token), and so is
 * a given secret that matched (`matched` below).
 */
import { hash, timingSafeEqual } from 'node:crypto';

/** Digests of stored secrets, by secret. Bounded: past it, the oldest half goes (rotated tokens are not kept for ever). */
const stored = new Map<string, Buffer>();
const MAX_STORED = 4096;

/** The digest a given secret is compared by (one-shot hashing: a Hash object per call cost twice as much). */
export function secretDigest(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

function storedDigest(secret: string): Buffer {
  let d = stored.get(secret);
  if (d === undefined) {
    if (stored.size >= MAX_STORED) for (const key of [...stored.keys()].slice(0, MAX_STORED / 2)) stored.delete(key);
    d = secretDigest(secret);
    stored.set(secret, d);
  }
  return d;
}

/** `given` (a digest from `secretDigest`, hashed once per request) is the stored secret `expected`. */
export function digestMatches(expected: string | undefined, given: Buffer): boolean {
  return timingSafeEqual(storedDigest(expected ?? ''), given) && expected !== undefined;
}

/**
 * Given secrets that matched, with the stored secret each matched: the same
 * pair again (every execute of a webhook) skips the hash. Only matches are
 * kept, so guesses cannot fill it, and a guess is looked up by its string's
 * hash, never compared with a stored secret: anything not kept is compared
 * by digest as before.
 */
const matched = new Map<string, string>();

/** The secret a request gave is the one stored (undefined: there is none, never a match). */
export function secretMatches(expected: string | undefined, given: string): boolean {
  if (expected !== undefined && matched.get(given) === expected) return true;
  if (!digestMatches(expected, secretDigest(given))) return false;
  if (matched.size >= MAX_STORED) for (const key of [...matched.keys()].slice(0, MAX_STORED / 2)) matched.delete(key);
  matched.set(given, expected!);
  return true;
}
