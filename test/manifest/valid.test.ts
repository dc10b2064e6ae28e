import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { lintPath } from '../../src/cli/commands/lint.js';
import { loadManifest } from '../../src/manifest/load.js';
import { CORPUS, FIXTURES, fixtureFiles } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const env = {};

describe('valid manifests', () => {
  for (const name of fixtureFiles(join(FIXTURES, 'valid'), /\.yaml$/)) {
    it(`${name} lints clean`, () => {
      const report = lintPath(join(FIXTURES, 'valid', name), { cwd: FIXTURES, env });
      expect(report.diagnostics).toEqual([]);
    });
  }

  it('the example manifest declares every command type, a guild, permissions and an included file', () => {
    const { manifest } = loadManifest(join(FIXTURES, 'valid/example.yaml'), { cwd: FIXTURES, env });
    const types = new Set(manifest!.global.commands.map((c) => c.command.type ?? 1));
    expect([...types].sort()).toEqual([1, 2, 3]);
    expect(manifest!.global.commands.map((c) => c.command.name)).toContain('weather');
    expect(manifest!.files.map((f) => f.display)).toContain(join('valid', 'commands', 'weather.yaml'));
    const perms = manifest!.guilds[0].permissions!;
    const debug = perms.find((p) => p.target === 'debug')!;
    // everyone = the guild id; all_channels = guild id - 1 (BigInt arithmetic).
    expect(debug.entries).toContainEqual({ id: '200000000000000001', type: 1, permission: false });
    expect(debug.entries).toContainEqual({ id: '200000000000000000', type: 3, permission: false });
    const remind = manifest!.global.commands.find((c) => c.command.name === 'remind')!;
    expect(remind.command.default_member_permissions).toBe('2048');
  });
});

describe('real command sets from public bots (fixtures/corpus/real-defs)', () => {
  const dir = join(CORPUS, 'real-defs');
  // Keys some bots keep beside a definition for their own framework; the
  // service has no such field, so cmdsync reports them (an x- key is the escape).
  const OWN_KEYS: Record<string, string[]> = { 'eliware--ask.json': ['permissions'] };
  for (const name of fixtureFiles(dir, /\.json$/)) {
    it(`${name} lints without errors, as JSON and as YAML (but for keys of the bot's own)`, () => {
      const { commands } = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      // Keep the file's own text for JSON so unquoted big ids reach the parser as written.
      const raw = readFileSync(join(dir, name), 'utf8');
      const asJson = `{"commands": ${raw.slice(raw.indexOf('"commands"') + 11).replace(/\}\s*$/, '')}}`;
      const cwd = testdir({ 'cmdsync.json': asJson, 'cmdsync.yaml': stringify({ commands }) });
      for (const file of ['cmdsync.json', 'cmdsync.yaml']) {
        const report = lintPath(file, { cwd, env });
        const errors = report.diagnostics.filter((d) => d.severity === 'error');
        const own = OWN_KEYS[name] ?? [];
        expect(
          errors.filter(
            (d) => !(d.rule === 'unknown-key' && own.some((k) => d.message.startsWith(`Unknown key "${k}"`))),
          ),
        ).toEqual([]);
        if (own.length > 0) expect(errors.length).toBeGreaterThan(0);
      }
    });
  }

  it('the largest set (Bastion, 38 commands with groups, subcommands and choices) lints clean', () => {
    const { commands } = JSON.parse(readFileSync(join(dir, 'thebastionbot--bastion.json'), 'utf8'));
    expect(commands.length).toBeGreaterThanOrEqual(30);
    const cwd = testdir({ 'cmdsync.yaml': stringify({ commands }) });
    expect(lintPath('cmdsync.yaml', { cwd, env }).diagnostics).toEqual([]);
  });

  it('a localized set (CerberusBot: ja/de/fr at command, option and choice level) has only warnings for values equal to the default', () => {
    const { commands } = JSON.parse(readFileSync(join(dir, 'drakon64--cerberusbot.json'), 'utf8'));
    const cwd = testdir({ 'cmdsync.yaml': stringify({ commands }) });
    const rules = new Set(lintPath('cmdsync.yaml', { cwd, env }).diagnostics.map((d) => `${d.severity} ${d.rule}`));
    expect([...rules]).toEqual(['warning localization-equals-default']);
  });
});

describe('a large real manifest', () => {
  it('three real bots whose names do not clash, in one global scope (59 commands: groups, subcommands, choices, localizations in three languages) lints clean', () => {
    const dir = join(CORPUS, 'real-defs');
    const sets = ['thebastionbot--bastion.json', 'drakon64--cerberusbot.json', 'gtomika--mod-wvw-bot.json'];
    const commands = sets.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).commands);
    expect(commands.length).toBeGreaterThanOrEqual(30);
    const text = JSON.stringify(commands);
    for (const feature of ['"type":2', '"type":1,', '"choices"', '"name_localizations"'])
      expect(text).toContain(feature);
    const cwd = testdir({ 'cmdsync.yaml': stringify({ limits: { user_commands: 15 }, commands }) });
    const report = lintPath('cmdsync.yaml', { cwd, env });
    expect(report.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
