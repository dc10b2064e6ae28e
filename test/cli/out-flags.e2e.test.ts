import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/** -o/--out FILE on plan and pull, with `-` meaning stdout; --json on pull. */

const MANIFEST = ['application_id: "500000000000000001"', 'commands:', '  - { name: ping, description: Ping }'].join(
  '\n',
);

async function deployed(): Promise<string> {
  const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
  expect((await runBin(['apply', '--emulator', '--auto-approve'], { cwd })).code).toBe(0);
  return cwd;
}

describe('pull -o', () => {
  it('`-o -` writes the manifest to stdout and no file named "-"', async () => {
    const cwd = await deployed();
    const r = await runBin(['pull', '--emulator', '-o', '-', '--format', 'json'], { cwd });
    expect(r.code).toBe(0);
    expect(existsSync(join(cwd, '-'))).toBe(false);
    expect(JSON.parse(r.stdout).commands).toEqual([expect.objectContaining({ name: 'ping', description: 'Ping' })]);
    expect(r.stderr).toContain('Wrote the manifest to stdout');
    const yaml = await runBin(['pull', '--emulator', '--out', '-'], { cwd });
    expect(yaml.code).toBe(0);
    expect(yaml.stdout).toMatch(/name: ping/);
  });

  it('--json prints one report document on stdout', async () => {
    const cwd = await deployed();
    const r = await runBin(['pull', '--emulator', '-o', 'pulled.yaml', '--json'], { cwd });
    expect(r.code).toBe(0);
    // The emulator's guild holds nothing of the application: found, and not written.
    expect(JSON.parse(r.stdout)).toEqual({
      file: 'pulled.yaml',
      format: 'yaml',
      global_commands: 1,
      guilds: 0,
      guild_commands: 0,
      permission_sets: 0,
      webhooks: 0,
      empty_guilds: [expect.any(String)],
      not_read: [],
    });
    expect(readFileSync(join(cwd, 'pulled.yaml'), 'utf8')).toMatch(/name: ping/);
    const clash = await runBin(['pull', '--emulator', '-o', '-', '--json'], { cwd });
    expect(clash.code).toBe(1);
    expect(clash.stderr).toContain('-o - and --json both write to stdout');
    expect(clash.stderr).not.toMatch(STACK);
  });
});

describe('plan -o', () => {
  it('`-o -` prints the plan file on stdout and the human plan on stderr', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await runBin(['plan', '--emulator', '-o', '-'], { cwd });
    expect(r.code).toBe(0);
    expect(existsSync(join(cwd, '-'))).toBe(false);
    const plan = JSON.parse(r.stdout);
    expect(plan).toMatchObject({ format_version: '1.4', request_count: 1 });
    expect(plan.has_changes).toBeUndefined();
    expect(r.stderr).toContain('+ chat_input/ping will be created');
    const saved = await runBin(['plan', '--emulator', '-o', 'p.json'], { cwd });
    expect(saved.code).toBe(0);
    expect(JSON.parse(readFileSync(join(cwd, 'p.json'), 'utf8')).request_count).toBe(1);
  });
});

describe('--json on failure', () => {
  it('still prints one JSON document on stdout, an error with a stable code, and the message on stderr', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const cases: Array<[string[], string]> = [
      [['show', 'nope.json', '--json'], 'PLAN_FILE_NOT_FOUND'],
      [['plan', '--json'], 'CREDENTIALS_MISSING'],
      [['plan', '--emulator', '--json', '--guild', '1'], 'GUILD_NOT_DECLARED'],
      [['plan', '--json', '--no-such-flag'], 'USAGE'],
      [['pull', '--emulator', '--json', '--guild', 'x', '-o', 'pulled.yaml'], 'NAME_UNKNOWN'],
    ];
    for (const [args, code] of cases) {
      const r = await runBin(args, { cwd, env: { DISCORD_TOKEN: '' } });
      expect({ args, code: r.code }).toEqual({ args, code: 1 });
      const doc = JSON.parse(r.stdout);
      expect({ args, code: doc.error.code }).toEqual({ args, code });
      expect(typeof doc.error.message).toBe('string');
      expect(r.stderr).toContain('error');
      expect(r.stderr).not.toMatch(STACK);
    }
  });
});

describe('lint --json', () => {
  it('is --format json; with another format it is a usage error (exit 2) with an error document', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const json = await runBin(['lint', '--json'], { cwd });
    const format = await runBin(['lint', '--format', 'json'], { cwd });
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(format.stdout));
    const clash = await runBin(['lint', '--json', '--format', 'unix'], { cwd });
    expect(clash.code).toBe(2);
    expect(JSON.parse(clash.stdout).error.code).toBe('USAGE');
    expect(clash.stderr).toContain('--json and --format unix disagree');
  });
});

describe('GitHub annotations from lint', () => {
  it('name files relative to GITHUB_WORKSPACE and say each finding once', async () => {
    const root = testdir({
      'bot/cmdsync.yaml': 'application_id: "500000000000000001"\ncommands:\n  - name: Ping\n    description: Ping\n',
    });
    const r = await runBin(['-C', 'bot', 'lint', '--format', 'github'], { cwd: root, env: { GITHUB_WORKSPACE: root } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('::error file=bot/cmdsync.yaml,line=3,');
    expect(r.stdout.match(/must be lowercase/g)).toHaveLength(1);
  });
});
