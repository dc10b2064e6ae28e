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
import type { Path } from '../../src/spec/problem.js';
import { call } from '../emulator/helpers.js';
import { seededRandom } from '../helpers/random.js';
import { testdir } from '../helpers/tmp.js';

type Obj = Record<string, any>;
const APP = '1000000000000000001';
const GUILD = '2000000000000000001';
const SEED = Number(process.env.AGREEMENT_SEED ?? 15);

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    rateLimits: false,
    limits: { daily_creates: 1_000_000 },
    seed: { applications: [{ id: APP, name: 'App', integration_types: [0, 1] }], guilds: [{ id: GUILD, name: 'G', channels: [{ id: '3000000000000000001', type: 0, name: 'general' }] }] },
  });
});
afterAll(() => emu.close());

const clone = <T>(v: T): T => structuredClone(v);

/** Valid bodies of every command type, built from a seeded generator. */
function bases(random: (n: number) => number): Obj[] {
  const words = ['alpha', 'beta', 'gamma', 'delta', 'omega', 'sigma', 'kappa'];
  const word = () => words[random(words.length)]!;
  const out: Obj[] = [];
  for (let i = 0; i < 8; i++) {
    const options: Obj[] = [];
    const n = 1 + random(4);
    for (let j = 0; j < n; j++) {
      const type = [3, 4, 5, 6, 10][random(5)]!;
      const o: Obj = { type, name: `${word()}-${j}`, description: `Option ${j}` };
      if (j === 0) o.required = true;
      if (type === 3 && random(2)) o.choices = [{ name: 'One', value: 'one' }, { name: 'Two', value: 'two' }];
      if (type === 10 && random(2)) Object.assign(o, { min_value: -1.5, max_value: 99.5 });
      if (random(3) === 0) o.name_localizations = { fr: `${word()}-fr-${j}` };
      options.push(o);
    }
    out.push({ name: `${word()}-cmd-${i}`, description: `Command ${i}`, options, ...(random(2) ? { nsfw: false } : {}) });
  }
  out.push({
    name: 'admin',
    description: 'Admin tools',
    options: [
      { type: 2, name: 'users', description: 'Users', options: [{ type: 1, name: 'ban', description: 'Ban', options: [{ type: 6, name: 'who', description: 'Who', required: true }] }] },
      { type: 1, name: 'ping', description: 'Ping' },
    ],
  });
  out.push({ type: 2, name: 'Profile', name_localizations: { de: 'Profil' } });
  out.push({ type: 3, name: 'Quote message' });
  out.push({ name: 'everywhere', description: 'd', contexts: [0, 1, 2], integration_types: [0, 1] });
  return out;
}

interface Mutation {
  rule: string;
  /** Global (`g`), guild (`s`) or both. */
  scopes?: Array<'global' | 'guild'>;
  /** Undefined when the mutation does not apply to this body. */
  apply(cmd: Obj): Obj | undefined;
}

const chatInput = (c: Obj) => (c.type ?? 1) === 1;
const contextMenu = (c: Obj) => c.type === 2 || c.type === 3;
const firstLeafOptions = (c: Obj): Obj[] | undefined => {
  if (!chatInput(c) || !Array.isArray(c.options)) return undefined;
  const group = c.options.find((o: Obj) => o.type === 2);
  if (group) return group.options[0].options;
  const sub = c.options.find((o: Obj) => o.type === 1 && Array.isArray(o.options));
  if (sub) return sub.options;
  return c.options.some((o: Obj) => o.type === 1) ? undefined : c.options;
};

const MUTATIONS: Mutation[] = [
  { rule: 'valid', apply: (c) => c },
  { rule: 'name uppercase', apply: (c) => (chatInput(c) ? { ...c, name: 'Upper' } : undefined) },
  { rule: 'name too long', apply: (c) => ({ ...c, name: chatInput(c) ? 'x'.repeat(33) : 'X'.repeat(33) }) },
  { rule: 'description too long', apply: (c) => (chatInput(c) ? { ...c, description: 'd'.repeat(101) } : undefined) },
  { rule: 'description missing', apply: (c) => (chatInput(c) ? { ...c, description: undefined } : undefined) },
  { rule: 'context menu with description', apply: (c) => (contextMenu(c) ? { ...c, description: 'no' } : undefined) },
  { rule: 'context menu with options', apply: (c) => (contextMenu(c) ? { ...c, options: [{ type: 3, name: 'a', description: 'a' }] } : undefined) },
  {
    rule: 'required after optional',
    apply: (c) => {
      const copy = clone(c);
      const leaf = firstLeafOptions(copy);
      if (!leaf) return undefined;
      leaf.push({ type: 3, name: 'late-optional', description: 'o' }, { type: 3, name: 'late-required', description: 'r', required: true });
      return copy;
    },
  },
  {
    rule: 'duplicate option name',
    apply: (c) => {
      const copy = clone(c);
      const leaf = firstLeafOptions(copy);
      if (!leaf || leaf.length === 0) return undefined;
      leaf.push({ ...clone(leaf[0]!), required: false, name_localizations: undefined });
      return copy;
    },
  },
  {
    rule: 'too many options',
    apply: (c) => (chatInput(c) ? { ...c, options: Array.from({ length: 26 }, (_, i) => ({ type: 3, name: `o${i}`, description: 'd' })) } : undefined),
  },
  { rule: 'bad option type', apply: (c) => (chatInput(c) ? { ...c, options: [{ type: 99, name: 'x', description: 'd' }] } : undefined) },
  { rule: 'NUMBER at +2^53 (valid)', apply: (c) => (chatInput(c) ? { ...c, options: [{ type: 10, name: 'n', description: 'd', min_value: -(2 ** 53), max_value: 2 ** 53 }] } : undefined) },
  { rule: 'NUMBER beyond 2^53', apply: (c) => (chatInput(c) ? { ...c, options: [{ type: 10, name: 'n', description: 'd', max_value: 2 ** 54 }] } : undefined) },
  { rule: 'INTEGER at 2^53', apply: (c) => (chatInput(c) ? { ...c, options: [{ type: 4, name: 'n', description: 'd', max_value: 2 ** 53 }] } : undefined) },
  { rule: 'autocomplete with choices', apply: (c) => (chatInput(c) ? { ...c, options: [{ type: 3, name: 's', description: 'd', autocomplete: true, choices: [{ name: 'a', value: 'a' }] }] } : undefined) },
  { rule: 'bad channel type', apply: (c) => (chatInput(c) ? { ...c, options: [{ type: 7, name: 'c', description: 'd', channel_types: [100] }] } : undefined) },
  { rule: 'unknown locale', apply: (c) => ({ ...c, name_localizations: { xx: 'x' } }) },
  { rule: 'bad command type', apply: (c) => ({ ...c, type: 9 }) },
  { rule: 'default_member_permissions not a number', apply: (c) => ({ ...c, default_member_permissions: 'lots' }) },
  { rule: 'nsfw not boolean', apply: (c) => ({ ...c, nsfw: 'yes' }) },
  { rule: 'PRIVATE_CHANNEL without USER_INSTALL', scopes: ['global'], apply: (c) => ({ ...c, contexts: [0, 2], integration_types: [0] }) },
  { rule: 'BOT_DM on a guild command', scopes: ['guild'], apply: (c) => ({ ...c, contexts: [0, 1] }) },
  { rule: 'integration_types on a guild command', scopes: ['guild'], apply: (c) => ({ ...c, integration_types: [0] }) },
  { rule: 'dm_permission on a guild command', scopes: ['guild'], apply: (c) => ({ ...c, dm_permission: false }) },
  { rule: 'non-snowflake id', apply: (c) => ({ ...c, id: 'not-an-id' }) },
  { rule: 'blank localized context-menu name', apply: (c) => (contextMenu(c) ? { ...c, name_localizations: { fr: '   ' } } : undefined) },
  {
    rule: 'localized option names clash across levels',
    apply: (c) => {
      if (c.name !== 'admin') return undefined;
      const copy = clone(c);
      copy.options[0].name_localizations = { fr: 'same' };
      copy.options[1].name_localizations = { fr: 'other' };
      copy.options[0].options[0].options[0].name_localizations = { fr: 'same' };
      return copy;
    },
  },
  {
    rule: 'localized option name equal to another default option name',
    apply: (c) => {
      const copy = clone(c);
      const leaf = firstLeafOptions(copy);
      if (!leaf || leaf.length < 2) return undefined;
      leaf[1]!.name_localizations = { fr: leaf[0]!.name };
      return copy;
    },
  },
];

/** Every path in a value (objects and arrays), parents first. */
function allPaths(value: unknown, base: Path = []): Path[] {
  const out: Path[] = [base];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...allPaths(v, [...base, i])));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) out.push(...allPaths(v, [...base, k]));
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
  const manifest = scope === 'global' ? { application_id: APP, commands: [cmd] } : { application_id: APP, guilds: [{ id: GUILD, commands: [cmd] }] };
  writeFileSync(file, JSON.stringify(manifest, null, 2));
  const loaded = loadManifest(file, { cwd: dir, env: {} });
  const diags = [...loaded.diagnostics, ...(loaded.manifest ? lintManifest(loaded.manifest) : [])].filter((d) => d.severity === 'error');
  const base: Path = scope === 'global' ? ['commands', 0] : ['guilds', 0, 'commands', 0];
  const root = loaded.manifest?.root;
  // A diagnostic's path: the deepest path of the command that starts where it starts.
  const candidates = root ? allPaths(cmd).map((p) => ({ p, pos: locate(root, [...base, ...p]), key: locate(root, [...base, ...p], { key: true }) })) : [];
  const paths = diags.map((d) => {
    const hits = candidates.filter((c) => (c.pos.line === d.line && c.pos.col === d.col) || (c.key.line === d.line && c.key.col === d.col));
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
    bulk: { ok: bulk.status < 300, paths: errorLeaves(bulk.body?.errors).map((p) => p.replace(/^0\.?/, '')), rules: [] },
  };
}

/**
 * Each emulator path is a path lint names, or a parent of one; or, for a
 * field the body lacks (lint can only point at the object that should hold it), a child of one.
 */
function pathsAgree(emulatorPaths: string[], lintPaths: string[], present: Set<string>): boolean {
  return emulatorPaths.every((e) => lintPaths.some((l) => l === e || e === '' || l.startsWith(`${e}.`) || (!present.has(e) && (l === '' ? !e.includes('.') : e.startsWith(`${l}.`)))));
}

/**
 * Decided, not yet true: the manifest loader (src/manifest/plain-values.ts, owned elsewhere) reads integers
 * outside ±(2^53 - 1) as unsafe, so NUMBER bounds of exactly ±2^53, which the spec allows and the emulator
 * takes, are refused by lint. Its bound should be ±2^53 inclusive (a double holds 2^53 exactly).
 */
const KNOWN_LINT_GAP = new Set<string>();

/** The verdict each rule was decided to have (spec and facts; docs/emulator.md "Lint and emulator agree"). */
const ACCEPTED = new Set([
  'valid',
  'NUMBER at +2^53 (valid)',
  // The spec calls it "meaningful only" with USER_INSTALL: stored either way, lint warns.
  'PRIVATE_CHANNEL without USER_INSTALL',
  // Guild commands hold no contexts, integration_types or dm_permission: accepted and dropped, lint warns.
  'BOT_DM on a guild command',
  'integration_types on a guild command',
  'dm_permission on a guild command',
]);

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
            known.push(`${m.rule}: lint ${lint.ok ? 'accepts' : `refuses (${lint.rules.join(', ')})`}, emulator ${create.ok && bulk.ok ? 'accepts' : 'refuses'}`);
            continue;
          }
          if (lint.ok !== ACCEPTED.has(m.rule)) disagreements.push(`${m.rule} [${scope}] ${cmd.name}: lint ${lint.ok ? 'accepts' : `refuses at ${lint.paths.join(', ')}`}, decided: ${ACCEPTED.has(m.rule) ? 'accept' : 'refuse'}`);
          for (const [route, em] of [['create', create], ['bulk', bulk]] as const) {
            const same = lint.ok === em.ok && (em.ok || pathsAgree(em.paths, lint.paths, present));
            if (!same) disagreements.push(`${m.rule} [${scope} ${route}] ${cmd.name}: lint ${lint.ok ? 'accepts' : `refuses at ${lint.paths.join(', ')}`}; emulator ${em.ok ? 'accepts' : `refuses at ${em.paths.join(', ')}`}`);
          }
        }
      }
    }
    expect(n).toBeGreaterThan(200);
    expect(disagreements).toEqual([]);
    expect(new Set(known)).toEqual(new Set([...KNOWN_LINT_GAP].map((rule) => `${rule}: lint refuses (unsafe-number, option-range), emulator accepts`)));
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
      const lintOk = [...loaded.diagnostics, ...(loaded.manifest ? lintManifest(loaded.manifest) : [])].every((d) => d.severity !== 'error');
      const r = await call(emu, 'POST', `/channels/${channel}/webhooks`, { auth: `Bot ${emu.credentials.botToken}`, body: { name } });
      if (r.status === 200) await call(emu, 'DELETE', `/webhooks/${r.body.id}`, { auth: `Bot ${emu.credentials.botToken}` });
      const emuOk = r.status === 200;
      results.push(`${JSON.stringify(name)}: lint ${lintOk}, emulator ${emuOk}${emuOk ? '' : ` at ${errorLeaves(r.body?.errors).join(',')}`}`);
      expect({ name, lintOk, emuOk }).toEqual({ name, lintOk: ok, emuOk: ok });
      if (!emuOk) expect(errorLeaves(r.body.errors)).toEqual(['name']);
    }
  });
});
