import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

const MANIFEST = [
  'application_id: "500000000000000001"',
  'commands:',
  '  - { name: ping, description: Ping }',
  'guilds:',
  '  - id: "600000000000000001"',
  '    commands:',
  '      - { name: debug, description: Debug }',
].join('\n');

describe('plan --guild', () => {
  it('is an error for a guild the manifest does not declare, before any request', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await runBin(['plan', '--emulator', '--guild', '600000000000000002'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'error: --guild 600000000000000002: the manifest does not declare this guild (it declares 600000000000000001).',
    );
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stdout).toBe('');
  });

  it('plans a declared guild', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await runBin(['plan', '--emulator', '--guild', '600000000000000001'], { cwd });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('chat_input/debug will be created');
    expect(r.stdout).not.toContain('chat_input/ping');
  });
});

describe('plan --guild by name', () => {
  const NAMED = MANIFEST.replace(
    '  - id: "600000000000000001"\n',
    '  - id: "600000000000000001"\n    name: Test server\n',
  );

  it('takes the name the manifest gives a guild, as every command takes a name where an id goes', async () => {
    const cwd = testdir({ 'cmdsync.yaml': NAMED });
    const r = await runBin(['plan', '--emulator', '--guild', 'test server'], { cwd });
    expect(r.stderr).not.toMatch(STACK);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('chat_input/debug will be created');
    expect(r.stdout).not.toContain('chat_input/ping');
  });

  it('says which names the manifest knows for a name it does not, before any request', async () => {
    const cwd = testdir({ 'cmdsync.yaml': NAMED });
    const r = await runBin(['plan', '--emulator', '--guild', 'Tset server'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/--guild: .*"Tset server".*Test server/);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stdout).toBe('');
  });
});

describe('version', () => {
  it('-V and --version print the version (and -v still does)', async () => {
    const { VERSION } = await import('../../src/version.js');
    for (const flag of ['-V', '--version', '-v']) {
      const r = await runBin([flag], { cwd: testdir({}) });
      expect({ flag, code: r.code, out: r.stdout.trim() }).toEqual({ flag, code: 0, out: VERSION });
    }
  });
});

describe('GitHub step summary', () => {
  it('is titled for the command that ran; apply of a saved plan writes one too', async () => {
    const { readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const env = (name: string) => ({ GITHUB_STEP_SUMMARY: join(cwd, name) });
    const touch = (name: string) => writeFileSync(join(cwd, name), '');
    for (const f of ['plan.md', 'apply.md', 'saved.md']) touch(f);

    expect((await runBin(['plan', '--emulator', '--out', 'plan.json'], { cwd, env: env('plan.md') })).code).toBe(0);
    expect(readFileSync(join(cwd, 'plan.md'), 'utf8')).toMatch(/^## cmdsync plan\n/);

    expect((await runBin(['apply', '--emulator', 'plan.json'], { cwd, env: env('saved.md') })).code).toBe(0);
    const saved = readFileSync(join(cwd, 'saved.md'), 'utf8');
    expect(saved).toMatch(/^## cmdsync apply plan\.json\n/);
    expect(saved).toContain('Plan: 2 to add, 0 to change, 0 to destroy. 2 requests.');

    const edited = MANIFEST.replace('description: Ping', 'description: Ping the bot');
    writeFileSync(join(cwd, 'cmdsync.yaml'), edited);
    expect((await runBin(['apply', '--emulator', '--auto-approve'], { cwd, env: env('apply.md') })).code).toBe(0);
    expect(readFileSync(join(cwd, 'apply.md'), 'utf8')).toMatch(/^## cmdsync apply\n/);
  });

  it('run by hand under GitHub Actions, a secret pasted into a manifest value is masked in the step summary and the plan and apply logs, as the Action masks it', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const SECRET = 'sk-live-4f9a8b7c6d5e3f2a1b';
    const cwd = testdir({
      'cmdsync.yaml': MANIFEST.replace('description: Ping', `description: "Ping ${SECRET}"`),
      'plan.md': '',
      'apply.md': '',
    });
    const env = (name: string) => ({
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_STEP_SUMMARY: join(cwd, name),
      PAYMENTS_API_KEY: SECRET,
    });

    const plan = await runBin(['plan', '--emulator'], { cwd, env: env('plan.md') });
    expect(plan.code, plan.stderr).toBe(0);
    const planSummary = readFileSync(join(cwd, 'plan.md'), 'utf8');
    expect(planSummary).toContain('Ping [REDACTED]');
    expect(plan.stdout).toContain('Ping [REDACTED]');
    // The runner hides it in this and later steps' logs.
    expect(plan.stderr).toContain(`::add-mask::${SECRET}\n`);

    const json = await runBin(['plan', '--emulator', '--json'], { cwd, env: env('plan.md') });
    expect(() => JSON.parse(json.stdout)).not.toThrow();
    expect(json.stdout).toContain('Ping [REDACTED]');

    // A plan file on stdout is applied exactly: it keeps the value (the runner's mask covers the log).
    const saved = await runBin(['plan', '--emulator', '--out', '-'], { cwd, env: env('plan.md') });
    expect(saved.stdout).toContain(`Ping ${SECRET}`);
    expect(saved.stderr).toContain('Ping [REDACTED]');

    const apply = await runBin(['apply', '--emulator', '--auto-approve'], { cwd, env: env('apply.md') });
    expect(apply.code, apply.stderr).toBe(0);
    expect(readFileSync(join(cwd, 'apply.md'), 'utf8')).toContain('Ping [REDACTED]');
    expect(apply.stdout).toContain('Ping [REDACTED]');

    const published = [plan, json, apply]
      .flatMap((r) => [r.stdout, r.stderr.replace(`::add-mask::${SECRET}\n`, '')])
      .concat([planSummary, readFileSync(join(cwd, 'apply.md'), 'utf8')]);
    for (const text of published) expect(text).not.toContain(SECRET);
  });
});

describe('the daily create allowance', () => {
  // The allowance is per guild (global creates are not limited).
  const OVER = [
    'application_id: "500000000000000001"',
    'limits: { daily_creates: 1 }',
    'guilds:',
    '  - id: "600000000000000001"',
    '    commands:',
    '      - { name: ping, description: Ping }',
    '      - { name: pong, description: Pong }',
  ].join('\n');

  it('is exceeded only with its own flag; --force keeps the one meaning "overwrite a file"', async () => {
    const cwd = testdir({ 'cmdsync.yaml': OVER });
    const refused = await runBin(['plan', '--emulator'], { cwd });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('apply refuses it without --exceed-daily-creates');

    const allowed = await runBin(['plan', '--emulator', '--exceed-daily-creates'], { cwd });
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain('(--exceed-daily-creates given: applying anyway)');

    for (const cmd of ['plan', 'apply']) {
      const old = await runBin([cmd, '--emulator', '--force'], { cwd });
      expect(old.code).toBe(1);
      expect(old.stderr).toContain(
        '--force only overwrites files; to spend more than the daily create allowance, pass --exceed-daily-creates.',
      );
    }
  });
});

describe('a skipped scope', () => {
  it('is said on stderr as an error line, with why, and the run exits 1', async () => {
    const APP = '500000000000000001';
    const BLOCKED = '600000000000000009';
    const emulator = await startEmulator({
      rateLimits: false,
      seed: { applications: [{ id: APP }], guilds: [{ id: BLOCKED, apps: { [APP]: { commands_scope: false } } }] },
    });
    try {
      const cwd = testdir({
        'cmdsync.yaml': [
          `application_id: "${APP}"`,
          'commands: []',
          'guilds:',
          `  - id: "${BLOCKED}"`,
          '    commands: [{ name: b, description: B }]',
        ].join('\n'),
      });
      const r = await runBin(['plan'], {
        cwd,
        env: { CMDSYNC_API_URL: emulator.url, DISCORD_TOKEN: emulator.credentials.botToken },
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(new RegExp(`^error: Skipped guild:${BLOCKED}: .*applications\\.commands.*$`, 'm'));
    } finally {
      await emulator.close();
    }
  });
});

describe('progress while reading remote state', () => {
  it('in CI, one line per scope on stderr; stdout holds only the plan', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await runBin(['plan', '--emulator'], { cwd, env: { CI: 'true' } });
    expect(r.code).toBe(0);
    const lines = r.stderr.split('\n');
    expect(lines).toContain('Reading remote state: 2 scopes');
    // Scopes are read concurrently: each line counts how many are done when it is.
    expect(lines.filter((l) => /^ {2}read (global|guild:600000000000000001) \([12] of 2\)$/.test(l))).toHaveLength(2);
    expect(lines.some((l) => l.includes('(2 of 2)'))).toBe(true);
    expect(r.stdout).not.toContain('Reading remote state');
  });

  it('piped outside CI, says nothing', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await runBin(['plan', '--emulator'], { cwd });
    expect(r.stderr).not.toContain('Reading remote state');
  });
});

describe('init -m x.json', () => {
  it('writes a JSON manifest that lints clean', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const cwd = testdir({});
    const r = await runBin(['init', '-m', 'cmdsync.json'], { cwd });
    expect(r.code).toBe(0);
    const doc = JSON.parse(readFileSync(join(cwd, 'cmdsync.json'), 'utf8'));
    expect(doc.$schema).toBe('./node_modules/cmdsync/schemas/manifest.schema.json');
    expect(doc.commands.map((c: { name: string }) => c.name)).toEqual(['ping', 'echo', 'Show profile']);
    const lint = await runBin(['lint'], { cwd, env: { DISCORD_APPLICATION_ID: '123456789012345678' } });
    expect({ code: lint.code, out: lint.stdout }).toEqual({ code: 0, out: '' });
  });
});
