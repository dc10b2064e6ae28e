import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Store } from '../../src/emulator/state/store.js';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/**
 * Issue 11 and the client half of issue 17: what a typo, a stray file or a
 * hostile manifest must never do. Each case runs the built binary in a
 * temporary directory, as a user would.
 */

const APP = 'application_id: "500000000000000001"';
const run = (cwd: string, args: string[], env: Record<string, string> = {}) => runBin(args, { cwd, env });

/** The commands the embedded emulator holds, read from its data file (snapshot and journal) as the emulator reads it. */
function emulatorCommandNames(cwd: string): string[] {
  const loaded = Store.load(join(cwd, '.cmdsync/emulator.json'));
  return Object.values(loaded?.world.commands ?? {})
    .map((c) => c!.name)
    .sort();
}

describe('unknown keys are errors, everywhere', () => {
  const TYPO = [
    APP,
    'commands:',
    '  - name: ban',
    '    description: Ban someone',
    '    default_member_permision: [ADMINISTRATOR]',
    '',
  ].join('\n');

  it('lint: a misspelled command key is an error with "did you mean" at file:line:col, exit 1', async () => {
    const cwd = testdir({ 'cmdsync.yaml': TYPO });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /cmdsync\.yaml:5:5: error: Unknown key "default_member_permision"; did you mean "default_member_permissions"\?.*\[unknown-key\]/,
    );
  });

  it('lint: a misspelled option key is an error too', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        APP,
        'commands:',
        '  - name: remind',
        '    description: Remind',
        '    options:',
        '      - { type: string, name: what, description: What, requird: true }',
        '',
      ].join('\n'),
    });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/cmdsync\.yaml:6:56: error: Unknown key "requird"; did you mean "required"\?/);
  });

  it('apply refuses the typo and sends nothing: the command is not created open to everyone', async () => {
    const cwd = testdir({ 'cmdsync.yaml': TYPO });
    const r = await run(cwd, ['apply', '--emulator', '--auto-approve']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('nothing was planned');
    expect(r.stderr).not.toMatch(STACK);
    expect(emulatorCommandNames(cwd)).toEqual([]);
  });

  it('x- keys are the escape for extensions: accepted anywhere, never sent', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        APP,
        'commands:',
        '  - name: ping',
        '    description: Ping',
        '    x-owner: team-a',
        '    options:',
        '      - { type: string, name: what, description: What, x-note: free text }',
        '',
      ].join('\n'),
    });
    expect((await run(cwd, ['lint'])).code).toBe(0);
    expect((await run(cwd, ['apply', '--emulator', '--auto-approve'])).code).toBe(0);
    const again = await run(cwd, ['plan', '--emulator', '--detailed-exitcode']);
    expect(again.code).toBe(0);
    expect(JSON.stringify(Store.load(join(cwd, '.cmdsync/emulator.json'))!.world)).not.toContain('x-owner');
  });
});

describe('includes', () => {
  it('a glob that matches no file is an error, and plan refuses instead of deleting what those files held', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [APP, 'include: [comands/*.yaml]', ''].join('\n'),
      'commands/ping.yaml': 'name: ping\ndescription: Ping\n',
    });
    const lint = await run(cwd, ['lint', '--format', 'unix']);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(/cmdsync\.yaml:2:11: error: "comands\/\*\.yaml" matches no file\. \[include\]/);
    const plan = await run(cwd, ['plan', '--emulator']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('nothing was planned');
  });

  it('a named include that is not a regular file is an error at its entry', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [APP, 'include:', '  - commands', '  - ../../../../../../../../dev/zero', ''].join('\n'),
      'commands/x.yaml': 'name: x\ndescription: X\n',
    });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/cmdsync\.yaml:3:5: error: .*commands is a directory.*\[include\]/);
    expect(r.stdout).toMatch(/cmdsync\.yaml:4:5: error: .*not a regular file.*\[include\]/);
  });

  it('globs reach sibling folders (../common/*.yaml) and skip node_modules', async () => {
    const root = testdir({
      'app/cmdsync.yaml': [APP, 'include: ["../common/*.yaml", "**/*.yaml"]', ''].join('\n'),
      'app/cmds/ping.yaml': 'name: ping\ndescription: Ping\n',
      'app/node_modules/dep/cmd.yaml': 'name: fromdep\ndescription: Must not be read\n',
      'common/hello.yaml': 'name: hello\ndescription: Hello\n',
    });
    const cwd = join(root, 'app');
    expect((await run(cwd, ['lint'])).code).toBe(0);
    const r = await run(cwd, ['plan', '--emulator', '--json']);
    expect(r.code).toBe(0);
    const created = (JSON.parse(r.stdout) as { changes: Array<{ name: string }> }).changes.map((c) => c.name).sort();
    expect(created).toEqual(['hello', 'ping']);
  });
});

describe('which manifest', () => {
  it('refuses when both cmdsync.yaml and cmdsync.yml exist, naming both', async () => {
    const body = [APP, 'commands: []', ''].join('\n');
    const cwd = testdir({ 'cmdsync.yaml': body, 'cmdsync.yml': body });
    const lint = await run(cwd, ['lint']);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toMatch(/cmdsync\.yaml and cmdsync\.yml/);
    const plan = await run(cwd, ['plan', '--emulator']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/cmdsync\.yaml and cmdsync\.yml/);
    expect(plan.stderr).not.toMatch(STACK);
  });

  it('init refuses to write a second manifest', async () => {
    const cwd = testdir({ 'cmdsync.yml': [APP, 'commands: []', ''].join('\n') });
    const r = await run(cwd, ['init']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('cmdsync.yml');
    expect(existsSync(join(cwd, 'cmdsync.yaml'))).toBe(false);
  });

  it('from a subdirectory, finds the manifest by walking up to the repository root, and not past it', async () => {
    const root = testdir({
      'repo/cmdsync.yaml': [APP, 'commands:', '  - { name: ping, description: Ping, bad_key: 1 }', ''].join('\n'),
      'repo/src/deep/file.txt': '',
      'cmdsync.yaml': [APP, 'commands: []', ''].join('\n'),
      'other/sub/file.txt': '',
    });
    mkdirSync(join(root, 'repo/.git'));
    mkdirSync(join(root, 'other/.git'));
    const r = await run(join(root, 'repo/src/deep'), ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('bad_key');
    const stop = await run(join(root, 'other/sub'), ['lint']);
    expect(stop.code).toBe(2);
    expect(stop.stderr).toMatch(/No cmdsync\.yaml/);
  });

  it('-C DIR runs as if started in DIR', async () => {
    const root = testdir({
      'proj/cmdsync.yaml': [APP, 'commands:', '  - { name: ping, description: Ping, bad_key: 1 }', ''].join('\n'),
    });
    const r = await run(root, ['-C', 'proj', 'lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^cmdsync\.yaml:3:/m);
    const r2 = await run(root, ['lint', '--chdir', 'proj', '--format', 'unix']);
    expect(r2.stdout).toMatch(/^cmdsync\.yaml:3:/m);
    const missing = await run(root, ['-C', 'nope', 'lint']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('nope');
  });
});

describe('environment', () => {
  const BODY = [
    'application_id: ${DISCORD_APPLICATION_ID}',
    'commands:',
    '  - { name: ping, description: "Ping ${BOT_NAME:-the bot}" }',
    '',
  ].join('\n');

  it('.env values are available to ${VAR} interpolation', async () => {
    const without = testdir({ 'cmdsync.yaml': BODY });
    expect((await run(without, ['lint', '--format', 'unix'])).stdout).toContain('DISCORD_APPLICATION_ID is not set');
    const cwd = testdir({
      'cmdsync.yaml': BODY,
      '.env': 'DISCORD_APPLICATION_ID=500000000000000001\nexport BOT_NAME="Remi"\n',
    });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const plan = await run(cwd, ['plan', '--emulator', '--json']);
    expect(plan.code).toBe(0);
    expect(plan.stdout).toContain('Ping Remi');
  });

  it('the real environment wins over .env', async () => {
    const cwd = testdir({
      'cmdsync.yaml': BODY,
      '.env': 'DISCORD_APPLICATION_ID=500000000000000001\nBOT_NAME=FromFile\n',
    });
    const plan = await run(cwd, ['plan', '--emulator', '--json'], { BOT_NAME: 'FromEnv' });
    expect(plan.stdout).toContain('Ping FromEnv');
  });

  it('credentials and secret-looking variables are never interpolated', async () => {
    const token = 'MTAxMjM0NTY3ODkwMTIzNDU2.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB';
    const cwd = testdir({
      'cmdsync.yaml': [
        APP,
        'commands:',
        '  - name: leak',
        '    description: "${DISCORD_TOKEN}"',
        '  - name: leak2',
        '    description: "x ${MY_API_SECRET:-none}"',
        '',
      ].join('\n'),
    });
    const env = { DISCORD_TOKEN: token, MY_API_SECRET: 'hunter2hunter2' };
    const lint = await run(cwd, ['lint', '--format', 'unix'], env);
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(/cmdsync\.yaml:4:18: error: .*DISCORD_TOKEN.*\[env-secret\]/);
    expect(lint.stdout).toMatch(/cmdsync\.yaml:6:18: error: .*MY_API_SECRET.*\[env-secret\]/);
    const plan = await run(cwd, ['plan', '--emulator', '--json'], env);
    expect(plan.code).toBe(1);
    for (const out of [lint.stdout, lint.stderr, plan.stdout, plan.stderr]) {
      expect(out).not.toContain(token);
      expect(out).not.toContain('hunter2');
    }
  });
});

describe('hostile files', () => {
  it('a manifest that is not a regular file is refused at once', async () => {
    const cwd = testdir({});
    const r = await run(cwd, ['lint', '/dev/zero']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('not a regular file');
    const plan = await run(cwd, ['plan', '--emulator', '-m', '/dev/urandom']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain('not a regular file');
  });

  it('a YAML alias bomb is refused, not expanded', async () => {
    const lines = ['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i <= 9; i++)
      lines.push(
        `a${i}: &a${i} [${Array(9)
          .fill(`*a${i - 1}`)
          .join(',')}]`,
      );
    const cwd = testdir({ 'cmdsync.yaml': [...lines.map((l) => `x-${l}`), APP, 'commands: []', ''].join('\n') });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/alias/i);
    expect(r.stdout).not.toMatch(STACK);
  });

  it('a mapping of 100,000 keys is linted in linear time: 50 findings and a count of the rest (it took minutes before)', async () => {
    const keys = Array.from({ length: 100_000 }, (_, i) => `    k${i}: 1`).join('\n');
    const cwd = testdir({
      'cmdsync.yaml': [APP, 'commands:', '  - name: a', '    description: b', keys, ''].join('\n'),
      'dup.yaml': [APP, 'commands:', '  - name: a', '    description: b', keys, '    k5: 2', ''].join('\n'),
    });
    // Seconds each on a quiet machine, several times that on CI's 2 busy cores; minutes (the quadratic bug) still end in a kill.
    const big = { cwd, env: {}, timeoutMs: 90_000 };
    const r = await runBin(['lint', '--format', 'unix'], big);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('…and 99950 more unknown keys');
    const dup = await runBin(['lint', '--format', 'unix', 'dup.yaml'], big);
    expect(dup.code).toBe(1);
    expect(dup.stdout).toMatch(/dup\.yaml:100005:5: error: Duplicate key/);
  }, 200_000);

  it('a permission entry that is null, a number or a list (permissions: {ping: [null]}): lint and plan answer with a finding at it, exit 1, no stack (a TypeError before)', async () => {
    for (const entry of ['null', '7', '[[]]']) {
      const cwd = testdir({
        'cmdsync.yaml': [
          APP,
          'guilds:',
          '  - id: "600000000000000001"',
          '    commands:',
          '      - { name: ping, description: Ping }',
          '    permissions:',
          `      ping: [${entry}]`,
          '',
        ].join('\n'),
      });
      for (const args of [
        ['lint', '--format', 'unix'],
        ['plan', '--emulator'],
      ]) {
        const r = await run(cwd, args);
        expect(r.code, `${args[0]} with [${entry}]`).toBe(1);
        expect(r.stdout + r.stderr).toMatch(
          /cmdsync\.yaml:7:14: error: A permission entry must be a mapping|7:14 +error +A permission entry must be a mapping/,
        );
        expect(r.stdout + r.stderr).not.toMatch(STACK);
      }
    }
  });

  it('an included file over the size cap is an error at its entry', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [APP, 'include: [big.yaml]', ''].join('\n'),
      'big.yaml': `name: big\ndescription: "${'x'.repeat(6 * 1024 * 1024)}"\n`,
    });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/cmdsync\.yaml:2:11: error: big\.yaml is 6\.0 MiB/);
  });
});

describe('mass deletion', () => {
  const FOUR = [
    APP,
    'commands:',
    ...['a', 'b', 'c', 'd'].map((n) => `  - { name: ${n}, description: Command ${n} }`),
    '',
  ].join('\n');
  const ONE = [APP, 'commands:', '  - { name: a, description: Command a }', ''].join('\n');

  it('a plan that deletes most of a scope says so, and apply --auto-approve refuses it without --allow-mass-delete', async () => {
    const cwd = testdir({ 'cmdsync.yaml': FOUR });
    expect((await run(cwd, ['apply', '--emulator', '--auto-approve'])).code).toBe(0);
    writeFileSync(join(cwd, 'cmdsync.yaml'), ONE);

    const plan = await run(cwd, ['plan', '--emulator']);
    expect(plan.stdout).toMatch(/Warning: this plan deletes 3 of the 4 commands of global/);
    const json = await run(cwd, ['plan', '--emulator', '--json']);
    expect(JSON.parse(json.stdout).mass_deletions).toEqual([{ scope: 'global', delete: 3, remote: 4 }]);
    const gh = await run(cwd, ['plan', '--emulator'], {
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_STEP_SUMMARY: join(cwd, 'summary.md'),
    });
    expect(gh.stdout).toMatch(/^::warning[^:]*::.*deletes 3 of the 4 commands of global/m);
    expect(readFileSync(join(cwd, 'summary.md'), 'utf8')).toMatch(/deletes 3 of the 4 commands of global/);

    const refused = await run(cwd, ['apply', '--emulator', '--auto-approve']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--allow-mass-delete');
    expect(emulatorCommandNames(cwd)).toEqual(['a', 'b', 'c', 'd']);

    const allowed = await run(cwd, ['apply', '--emulator', '--auto-approve', '--allow-mass-delete']);
    expect(allowed.code).toBe(0);
    expect(emulatorCommandNames(cwd)).toEqual(['a']);
  });

  it('deleting every command of a scope counts, even one of one; deleting one of four does not', async () => {
    const cwd = testdir({ 'cmdsync.yaml': [APP, 'commands:', '  - { name: a, description: A }', ''].join('\n') });
    expect((await run(cwd, ['apply', '--emulator', '--auto-approve'])).code).toBe(0);
    writeFileSync(join(cwd, 'cmdsync.yaml'), [APP, 'commands: []', ''].join('\n'));
    expect((await run(cwd, ['apply', '--emulator', '--auto-approve'])).code).toBe(1);

    const cwd2 = testdir({ 'cmdsync.yaml': FOUR });
    expect((await run(cwd2, ['apply', '--emulator', '--auto-approve'])).code).toBe(0);
    writeFileSync(join(cwd2, 'cmdsync.yaml'), FOUR.replace(/ {2}- \{ name: d.*\n/, ''));
    const r = await run(cwd2, ['apply', '--emulator', '--auto-approve']);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toMatch(/deletes \d+ of the/);
  });
});
