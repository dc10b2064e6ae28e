/**
 * One answer from lint and emulator: generated command bodies, valid and each
 * mutated to break one rule, go through `lintManifest` (as a manifest file)
 * and through the emulator's create and bulk routes over loopback HTTP. Both
 * must give the same verdict, and every field the emulator names in its error
 * tree must be a field lint points at (or a parent of one: the service reports
 * some problems once per list or dictionary).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { lintManifest } from '../../src/manifest/lint.js';
import { loadManifest } from '../../src/manifest/load.js';
import { locate } from '../../src/manifest/locate.js';
import type { Path } from '../../src/wire/problem.js';
import { call } from '../emulator/helpers.js';
import { seededRandom } from '../helpers/random.js';
import { testdir } from '../helpers/tmp.js';
import { ACCEPTED, bases, clone, MUTATIONS, type Obj } from './agreement-corpus.js';

const APP = '1000000000000000001';
const GUILD = '2000000000000000001';
const SEED = Number(process.env.AGREEMENT_SEED ?? 15);

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    rateLimits: false,
    limits: { daily_creates: 1_000_000 },
    seed: {
      applications: [{ id: APP, name: 'App', integration_types: [0, 1] }],
      guilds: [{ id: GUILD, name: 'G', channels: [{ id: '3000000000000000001', type: 0, name: 'general' }] }],
    },
  });
});
afterAll(() => emu.close());

/** Every path in a value (objects and arrays), parents first. */
function allPaths(value: unknown, base: Path = []): Path[] {
  const out: Path[] = [base];
  if (Array.isArray(value))
    value.forEach((v, i) => {
      out.push(...allPaths(v, [...base, i]));
    });
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...allPaths(v, [...base, k]));
  return out;
}

/** Leaf paths of the service's error tree (where `_errors` sits). */
function errorLeaves(tree: unknown, base: Path = []): string[] {
  if (!tree || typeof tree !== 'object') return [];
  const out: string[] = [];
  for (const [k, v] of Object.entries(tree)) {
    if (k === '_errors') out.push(base.join('.'));
    else out.push(...errorLeaves(v, [...base, /^\d+$/.test(k) ? Number(k) : k]));
  }
  return out;
}

interface Verdict {
  ok: boolean;
  paths: string[];
  /** Lint's rule ids (lint verdicts only). */
  rules: string[];
}

function lintVerdict(dir: string, cmd: Obj, scope: 'global' | 'guild', n: number): Verdict {
  const file = join(dir, `m${n}.json`);
  const manifest =
    scope === 'global'
      ? { application_id: APP, commands: [cmd] }
      : { application_id: APP, guilds: [{ id: GUILD, commands: [cmd] }] };
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  const loaded = loadManifest(file, { cwd: dir, env: {} });
  const diags = [...loaded.diagnostics, ...(loaded.manifest ? lintManifest(loaded.manifest) : [])].filter(
    (d) => d.severity === 'error',
  );
  const base: Path = scope === 'global' ? ['commands', 0] : ['guilds', 0, 'commands', 0];
  const root = loaded.manifest?.root;
  // A diagnostic's path: the deepest path of the command that starts where it starts.
  const candidates = root
    ? allPaths(cmd).map((p) => ({
        p,
        pos: locate(root, [...base, ...p]),
        key: locate(root, [...base, ...p], { key: true }),
      }))
    : [];
  const paths = diags.map((d) => {
    const hits = candidates.filter(
      (c) => (c.pos.line === d.line && c.pos.col === d.col) || (c.key.line === d.line && c.key.col === d.col),
    );
    const deepest = hits.sort((a, b) => b.p.length - a.p.length)[0];
    return deepest ? deepest.p.join('.') : `?${d.line}:${d.col}:${d.rule}`;
  });
  return { ok: diags.length === 0, paths, rules: [...new Set(diags.map((d) => d.rule))] };
}

async function emulatorVerdicts(cmd: Obj, scope: 'global' | 'guild'): Promise<{ create: Verdict; bulk: Verdict }> {
  const base = scope === 'global' ? `/applications/${APP}/commands` : `/applications/${APP}/guilds/${GUILD}/commands`;
  const auth = `Bot ${emu.credentials.botToken}`;
  const created = await call(emu, 'POST', base, { auth, body: cmd });
  if (created.status < 300) await call(emu, 'DELETE', `${base}/${created.body.id}`, { auth });
  const bulk = await call(emu, 'PUT', base, { auth, body: [cmd] });
  await call(emu, 'PUT', base, { auth, body: [] });
  return {
    create: { ok: created.status < 300, paths: errorLeaves(created.body?.errors), rules: [] },
    // Bulk paths start with the entry's index.
    bulk: {
      ok: bulk.status < 300,
      paths: errorLeaves(bulk.body?.errors).map((p) => p.replace(/^0\.?/, '')),
      rules: [],
    },
  };
}

/**
 * Each emulator path is a path lint names, or a parent of one; or, for a
 * field the body lacks (lint can only point at the object that should hold it), a child of one.
 */
function pathsAgree(emulatorPaths: string[], lintPaths: string[], present: Set<string>): boolean {
  return emulatorPaths.every((e) =>
    lintPaths.some(
      (l) =>
        l === e ||
        e === '' ||
        l.startsWith(`${e}.`) ||
        (!present.has(e) && (l === '' ? !e.includes('.') : e.startsWith(`${l}.`))),
    ),
  );
}

/**
 * Decided, not yet true: the manifest loader (src/manifest/plain-values.ts, owned elsewhere) reads integers
 * outside ±(2^53 - 1) as unsafe, so NUMBER bounds of exactly ±2^53, which the spec allows and the emulator
 * takes, are refused by lint. Its bound should be ±2^53 inclusive (a double holds 2^53 exactly).
 */
const KNOWN_LINT_GAP = new Set<string>();

describe('lint and emulator give one answer', () => {
  it('on a few hundred generated bodies, valid and broken one rule at a time', async () => {
    const random = seededRandom(SEED);
    const dir = testdir();
    const disagreements: string[] = [];
    const known: string[] = [];
    let n = 0;
    for (const body of bases(random)) {
      for (const m of MUTATIONS) {
        for (const scope of m.scopes ?? (['global', 'guild'] as const)) {
          const mutated = m.apply(clone(body));
          if (!mutated) continue;
          const cmd = JSON.parse(JSON.stringify(mutated)) as Obj;
          n++;
          const lint = lintVerdict(dir, cmd, scope, n);
          const { create, bulk } = await emulatorVerdicts(cmd, scope);
          const present = new Set(allPaths(cmd).map((p) => p.join('.')));
          if (KNOWN_LINT_GAP.has(m.rule)) {
            // Pinned to what it is today, so fixing the loader makes this fail and the gap is then removed here.
            known.push(
              `${m.rule}: lint ${lint.ok ? 'accepts' : `refuses (${lint.rules.join(', ')})`}, emulator ${create.ok && bulk.ok ? 'accepts' : 'refuses'}`,
            );
            continue;
          }
          if (lint.ok !== ACCEPTED.has(m.rule))
            disagreements.push(
              `${m.rule} [${scope}] ${cmd.name}: lint ${lint.ok ? 'accepts' : `refuses at ${lint.paths.join(', ')}`}, decided: ${ACCEPTED.has(m.rule) ? 'accept' : 'refuse'}`,
            );
          for (const [route, em] of [
            ['create', create],
            ['bulk', bulk],
          ] as const) {
            const same = lint.ok === em.ok && (em.ok || pathsAgree(em.paths, lint.paths, present));
            if (!same)
              disagreements.push(
                `${m.rule} [${scope} ${route}] ${cmd.name}: lint ${lint.ok ? 'accepts' : `refuses at ${lint.paths.join(', ')}`}; emulator ${em.ok ? 'accepts' : `refuses at ${em.paths.join(', ')}`}`,
              );
          }
        }
      }
    }
    expect(n).toBeGreaterThan(200);
    expect(disagreements).toEqual([]);
    expect(new Set(known)).toEqual(
      new Set(
        [...KNOWN_LINT_GAP].map((rule) => `${rule}: lint refuses (unsafe-number, option-range), emulator accepts`),
      ),
    );
  }, 120_000);
});

describe('webhook names: one answer from lint and emulator', () => {
  const NAMES: Array<[string, boolean]> = [
    ['Deploys', true],
    ['  Deploys  ', true],
    ['\u200b', false],
    ['\u200b\u200d\ufeff', false],
    [' \n\t ', false],
    ['\n', false],
    ['a\u200b', true],
    ['Discord bot', false],
    ['x'.repeat(81), false],
  ];

  it('blank after the nickname rules (zero-width characters, newlines) is refused by both', async () => {
    const dir = testdir();
    const channel = emu.world.guilds[GUILD]!.channels.find((c) => c.type === 0)!.id;
    const results: string[] = [];
    for (const [i, [name, ok]] of NAMES.entries()) {
      const file = join(dir, `w${i}.json`);
      writeFileSync(file, JSON.stringify({ application_id: APP, webhooks: [{ channel_id: channel, name }] }, null, 2));
      const loaded = loadManifest(file, { cwd: dir, env: {} });
      const lintOk = [...loaded.diagnostics, ...(loaded.manifest ? lintManifest(loaded.manifest) : [])].every(
        (d) => d.severity !== 'error',
      );
      const r = await call(emu, 'POST', `/channels/${channel}/webhooks`, {
        auth: `Bot ${emu.credentials.botToken}`,
        body: { name },
      });
      if (r.status === 200)
        await call(emu, 'DELETE', `/webhooks/${r.body.id}`, { auth: `Bot ${emu.credentials.botToken}` });
      const emuOk = r.status === 200;
      results.push(
        `${JSON.stringify(name)}: lint ${lintOk}, emulator ${emuOk}${emuOk ? '' : ` at ${errorLeaves(r.body?.errors).join(',')}`}`,
      );
      expect({ name, lintOk, emuOk }).toEqual({ name, lintOk: ok, emuOk: ok });
      if (!emuOk) expect(errorLeaves(r.body.errors)).toEqual(['name']);
    }
  });
});
