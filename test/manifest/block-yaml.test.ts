import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseBlockYaml } from '../../src/manifest/block-yaml.js';
import { CORPUS, FIXTURES, fixtureFiles } from '../helpers/fixtures.js';
import { seededRandom } from '../helpers/random.js';
import { agrees, mutate } from '../helpers/yaml-differential.js';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => join(dir, f));
}

function corpusAsYaml(): string[] {
  const dir = join(CORPUS, 'real-defs');
  return fixtureFiles(dir, /\.json$/).map((f) =>
    stringify({ application_id: '112233445566778899', commands: JSON.parse(readFileSync(join(dir, f), 'utf8')) }),
  );
}

describe('block YAML reader', () => {
  it('reads every fixture and corpus set it accepts exactly as the exact parser does, and accepts most of them', () => {
    // Every YAML fixture must read alike where the fast reader takes it; "most" is counted over manifests only:
    // bot test files and the worlds they name (`world.yaml`, emulator seeds) are read by the exact parser alone,
    // never the fast path, and each bot fixture added one more that it need not take.
    const files = yamlFiles(FIXTURES);
    const botTests = files.filter((f) => f.endsWith('.test.yaml') || f.endsWith('world.yaml'));
    for (const f of botTests) agrees(readFileSync(f, 'utf8'));
    const texts = [
      ...files.filter((f) => !botTests.includes(f)).map((f) => readFileSync(f, 'utf8')),
      ...corpusAsYaml(),
    ];
    const accepted = texts.filter(agrees).length;
    expect(accepted / texts.length).toBeGreaterThan(0.8);
  });

  it.each([
    ['block mappings and sequences', 'a:\n  b: 1\n  c:\n    - x\n    - y\nd: e\n'],
    ['a sequence at its key’s indentation', 'a:\n- x\n- y\nb: 2\n'],
    ['mappings opened by a dash, extra spaces after it', 'l:\n  -   k: 1\n      j: 2\n  - k: 3\n'],
    ['nested items', 'l:\n  -\n    - 1\n    - 2\n  - 3\n'],
    ['empty values are null', 'a:\nb: ~\nc: null\nd:\n  -\n'],
    [
      'core-schema scalars',
      'a: true\nb: False\nc: 12\nd: -7\ne: 1.5\nf: .5\ng: 1e3\nh: +4\ni: 007\nj: -0\nk: 1_000\nl: 12:30\nm: yes\nn: 0.\n',
    ],
    ['integers past 2^53 as BigInt', 'id: 112233445566778899\nneg: -9007199254740993\nsafe: 9007199254740991\n'],
    [
      'quoted scalars and escapes',
      `a: "x \\"y\\" \\\\ \\n \\t \\/"\nb: 'it''s # not a comment'\nc: "# neither"\n"q k": 1\n'w''k': 2\n`,
    ],
    [
      'comments everywhere',
      '# head\na: 1 # one\n  # indented comment\nb: C#sharp\nc: "s" # after\nl:\n  # in a list\n  - x # item\n',
    ],
    [
      'plain scalars with indicators inside',
      'a: one, two [three] {four}\nb: http://example.com/x?y=1\nc: -dash\nd: a:b\ne: "100%"\nf: ends with -\n',
    ],
    ['flow sequences', 'a: [guild, bot_dm, "x, y", \'z\']\nb: []\nc: [ 1, 2.5, -3 ]\nd: [ ]\n'],
    ['flow mappings', 'l:\n  - { name: n1, value: 1 }\n  - {"name": "q", "value": "yes"}\n  - {}\ne: { }\n'],
    ['a leading document marker', '---\na: 1\n'],
    ['CRLF line ends', 'a: 1\r\nb:\r\n  - x\r\n'],
    ['keys with colons and spaces', 'permissions:\n  chat_input:ban: []\n  message:Report It: []\n  "*": []\n'],
    ['no-break spaces as text, not white space', 'a: x\u00a0\nb: y\u00a0z\n'],
    ['unicode text', 'name: café\ndescription: 日本語のコマンド ✨\nname_localizations:\n  ja: こんにちは\n'],
    [
      'simple words and integers with trailing spaces, signs and the null and boolean words',
      'a: word  \nb: Two words, here.   \nc: -12  \nd: +3\ne: NULL\nf: True \ng: FALSE\nh: nope\ni: 0\nj: Null  # c\nl:\n  - item  \n  - 42\n  - Null\n  - 18446744073709551616\n',
    ],
    [
      'flow mappings holding flow sequences of scalars, as READMEs write options',
      'o:\n  - { type: channel, name: where, channel_types: [guild_text, guild_voice ], e: [], n: [1, -2, true, null] }\n',
    ],
    ['anchors and aliases', 'a: &x 1\nb: *x\nc: &l\n  - p\nd: *l\ne: [&y 2, *y]\n'],
    ['merge keys', 'a: &a { x: 1, y: 2 }\nb:\n  <<: *a\n  y: 3\nc: { <<: [*a, {z: 0}], x: 9 }\nd:\n  y: 4\n  <<: {}\n'],
    [
      'block scalars with chomping',
      'a: |\n  text\n  # not a comment\nb: >\n  folded\n  here\n\n  para\n   more\nc: |-\n  x\nd: >+\n  y\n\ne: 1\nl:\n  - |\n    item\n  - k: >-\n      v\n',
    ],
    ['nested flow collections', 'a: [[1], 2, {b: [x, {c: d}]}]\n'],
    ['flow mappings of mappings', 'a: { b: { c: 1 }, d: { de: Modus 0 } }\n'],
    ['flow mappings of nested or quoted sequences', 'a: { b: [[1]] }\nc: { d: ["x"] }\n'],
    ['YAML escapes', 'a: "\\u00e9 \\x41 \\U0001F600 \\e \\N \\_ \\0 \\ud83d\\ude00"\n'],
  ])('accepts %s', (_name, text) => {
    expect(agrees(text)).toBe(true);
  });

  it.each([
    ['tags', 'a: !!str 1\n'],
    ['multi-line plain scalars', 'a: one\n  two\n'],
    ['multi-line quoted scalars', 'a: "one\n  two"\n'],
    ['multi-line flow collections', 'a: [1,\n  2]\n'],
    ['an alias to an anchor not yet read', 'a: *x\nb: &x 1\n'],
    ['an alias inside its own anchor', 'a: &x [1, *x]\n'],
    ['a merge of a list', 'a: &x [1]\nb:\n  <<: *x\n'],
    ['an indentation indicator', 'a: |2\n   x\n'],
    ['a block scalar with no content', 'a: |\nb: 1\n'],
    ['a trailing comma', 'a: [1, 2,]\n'],
    ['tabs', 'a:\t1\n'],
    ['duplicate keys', 'a: 1\na: 2\n'],
    ['duplicate keys across quoting', 'a: 1\n"a": 2\n'],
    ['a second document', 'a: 1\n---\nb: 2\n'],
    ['directives', '%YAML 1.2\n---\na: 1\n'],
    ['a document end marker before a key', 'a: 1\n...    b: 2\n'],
    ['a document start marker before a key', 'a: 1\n---    b: 2\n'],
    ['JSON', '{"a": 1}\n'],
    ['a scalar document', 'just text\n'],
    ['a comment-only document', '# nothing\n'],
    ['compact nested mappings', 'a: b: c\n'],
    ['a sequence on its key’s line', 'a: - x\n'],
    ['a stray deeper line', 'a: 1\n   b: 2\n'],
    ['a sequence item among keys', 'a: 1\n- x\n'],
    ['hex, octal and special floats', 'a: 0x1F\n'],
    ['infinity', 'a: .inf\n'],
    ['non-string keys', '1: a\n'],
    ['null keys', '~: a\n'],
    ['the prototype key', '__proto__: 1\n'],
    ['a mis-indented key', 'a:\n    b: 1\n  c: 2\n'],
    ['a key too long for an implicit key', `${'k'.repeat(1025)}: 1\n`],
  ])('declines %s', (_name, text) => {
    expect(parseBlockYaml(text)).toBeUndefined();
  });

  it('never disagrees with the exact parser on mutated documents', () => {
    // A fixed-seed generator: the same mutations on every run.
    const random = seededRandom(0x2545f491);
    const bases = [
      readFileSync(join(FIXTURES, 'valid', 'commands', 'weather.yaml'), 'utf8'),
      'application_id: "1"\ncommands:\n  - name: ping # c\n    description: \'Pong it\'\n    options:\n      - { type: string, name: a, description: "x y" }\n      - type: 4\n        name: n\n        min_value: -5\n        choices: [1, 2]\n    contexts: [guild]\nguilds:\n- id: 112233445566778899\n  commands: []\n',
    ];
    let accepted = 0;
    const runs = 4000;
    for (let i = 0; i < runs; i++) {
      const text = mutate(bases[random(bases.length)], random);
      if (agrees(text)) accepted++;
    }
    // Most mutations break the document or leave the subset; enough must stay inside it for the comparison to mean something.
    expect(accepted).toBeGreaterThan(runs / 10);
  });
});
