// What the emulator's JSON body parse costs over JSON.parse alone, interleaved
// in the same run: a 100-command bulk body (strings only, the common case) and
// a discord.py-style message body with 200 snowflakes sent as JSON numbers
// (the integers beyond 2^53 are found and quoted before JSON.parse), against
// JSON.parse of the same body and of the body with the ids sent as strings
// (what a correct parse produces; JSON.parse alone rounds the numbers).
// Target: at most 2x for bodies without large integers (before: about 1.3-1.9x),
// at most 3x JSON.parse of the same text for bodies full of them. Against the
// quoted body the ratio is larger (about 7x here): V8 parses short strings far
// faster than 19-digit numbers, so that baseline is tiny; it is shown so a
// regression in the quoting pass stands out.
// JSON_BODY_MODULE measures another build's reader (an older build's dist/emulator/http/json-body.js exports it as parseJsonBody).
const reader = await import(process.env.JSON_BODY_MODULE ?? '../dist/wire/json.js');
const parseJsonBody = reader.readJson ?? reader.parseJsonBody;

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const bulk = JSON.stringify(
  Array.from({ length: 100 }, (_, i) => ({
    name: `command-${i}`,
    description: `Command number ${i} does things`,
    options: [
      {
        type: 3,
        name: 'what',
        description: 'What',
        required: true,
        choices: [
          { name: 'a', value: 'a' },
          { name: 'b', value: 'b' },
        ],
      },
    ],
  })),
);
const ids = Array.from({ length: 200 }, (_, i) => `${1058900000000000107n + BigInt(i)}`);
const mentions = (q) =>
  `{"content":"hello","allowed_mentions":{"parse":[],"users":[${ids.slice(0, 100).map(q).join(',')}],"roles":[${ids.slice(100).map(q).join(',')}]}}`;
const numeric = mentions((id) => id);
const quoted = mentions((id) => `"${id}"`);

function time(fn) {
  const t = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

const cases = [
  ['bulk body, 100 commands', bulk, bulk, 'JSON.parse'],
  ['200 snowflakes as numbers', numeric, numeric, 'JSON.parse (rounds them)'],
  ['200 snowflakes as numbers', numeric, quoted, 'JSON.parse of the ids as strings'],
];
for (const [label, text, baseline, baseLabel] of cases) {
  if (!parseJsonBody(text).ok) throw new Error(`${label}: refused`);
  time(() => JSON.parse(baseline));
  time(() => parseJsonBody(text));
  let base = 0;
  let ours = 0;
  for (let r = 0; r < 5; r++) {
    base += time(() => JSON.parse(baseline));
    ours += time(() => parseJsonBody(text));
  }
  console.log(`${label}: parseJsonBody / ${baseLabel} = ${(ours / base).toFixed(2)}x`);
}
