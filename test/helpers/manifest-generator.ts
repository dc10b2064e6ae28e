/**
 * Random manifests from a seeded source, for the fast readers' differential
 * tests: commands with subcommands and groups, localizations, choices,
 * permissions, guilds, and scalars that look like numbers, booleans, nulls,
 * comments or indicators.
 */
export type Random = (n: number) => number;
export type Value = string | number | bigint | boolean | null | Value[] | { [key: string]: Value };

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

export function manifest(random: Random): Record<string, Value> {
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
