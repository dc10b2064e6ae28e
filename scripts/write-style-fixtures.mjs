// Writes fixtures/valid/styles/: three of the corpus's real command sets
// (fixtures/corpus/real-defs, see its README) as one manifest, in each style
// people write a manifest in (bench/manifest-styles.mjs). The build's warm-up
// lints them (scripts/warm-up.mjs), so lint's code cache holds every reader,
// not only the block style's; tests read them as ordinary valid manifests.
//
//   node scripts/write-style-fixtures.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { corpusManifest, STYLES } from '../bench/manifest-styles.mjs';

const root = resolve(import.meta.dirname, '..');
const out = join(root, 'fixtures/valid/styles');
mkdirSync(out, { recursive: true });
const corpus = corpusManifest(root);
const value = { ...corpus, guilds: corpus.guilds.slice(0, 3) };
let seed = 39;
const random = (n) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
for (const [name, write] of STYLES) {
  const file = `${name.replace(/\W+/g, '-').toLowerCase()}.${name === 'JSON' ? 'json' : 'yaml'}`;
  writeFileSync(join(out, file), write(value, random));
}
