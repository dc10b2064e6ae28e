import { describe, expect, it } from 'vitest';
import { generateKeyPair, signInteraction, verifyInteraction } from '../../src/emulator/interactions/keys.js';

describe('interaction signatures', () => {
  it('each seed signs with its own key, also when keys are loaded once and kept', () => {
    const pairs = Array.from({ length: 70 }, () => generateKeyPair());
    // Twice over more seeds than are kept loaded: a kept key never signs for another seed.
    for (const round of [1, 2]) {
      for (const [i, pair] of pairs.entries()) {
        const body = `{"round":${round},"i":${i}}`;
        const sig = signInteraction(pair.privateKey, '1700000000', body);
        expect(verifyInteraction(pair.publicKey, '1700000000', body, sig)).toBe(true);
        expect(verifyInteraction(pairs[(i + 1) % pairs.length]!.publicKey, '1700000000', body, sig)).toBe(false);
      }
    }
  });
});
