import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/manifest/diagnostic.js';
import { lintManifest } from '../../src/manifest/lint.js';
import { type LoadedManifest, loadManifest } from '../../src/manifest/load.js';
import { testdir } from '../helpers/tmp.js';

/**
 * Issue 40 item 4: every lint rule is linear in its input. One option with
 * 16,000 choices took 6 s, 32,000 took 28 s: each choice's name was compared
 * with every earlier one. Each case lints a hostile manifest at n and 4n
 * entries and checks that the time grows about fourfold (a quadratic rule's
 * sixteenfold; a doubling's ratio, linear, moved between 2 and 3.3 from run
 * to run with the collector, too near a quadratic doubling's 4). Only the rules are timed: the manifests are read first
 * (the reader has its own test; the block reader, as lint's first pass), and each size is timed several times in
 * turn, the fastest kept, so a busy machine slows both sides alike.
 */

const APP = 'application_id: "500000000000000001"';
/** A long common start for names of one length: each name compared with an earlier one is read to its end (a short name, or one of another length, is told apart at once, and the scan hid in the rest of lint's work). */
const LONG = 'c'.repeat(90);
const lines = (n: number, line: (i: number) => string) => Array.from({ length: n }, (_, i) => line(i)).join('\n');
const role = (i: number) => `"${610000000000000001n + BigInt(i)}"`;
const channel = (i: number) => `"${710000000000000001n + BigInt(i)}"`;
const option = (n: number, field: string, line: (i: number) => string, type = 'string') =>
  [APP, 'commands:', '  - name: a', '    description: b', '    options:', `      - type: ${type}`]
    .concat(['        name: pick', '        description: Pick one', `        ${field}:`, lines(n, line), ''])
    .join('\n');

interface Case {
  what: string;
  size: number;
  /** Read with the exact reader only (the block reader declines these, or locating a finding on its result is slow). */
  exact?: true;
  /** More rounds for a case whose lint takes a few milliseconds, where compilation and collection weigh most. */
  rounds?: number;
  manifest: (n: number) => string;
  /** What lint finds at size n: the rules ran over every entry. */
  finds: (found: Diagnostic[], n: number) => void;
}

const count = (found: Diagnostic[], rule: string) => found.filter((d) => d.rule === rule).length;

const CASES: Case[] = [
  {
    what: 'one option with n choices (each name compared with every earlier one before)',
    size: 4_000,
    manifest: (n) =>
      option(n, 'choices', (i) => `          - { name: ${LONG}${String(i % (n - 1)).padStart(6, '0')}, value: v${i} }`),
    finds: (found) => expect(count(found, 'choice-name-unique')).toBe(1),
  },
  {
    what: 'one command with n options',
    size: 8_000,
    manifest: (n) =>
      [APP, 'commands:', '  - name: a', '    description: b', '    options:']
        .concat(
          lines(n, (i) => `      - { type: string, name: o${i % (n - 1)}, description: d }`),
          '',
        )
        .join('\n'),
    finds: (found) => expect(count(found, 'option-name-unique')).toBe(1),
  },
  {
    // Replaces "n unknown channel types, then n repeats": its old scan was a native indexOf over numbers, too cheap to show under each element's own finding.
    what: 'one command named by two permission sets of n rows each (each row of the second looked for in the whole first before)',
    size: 3_000,
    exact: true,
    manifest: (n) =>
      [APP, 'guilds:', '  - id: "600000000000000010"', '    commands:', '      - { name: c, description: d }']
        .concat(
          '    permissions:',
          '      c:',
          lines(n, (i) => `        - { role: ${role(i)}, allow: true }`),
        )
        .concat(
          '      chat_input:c:',
          lines(n, (i) => `        - { role: ${role(n + i)}, allow: true }`),
          '',
        )
        .join('\n'),
    // No row of one set meets the other's: every look-up misses, the old scan's worst case.
    finds: (found) =>
      expect(found.filter((d) => d.severity === 'error').map((d) => d.rule)).toEqual([
        'permissions-max',
        'permissions-max',
      ]),
  },
  {
    what: 'a guild with n commands, each named by a permissions key (each key searched every command before)',
    size: 2_000,
    exact: true,
    manifest: (n) =>
      [APP, 'guilds:', '  - id: "600000000000000010"', '    commands:']
        .concat(
          lines(n, (i) => `      - { name: c${i}, description: d }`),
          '    permissions:',
        )
        .concat(
          lines(n, (i) => `      c${i}:\n        - { role: ${role(i)}, allow: true }`),
          '      nothing:',
          '        - { role: everyone, allow: true }',
          '',
        )
        .join('\n'),
    finds: (found) => expect(count(found, 'permission-target')).toBe(1),
  },
  {
    what: 'a command with n role rows and an application-wide set of n channel rows, all denying (the access matrix asked every principal in every channel, each a scan of the rows, before)',
    size: 300,
    exact: true,
    rounds: 25,
    manifest: (n) =>
      [APP, 'guilds:', '  - id: "600000000000000010"', '    commands:', '      - { name: c, description: d }']
        .concat(
          '    permissions:',
          '      c:',
          lines(n, (i) => `        - { role: ${role(i)}, allow: false }`),
        )
        .concat(
          '      "*":',
          lines(n, (i) => `        - { channel: ${channel(i)}, allow: false }`),
          '',
        )
        .join('\n'),
    // Over the 100 rows a set may hold; everyone else may still use it in other channels, so no admins-only warning.
    finds: (found) => expect(found.map((d) => d.rule)).toEqual(['permissions-max', 'permissions-max']),
  },
  {
    what: 'n commands with a row of their own each and an application-wide set of n rows (each command asked about every principal and channel of the application set before)',
    size: 300,
    exact: true,
    rounds: 25,
    manifest: (n) =>
      [APP, 'guilds:', '  - id: "600000000000000010"', '    commands:']
        .concat(
          lines(n, (i) => `      - { name: c${i}, description: d }`),
          '    permissions:',
        )
        .concat(lines(n, (i) => `      c${i}:\n        - { role: ${role(i)}, allow: false }`))
        .concat(
          '      "*":',
          lines(
            n,
            (i) => `        - { ${i % 2 ? 'channel' : 'user'}: ${i % 2 ? channel(i) : role(n + i)}, allow: false }`,
          ),
          '',
        )
        .join('\n'),
    // Over the guild's 100 commands and the 100 rows a set may hold; the commands stay open to everyone else in other channels.
    finds: (found) => expect(found.map((d) => d.rule).sort()).toEqual(['command-count', 'permissions-max']),
  },
];

interface Loaded {
  manifest: LoadedManifest;
  diagnostics: Diagnostic[];
}

/**
 * The fastest of up to `rounds` lints of each manifest, taken in turn, in CPU
 * time (a shared machine's load moves wall time far more). Rounds stop once
 * `budget` ms are spent, after at least one: a quadratic rule fails in one
 * slow round rather than running all of them.
 */
function fastest(loaded: Loaded[], rounds: number, budget = 5_000): number[] {
  const best = loaded.map(() => Number.POSITIVE_INFINITY);
  const started = performance.now();
  for (let r = 0; r < rounds && (r === 0 || performance.now() - started < budget); r++)
    loaded.forEach((l, i) => {
      const before = process.cpuUsage();
      lintManifest(l.manifest, l.diagnostics);
      const used = process.cpuUsage(before);
      best[i] = Math.min(best[i], (used.user + used.system) / 1000);
    });
  return best;
}

describe('lint rules are linear in their input (issue 40 item 4)', () => {
  for (const c of CASES) {
    it(`${c.what}: four times the entries, about four times the time`, () => {
      const dir = testdir({ 'n.yaml': c.manifest(c.size), '4n.yaml': c.manifest(4 * c.size) });
      const loaded = ['n.yaml', '4n.yaml'].map((f): Loaded => {
        // The block reader first, as lint does (much faster on these sizes); the exact one for a file it declines.
        const fast = c.exact ? undefined : loadManifest(join(dir, f), { cwd: dir, env: {}, fast: true });
        const r = fast?.manifest ? fast : loadManifest(join(dir, f), { cwd: dir, env: {} });
        if (!r.manifest) throw new Error(`${f} did not load: ${r.diagnostics.map((d) => d.message).join('; ')}`);
        return { manifest: r.manifest, diagnostics: r.diagnostics };
      });
      c.finds(lintManifest(loaded[0].manifest, loaded[0].diagnostics), c.size);
      c.finds(lintManifest(loaded[1].manifest, loaded[1].diagnostics), 4 * c.size);
      const [n, four] = fastest(loaded, c.rounds ?? 5);
      // Linear: about 4 (up to 7 seen, with the collector); quadratic: about 16.
      expect(four / n, `n: ${n.toFixed(1)} ms, 4n: ${four.toFixed(1)} ms`).toBeLessThan(10);
    }, 120_000);
  }
});
