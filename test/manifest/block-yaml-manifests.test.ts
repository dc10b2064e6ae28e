import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { parseBlockYaml } from '../../src/manifest/block-yaml.js';
import { seededRandom } from '../helpers/random.js';
import { agrees, comparable, exactRead, mutate } from '../helpers/yaml-differential.js';

/**
 * The block reader is lint's only fast reader, so it must take realistic
 * manifests in every style people write them in (block, the README's
 * one-line flow maps and lists, and a mix) and read them exactly as the
 * exact parser does. Manifests are generated from a fixed seed: commands
 * with subcommands and groups, localizations, choices, permissions, guilds,
 * and scalars that look like numbers, booleans, nulls or comments.
 */

type Random = (n: number) => number;
type Value = string | number | bigint | boolean | null | Value[] | { [key: string]: Value };

const WORDS = [
  'ping',
  'Pong!',
  'café',
  '日本語 ✨',
  'true',
  'no',
  'null',
  '~',
  '123',
  '-4.5',
  '1e3',
  'a: b',
  'C#sharp',
  'x #y',
  '#tag',
  "it's",
  'say "hi"',
  'a, b',
  '[x]',
  '{y}',
  '${APP_ID}',
  '$${literal}',
  '- dash',
  'ends:',
  'path/to?x=1',
  '0x1F',
  '.inf',
  '',
  ' padded ',
  'tab\there',
  'two\nlines',
  'back\\slash',
  '@you',
  '%off',
  '*star',
  '&amp',
  '!bang',
  '|pipe',
  '>gt',
  '?q',
  '`tick`',
  'Yes',
  'NULL',
  'False',
  '12:30',
  '2026-11-25',
];
const LOCALES = ['fr', 'de', 'en-US', 'es-ES', 'ja', 'zh-CN', 'pt-BR'];

function pick<T>(random: Random, list: readonly T[]): T {
  return list[random(list.length)];
}

function text(random: Random): string {
  return random(3) === 0 ? pick(random, WORDS) : `${pick(random, ['Does', 'Shows', 'Sets'])} thing ${random(1000)}`;
}

function localizations(random: Random): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0, n = 1 + random(3); i < n; i++) out[pick(random, LOCALES)] = text(random);
  return out;
}

function leafOption(random: Random, i: number): Record<string, Value> {
  const type = pick(random, ['string', 'integer', 'number', 'boolean', 'channel', 'user', 3, 4]);
  const option: Record<string, Value> = { type, name: `opt-${i}`, description: text(random) };
  if (random(2) === 0) option.required = random(2) === 0;
  if (random(3) === 0) option.description_localizations = localizations(random);
  if (type === 'integer' || type === 4) {
    option.min_value = -1 - random(100);
    option.max_value = random(2) === 0 ? 1000 : 9007199254740993n;
    if (random(2) === 0) option.choices = [1, 2, 3].map((n) => ({ name: text(random), value: n * random(50) }));
  }
  if (type === 'number')
    option.choices = [
      { name: 'half', value: 0.5 },
      { name: 'big', value: 1.5e10 },
    ];
  if (type === 'string' || type === 3) {
    option.max_length = 1 + random(6000);
    if (random(2) === 0) option.choices = [{ name: text(random), value: text(random) }];
  }
  if (type === 'channel') option.channel_types = random(2) === 0 ? ['guild_text', 'guild_voice'] : [0, 2];
  return option;
}

function command(random: Random, i: number): Record<string, Value> {
  const c: Record<string, Value> = { name: `command-${i}`, description: text(random) };
  if (random(2) === 0) c.name_localizations = localizations(random);
  if (random(2) === 0) c.description_localizations = localizations(random);
  if (random(3) === 0) c.contexts = random(2) === 0 ? ['guild', 'bot_dm'] : [];
  if (random(3) === 0) c.default_member_permissions = random(2) === 0 ? ['MANAGE_GUILD', 'BAN_MEMBERS'] : '0';
  if (random(4) === 0) c.nsfw = true;
  const shape = random(3);
  if (shape === 0) c.options = Array.from({ length: random(4) }, (_, k) => leafOption(random, k));
  else if (shape === 1)
    c.options = Array.from({ length: 1 + random(3) }, (_, k) => ({
      type: 'subcommand',
      name: `sub-${k}`,
      description: text(random),
      options: [leafOption(random, 0)],
    }));
  else
    c.options = [
      {
        type: 'subcommand_group',
        name: 'group',
        description: text(random),
        options: [
          {
            type: 'subcommand',
            name: 'inner',
            description: text(random),
            options: [leafOption(random, 0), leafOption(random, 1)],
          },
        ],
      },
    ];
  return c;
}

function manifest(random: Random): Record<string, Value> {
  const m: Record<string, Value> = {
    application_id: random(2) === 0 ? '123456789012345678' : 123456789012345678n,
    commands: Array.from({ length: 1 + random(5) }, (_, i) => command(random, i)),
  };
  if (random(2) === 0) {
    m.guilds = [
      {
        id: '112233445566778899',
        prune: false,
        commands: [command(random, 9)],
        permissions: { 'chat_input:command-9': [{ role: '223344556677889900', permission: true }] },
      },
    ];
  }
  return m;
}

/** A scalar as YAML writes it in a flow collection: plain where the `yaml` library would, else double-quoted. */
function flowScalar(v: Value): string {
  if (typeof v !== 'string') return String(v);
  const plain = stringify(v, { lineWidth: 0 }).trimEnd();
  // The reader declines `#` inside a flow collection's plain scalar (`{ a: C#sharp }`), valid YAML but rare; quoted, it is taken.
  return /[,[\]{}\n#]/.test(plain) || plain.startsWith("'") ? JSON.stringify(v) : plain;
}

const isScalar = (v: Value): boolean => v === null || typeof v !== 'object';
/** What the reader takes on one line: a map of scalars and lists of plain scalars, or a list of scalars. */
const oneLine = (v: Value): boolean =>
  Array.isArray(v)
    ? v.every(isScalar)
    : v !== null &&
      typeof v === 'object' &&
      Object.values(v).every((x) => isScalar(x) || (Array.isArray(x) && x.every(isScalar)));

function flowValue(v: Value): string {
  if (Array.isArray(v)) return `[${v.map(flowValue).join(', ')}]`;
  if (v !== null && typeof v === 'object')
    return `{ ${Object.entries(v)
      .map(([k, x]) => `${k}: ${flowValue(x)}`)
      .join(', ')} }`;
  return flowScalar(v);
}

/** Block collections with one-line flow maps and lists wherever `flow(v)` says so. */
function emit(v: Value, indent: string, flow: (v: Value) => boolean): string[] {
  if (Array.isArray(v)) {
    return v.flatMap((item) => {
      if (isScalar(item) || flow(item) || (Array.isArray(item) && item.length === 0))
        return [`${indent}- ${flowValue(item)}`];
      const [first, ...rest] = emit(item, `${indent}  `, flow);
      return [`${indent}- ${first.trimStart()}`, ...rest];
    });
  }
  return Object.entries(v as Record<string, Value>).flatMap(([k, x]) => {
    const key = `${indent}${flowScalar(k)}:`;
    if (isScalar(x) || flow(x) || (Array.isArray(x) && x.length === 0)) return [`${key} ${flowValue(x)}`];
    // A mapping's list may sit at the key's own indentation.
    return [key, ...emit(x, Array.isArray(x) && x.length % 2 === 1 ? indent : `${indent}  `, flow)];
  });
}

const STYLES: Array<[string, (m: Value, random: Random) => string]> = [
  ['block (the yaml library)', (m) => stringify(m, { lineWidth: 0 })],
  ['flow maps and lists (the README)', (m) => `${emit(m, '', oneLine).join('\n')}\n`],
  ['mixed', (m, random) => `${emit(m, '', (v) => oneLine(v) && random(2) === 0).join('\n')}\n`],
];

describe('block YAML reader on generated manifests', () => {
  it.each(STYLES)('reads every manifest in %s style as the exact parser does', (_style, render) => {
    const random = seededRandom(0x5eed26);
    for (let i = 0; i < 300; i++) {
      const value = manifest(random);
      const yaml = render(value, random);
      const exact = exactRead(yaml);
      // The generator's own check: the text says what was generated.
      expect(exact.ok && comparable(exact.value) === comparable(value), yaml).toBe(true);
      // Scalars the reader leaves to the exact parser (tabs, a plain `?q`, .inf, 0x…) decline the file; every other file must be taken.
      const outside = /\t|[:,[{-] (?:\.inf|0x|\?)/m.test(yaml);
      expect(agrees(yaml) || outside, yaml).toBe(true);
    }
  });

  it.each(STYLES)('never disagrees with the exact parser on mutated manifests in %s style', (_style, render) => {
    const random = seededRandom(0x26f1a5);
    let accepted = 0;
    const runs = 1500;
    for (let i = 0; i < runs; i++) if (agrees(mutate(render(manifest(random), random), random))) accepted++;
    // Most mutations break the document or leave the subset; enough must stay inside it for the comparison to mean something.
    expect(accepted).toBeGreaterThan(runs / 20);
  });

  it('declines what it does not cover rather than guess', () => {
    expect(parseBlockYaml('commands:\n  - { name: a, options: [\n    { type: string }] }\n')).toBeUndefined();
  });
});
