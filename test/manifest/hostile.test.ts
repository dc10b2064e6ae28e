import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { guildAccessFromManifest } from '../../src/manifest/access.js';
import { lintPath } from '../../src/cli/commands/lint.js';
import { checkManifest } from '../../src/manifest/check.js';
import { parseSource, type SourceFile } from '../../src/manifest/source.js';
import { desiredState, desiredWebhooks } from '../../src/manifest/desired.js';
import { buildPlan } from '../../src/plan/build.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { oddVariants } from '../helpers/odd-shapes.js';
import { seededRandom } from '../helpers/random.js';
import { testdir } from '../helpers/tmp.js';

/**
 * Hostile manifests, generated from a seed: lint must answer every one with
 * findings (never a throw, never a hang, never a pile of findings that grows
 * with the attack). CMDSYNC_FUZZ_SEED and CMDSYNC_FUZZ_CASES replay or widen a run.
 */
const SEED = Number(process.env.CMDSYNC_FUZZ_SEED ?? 20261124);
const CASES = Number(process.env.CMDSYNC_FUZZ_CASES ?? 150);

type Pick = (n: number) => number;

const FRAGMENTS: Array<(r: Pick) => string> = [
  // Alias chains: width^depth nodes once expanded.
  (r) => {
    const width = 2 + r(9);
    const depth = 2 + r(9);
    const lines = [`x-a0: &a0 [${Array(width).fill('"lol"').join(',')}]`];
    for (let i = 1; i <= depth; i++)
      lines.push(
        `x-a${i}: &a${i} [${Array(width)
          .fill(`*a${i - 1}`)
          .join(',')}]`,
      );
    return lines.join('\n');
  },
  // Deep nesting, flow and block.
  (r) => {
    const n = 1 + r(3000);
    return `x-deep: ${'['.repeat(n)}${']'.repeat(n)}`;
  },
  (r) => {
    const n = 1 + r(400);
    let out = 'x-block:';
    for (let i = 0; i < n; i++) out += `\n${'  '.repeat(i + 1)}k:`;
    return out;
  },
  // Numbers JavaScript cannot hold, and special floats.
  (r) => `x-n: ${['1e999', '-1e999', '.inf', '.nan', '99999999999999999999999999', `0x${'f'.repeat(40)}`, '-0'][r(7)]}`,
  // Many keys in one mapping.
  (r) => `x-keys:\n${Array.from({ length: 1 + r(3000) }, (_, i) => `  k${i}: ${i}`).join('\n')}`,
  // A long string, in quotes or plain.
  (r) => `x-long: ${r(2) ? '"' : ''}${'x'.repeat(1 + r(200_000))}${r(2) ? '' : ''}`,
  // References to variables, some of them secrets, some malformed.
  (r) => `x-ref: "${['${A', '${DISCORD_TOKEN}', '${X:-${Y}}', '$${LIT}', '${1BAD}', `\${${'V'.repeat(5000)}}`][r(6)]}"`,
  // Tags, directives and documents the reader must refuse or read.
  (r) =>
    [
      'x-tag: !!binary aGVsbG8=',
      'x-tag: !custom 1',
      '%YAML 1.2\n---',
      '---\n---',
      'x-set: !!set { a, b }',
      'x-ts: 2001-12-14t21:59:43.10-05:00',
    ][r(6)],
  // Broken syntax.
  (r) =>
    ['x-q: "unterminated', 'x-map: { a: 1, b', 'x-t:\t1', '  - stray', 'x: [1, 2', ': nokey', 'x-a: *undefined'][r(7)],
  // Control characters and odd Unicode.
  (r) => `x-u: "${['\u0007', '\u202e', '\ud800', '\uffff', '\u2028', '\ufeff'][r(6)]}"`,
  // Commands that break many rules at once.
  (r) =>
    `commands:\n${Array.from({ length: 1 + r(150) }, (_, i) => `  - { name: "N ${i}", description: "", type: ${r(9)}, options: [{ type: 99, name: "" }] }`).join('\n')}`,
];

const BASE = ['application_id: "500000000000000001"'];

function hostileManifest(r: Pick): string {
  const parts = [...BASE];
  const n = 1 + r(3);
  for (let i = 0; i < n; i++) parts.push(FRAGMENTS[r(FRAGMENTS.length)](r));
  if (!parts.some((p) => p.startsWith('commands:'))) parts.push('commands: []');
  const text = `${parts.join('\n')}\n`;
  return r(10) === 0 ? text.replace(/\n/g, '\r\n') : text;
}

describe(`hostile manifests (seed ${SEED}, ${CASES} cases)`, () => {
  // 11 s at a load of 10 on 2 cores: the default 30 s was too close for CI.
  it('every one is answered with bounded findings, never a throw', () => {
    const r = seededRandom(SEED);
    const cwd = testdir({});
    for (let i = 0; i < CASES; i++) {
      const text = hostileManifest(r);
      writeFileSync(`${cwd}/cmdsync.yaml`, text);
      let count: number;
      try {
        count = lintPath('cmdsync.yaml', { cwd, env: { A: 'a' } }).diagnostics.length;
      } catch (err) {
        throw new Error(
          `case ${i} of seed ${SEED} threw: ${(err as Error).stack}\n--- manifest (first 400 chars) ---\n${text.slice(0, 400)}`,
        );
      }
      expect(count, `case ${i} of seed ${SEED}`).toBeLessThan(1200);
    }
  }, 120_000);
});

/**
 * A manifest that reaches every rule lint and plan run: commands of every
 * type with options, choices and localizations, the application's traits,
 * limits, guild permissions (per command, typed, application-wide) and
 * webhooks with a file avatar.
 */
const EVERY_RULE = {
  application_id: '500000000000000001',
  application: { embedded: true, integration_types: ['guild_install', 'user_install'], discoverable: false },
  limits: { user_commands: 15 },
  commands: [
    {
      name: 'admin',
      description: 'Admin tools',
      default_member_permissions: ['BAN_MEMBERS'],
      contexts: ['guild', 'bot_dm'],
      integration_types: ['guild_install'],
      name_localizations: { fr: 'administrer' },
      description_localizations: { fr: 'Outils' },
      options: [
        {
          type: 'sub_command_group',
          name: 'users',
          description: 'Users',
          options: [
            {
              type: 'sub_command',
              name: 'ban',
              description: 'Ban',
              options: [{ type: 'user', name: 'who', description: 'Who', required: true }],
            },
          ],
        },
        {
          type: 'sub_command',
          name: 'say',
          description: 'Say',
          options: [
            {
              type: 'string',
              name: 'text',
              description: 'Text',
              required: true,
              min_length: 1,
              max_length: 100,
              choices: [{ name: 'Hi', value: 'hi', name_localizations: { de: 'Hallo' } }],
            },
            { type: 'number', name: 'n', description: 'N', min_value: -1.5, max_value: 9.5, autocomplete: true },
            { type: 'channel', name: 'where', description: 'Where', channel_types: ['guild_text'] },
          ],
        },
      ],
    },
    { type: 'user', name: 'Profile', nsfw: false },
    { type: 'primary_entry_point', name: 'launch', description: 'Launch', handler: 'discord_launch_activity' },
  ],
  guilds: [
    {
      id: '600000000000000010',
      name: 'Mods',
      prune: true,
      commands: [
        { name: 'ping', description: 'Ping', renamed_from: ['pong'], id: '700000000000000001' },
        { type: 'message', name: 'ping' },
      ],
      permissions: {
        'chat_input:ping': [
          { role: 'everyone', allow: false },
          { role: '610000000000000001', allow: true },
          { channel: 'all_channels', allow: false },
        ],
        'message:ping': [
          { user: '630000000000000001', allow: false },
          { id: '620000000000000001', type: 'channel', permission: true },
        ],
        admin: [{ role: '610000000000000001', allow: true }],
        '*': [{ channel: '620000000000000002', allow: true }],
      },
    },
  ],
  webhooks: [
    { channel_id: '620000000000000001', name: 'Alerts', avatar: 'avatar.png', key: 'alerts', prune: true },
    { channel_id: '620000000000000001', name: 'Deploys' },
  ],
};

/** Lint (checkManifest), then what plan does with a manifest lint passes, with nothing deployed yet (pure: no service). */
function lintThenPlanOffline(cwd: string, given: Map<string, SourceFile>): void {
  const { manifest, diagnostics } = checkManifest('cmdsync.json', { cwd, env: {}, given });
  if (!manifest || diagnostics.some((d) => d.severity === 'error')) return;
  for (const g of manifest.guilds) guildAccessFromManifest(manifest, g, g.id);
  const desired = desiredState(manifest, '500000000000000001');
  const webhooks = { desired: desiredWebhooks(manifest), actual: [], lock: {} };
  buildPlan(desired, { scopes: [] } as never, {
    strategy: 'auto',
    limits: manifest.limits,
    canEditPermissions: true,
    force: false,
    cmdsyncVersion: 'test',
    readCount: 0,
    webhooks,
  });
}

describe('odd shapes at every node of a manifest that reaches every rule', () => {
  it('the base manifest is clean, so each variant breaks only where it was changed', () => {
    const cwd = testdir({});
    copyFileSync(join(FIXTURES, 'valid', 'avatar.png'), join(cwd, 'avatar.png'));
    writeFileSync(join(cwd, 'cmdsync.yaml'), stringify(EVERY_RULE));
    expect(lintPath('cmdsync.yaml', { cwd, env: {} }).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('null, numbers, strings, lists for mappings and mappings for lists: findings from lint and plan, never a throw', () => {
    const cwd = testdir({});
    copyFileSync(join(FIXTURES, 'valid', 'avatar.png'), join(cwd, 'avatar.png'));
    const file = join(cwd, 'cmdsync.json');
    const failures: string[] = [];
    let cases = 0;
    for (const { path, shape, variant } of oddVariants(EVERY_RULE)) {
      cases++;
      // Given as text (as standard input is): the test measures the rules, not the disk.
      const given = new Map([[file, parseSource(JSON.stringify(variant, null, 1), file, 'cmdsync.json')]]);
      try {
        lintThenPlanOffline(cwd, given);
      } catch (err) {
        failures.push(
          `${path.join('.')} = ${JSON.stringify(shape)}: ${(err as Error).stack?.split('\n').slice(0, 3).join(' | ')}`,
        );
      }
    }
    expect(cases).toBeGreaterThan(1000);
    expect(failures.slice(0, 20), `${failures.length} of ${cases} variants threw`).toEqual([]);
  }, 300_000);
});
