import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ANSI, runBin, STACK } from '../helpers/cli.js';
import { FIXTURES, ROOT } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const GOOD = 'commands:\n  - name: ping\n    description: Ping\n';
const BAD =
  'commands:\n  - name: Ping\n    description: Ping\n  - type: user\n    name: Profile\n    description: not allowed\n';
const WARN = 'commands:\n  - name: ping\n    description: Ping\n    name_localizations: { en-US: ping }\n';

describe('cmdsync lint (built binary)', () => {
  it('exits 0 and prints nothing for a clean manifest found by default name', async () => {
    const cwd = testdir({ 'cmdsync.yml': GOOD });
    const r = await runBin(['lint'], { cwd });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('starts from the code cache the build wrote, under the V8 flags the launcher sets', async () => {
    // A cache made under other flags is refused silently and every run compiles the whole bundle again.
    const cwd = testdir({ 'cmdsync.yaml': GOOD });
    const r = await runBin(['lint'], { cwd, env: { CMDSYNC_CODE_CACHE: 'report' } });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'code cache: accepted\n' });
  });

  it('shows a finding in an included file under that file, in every format', async () => {
    const cwd = testdir({
      'cmdsync.yaml': 'include:\n  - commands/*.yaml\n',
      'commands/ping.yaml': 'name: ping\ndescription: Ping\n',
      'commands/pong.yaml': 'name: ping\ndescription: Pong\n',
    });
    const stylish = await runBin(['lint'], { cwd });
    expect(stylish.code).toBe(1);
    expect(stylish.stdout).toMatch(
      /^\ncommands\/pong\.yaml\n {2}1:7 +error +Another CHAT_INPUT command in this scope is already named "ping"/,
    );
    expect(stylish.stdout).not.toContain('\ncmdsync.yaml\n');
    const json = JSON.parse((await runBin(['lint', '--format', 'json'], { cwd })).stdout) as {
      files: Array<{ file: string; diagnostics: Array<{ rule: string; line: number }> }>;
    };
    expect(json.files.map((f) => [f.file, f.diagnostics.map((d) => `${d.rule}@${d.line}`)])).toEqual([
      ['cmdsync.yaml', []],
      ['commands/pong.yaml', ['duplicate-name@1']],
    ]);
    const github = await runBin(['lint', '--format', 'github'], { cwd });
    expect(github.stdout).toContain('::error file=commands/pong.yaml,line=1,');
    // plan refuses the manifest with the same report, each finding under its own file.
    const plan = await runBin(['plan', '--emulator'], { cwd });
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(/^\ncommands\/pong\.yaml\n {2}1:7 +error/);
  });

  it('warns (name-apostrophe, exit 0) at file:line:col of a name with the ASCII apostrophe the spec allows and the live service was seen refusing', async () => {
    const cwd = testdir({
      'cmdsync.yaml':
        'commands:\n  - name: isn\'t\n    description: Not\n    options:\n      - { type: string, name: "what\'s", description: What }\n',
    });
    const r = await runBin(['lint', '--format', 'unix'], { cwd });
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^cmdsync\.yaml:2:11: warning: Name "isn't" holds an ASCII apostrophe: .*live service has been seen to refuse it.* \[name-apostrophe\]$/,
    );
    expect(lines[1]).toMatch(
      /^cmdsync\.yaml:5:31: warning: Name "what's" holds an ASCII apostrophe.* \[name-apostrophe\]$/,
    );
    expect(r.stdout).not.toContain('error');
  });

  it('exits 1 with file:line:col findings, no colour when piped', async () => {
    const cwd = testdir({ 'cmdsync.yaml': BAD });
    const r = await runBin(['lint', '--format', 'unix'], { cwd });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      'cmdsync.yaml:2:11: error: Name "Ping" must be lowercase: write "ping". [name-lowercase]\n' +
        'cmdsync.yaml:6:18: error: USER commands take no description; remove it (the service stores ""). [description-forbidden]\n',
    );
    expect(r.stdout).not.toMatch(ANSI);
  });

  it('stylish output groups by file and ends with a summary', async () => {
    const cwd = testdir({ 'cmdsync.yaml': BAD });
    const r = await runBin(['lint'], { cwd });
    expect(r.stdout).toContain('\ncmdsync.yaml\n');
    expect(r.stdout).toMatch(/2:11\s+error\s+Name "Ping" must be lowercase/);
    expect(r.stdout).toContain('✖ 2 problems (2 errors, 0 warnings)');
  });

  it('colours only when forced, and NO_COLOR wins over a TTY guess', async () => {
    const cwd = testdir({ 'cmdsync.yaml': BAD });
    expect((await runBin(['lint'], { cwd, env: { FORCE_COLOR: '1' } })).stdout).toMatch(ANSI);
    expect((await runBin(['lint', '--color'], { cwd, env: { NO_COLOR: '1' } })).stdout).toMatch(ANSI);
    expect((await runBin(['lint'], { cwd, env: { NO_COLOR: '1' } })).stdout).not.toMatch(ANSI);
  });

  it('warnings alone exit 0; --max-warnings 0 turns them into a failure; --quiet hides them', async () => {
    const cwd = testdir({ 'cmdsync.yaml': WARN });
    const plain = await runBin(['lint', '--format', 'unix'], { cwd });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('warning: Localized name for en-US equals the default');
    expect((await runBin(['lint', '--max-warnings', '0'], { cwd })).code).toBe(1);
    expect(await runBin(['lint', '--quiet', '--format', 'unix'], { cwd })).toMatchObject({ code: 0, stdout: '' });
  });

  it('lints every file given (pre-commit passes several) and fails if any has errors', async () => {
    const cwd = testdir({ 'a/cmdsync.yaml': GOOD, 'b/cmdsync.yaml': BAD });
    const r = await runBin(['lint', 'a/cmdsync.yaml', 'b/cmdsync.yaml', '--format', 'unix'], { cwd });
    expect(r.code).toBe(1);
    expect(
      r.stdout
        .split('\n')
        .filter(Boolean)
        .every((l) => l.startsWith('b/cmdsync.yaml:')),
    ).toBe(true);
  });

  it('prints GitHub annotations by default under GitHub Actions', async () => {
    const cwd = testdir({ 'cmdsync.yaml': BAD });
    const r = await runBin(['lint'], { cwd, env: { GITHUB_ACTIONS: 'true', CI: 'true' } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      '::error file=cmdsync.yaml,line=2,endLine=2,col=11,endColumn=15,title=cmdsync name-lowercase::Name "Ping" must be lowercase: write "ping".',
    );
  });

  it('--format json is one versioned document', async () => {
    const cwd = testdir({ 'cmdsync.yaml': BAD });
    const r = await runBin(['lint', '--format', 'json'], { cwd });
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ format_version: '1.0', error_count: 2, warning_count: 0 });
    expect(doc.files[0].diagnostics[0]).toMatchObject({
      rule: 'name-lowercase',
      line: 2,
      column: 11,
      severity: 'error',
    });
  });

  describe('bad input: a clear message and a non-zero exit, never a stack trace', () => {
    it.each([
      ['a missing file', {}, ['lint', 'nope.yaml'], 2, /nope\.yaml: no such file/],
      ['an unknown flag', { 'cmdsync.yaml': GOOD }, ['lint', '--frobnicate'], 2, /unknown option '--frobnicate'/],
      ['a bad --max-warnings', { 'cmdsync.yaml': GOOD }, ['lint', '--max-warnings', 'many'], 2, /whole number/],
      ['a directory', { 'dir/x': '' }, ['lint', 'dir'], 1, /is a directory/],
      [
        'malformed YAML',
        { 'cmdsync.yaml': 'commands:\n  - name: [oops\n' },
        ['lint', '--format', 'unix'],
        1,
        /error: .*\[syntax\]/,
      ],
      ['an empty file', { 'cmdsync.yaml': '' }, ['lint', '--format', 'unix'], 1, /The file is empty/],
      [
        'a binary file',
        { 'cmdsync.yaml': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 3]) },
        ['lint', '--format', 'unix'],
        1,
        /binary file/,
      ],
      [
        'a wrong type anywhere',
        { 'cmdsync.yaml': 'commands: [[1, 2], "x", { options: 5, name: 3 }]\nguilds: 7\n' },
        ['lint', '--format', 'unix'],
        1,
        /\[schema\]/,
      ],
    ] as const)('%s', async (_label, files, args, code, pattern) => {
      const cwd = testdir(files as Record<string, string | Buffer>);
      const r = await runBin([...args], { cwd });
      expect(r.code).toBe(code);
      expect(r.stdout + r.stderr).toMatch(pattern);
      expect(r.stdout + r.stderr).not.toMatch(STACK);
    });

    it('a 50 MB file is refused at once', async () => {
      const cwd = testdir();
      const path = join(cwd, 'cmdsync.yaml');
      writeFileSync(path, `commands:\n${'  - { name: ping, description: Ping }\n'.repeat(1_400_000)}`);
      const started = Date.now();
      const r = await runBin(['lint', '--format', 'unix'], { cwd });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/cmdsync\.yaml is 5\d\.\d MiB; manifests are limited to 5 MiB/);
      expect(Date.now() - started).toBeLessThan(10_000);
    });
  });

  it('loads neither the HTTP client, the spinner nor the emulator', async () => {
    const cwd = testdir({ 'cmdsync.yaml': BAD });
    const trace = join(cwd, 'trace.txt');
    writeFileSync(trace, '');
    const loader = join(ROOT, 'test/helpers/trace-loader.mjs');
    const r = await runBin(['lint'], { cwd, env: { CMDSYNC_TRACE_FILE: trace }, nodeArgs: ['--import', loader] });
    expect(r.code).toBe(1);
    const files = readFileSync(trace, 'utf8')
      .split('\n')
      .filter((u) => u.startsWith('file:'))
      .map((u) => fileURLToPath(u));
    expect(files.some((f) => f.endsWith('lint.cjs'))).toBe(true);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(text, f).not.toMatch(/undici|cli-spinners|startEmulator/);
    }
  });
});

describe('cmdsync init', () => {
  it('writes a starter manifest that lints clean, and refuses to overwrite it', async () => {
    const cwd = testdir();
    const first = await runBin(['init'], { cwd, env: { DISCORD_APPLICATION_ID: '123456789012345678' } });
    expect(first.code).toBe(0);
    const text = readFileSync(join(cwd, 'cmdsync.yaml'), 'utf8');
    expect(text.split('\n')[0]).toBe(
      '# yaml-language-server: $schema=./node_modules/cmdsync/schemas/manifest.schema.json',
    );
    expect(await runBin(['lint'], { cwd, env: { DISCORD_APPLICATION_ID: '123456789012345678' } })).toMatchObject({
      code: 0,
      stdout: '',
    });
    const again = await runBin(['init'], { cwd });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('cmdsync.yaml already exists; pass --force');
  });

  it('the example fixture lints clean through the binary', async () => {
    const r = await runBin(['lint', 'valid/example.yaml', 'valid/anchors.yaml'], { cwd: FIXTURES });
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });
});
