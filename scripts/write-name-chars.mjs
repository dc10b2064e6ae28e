// Writes src/wire/name-chars.ts: the code points of the documented name
// pattern's class, [-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}], as ranges, read
// from this Node's Unicode tables. A Unicode-property pattern costs V8 5-10 ms
// to build on first use (a third of `cmdsync lint`'s own time on a manifest
// with one non-ASCII localized name: bench/lint.md); the table is read in
// microseconds, and it answers alike on every Node version.
//
//   node scripts/write-name-chars.mjs      (then: npx biome format --write src/wire/name-chars.ts)
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const CLASS = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]$/u;
const ranges = [];
for (let cp = 0; cp <= 0x10ffff; cp++) {
  if (cp >= 0xd800 && cp <= 0xdfff) continue; // lone surrogates are no characters
  if (!CLASS.test(String.fromCodePoint(cp))) continue;
  const last = ranges.at(-1);
  if (last && last[1] === cp - 1) last[1] = cp;
  else ranges.push([cp, cp]);
}
// Each range as the gap since the previous one's end and its length less one, in base 36.
let previous = -1;
const encoded = ranges.map(([start, end]) => {
  const pair = `${(start - previous - 1).toString(36)}.${(end - start).toString(36)}`;
  previous = end;
  return pair;
});
const chunks = [];
for (let i = 0; i < encoded.length; i += 12) chunks.push(encoded.slice(i, i + 12).join(','));
const text = `/**
 * The code points of the documented name pattern's class
 * \`[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]\`, Unicode ${process.versions.unicode}, as ${ranges.length} ranges:
 * each the gap since the previous range's end and its length less one, in
 * base 36. Written by scripts/write-name-chars.mjs; naming.ts reads it.
 */
export const NAME_CHAR_UNICODE = '${process.versions.unicode}';

export const NAME_CHAR_RANGES = [
${chunks.map((c) => `  '${c}',`).join('\n')}
].join(',');
`;
writeFileSync(resolve(import.meta.dirname, '../src/wire/name-chars.ts'), text);
console.log(`${ranges.length} ranges`);
