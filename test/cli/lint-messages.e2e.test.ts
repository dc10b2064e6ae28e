import { describe, expect, it } from 'vitest';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/** Syntax errors in plain words, at the place a person fixes, never a parser's internal code (issue 14). */
const lint = async (files: Record<string, string>, name: string) => {
  const cwd = testdir(files);
  const r = await runBin(['lint', '--format', 'unix', name], { cwd });
  expect(r.stdout + r.stderr).not.toMatch(STACK);
  expect(r.stdout).not.toMatch(/\([A-Z_]{4,}\)/);
  return r;
};

const HEAD = 'application_id: "500000000000000001"\ncommands:\n  - name: ping\n';

describe('syntax errors in plain words', () => {
  it('wrong indentation is reported at the line that is wrong, with the indent expected', async () => {
    const over = await lint({ 'm.yaml': `${HEAD}     description: Ping\n` }, 'm.yaml');
    expect(over.code).toBe(1);
    expect(over.stdout).toBe('m.yaml:4:1: error: Wrong indentation: expected 4 spaces, found 5. [syntax]\n');
    const under = await lint({ 'm.yaml': `${HEAD}   description: Ping\n` }, 'm.yaml');
    expect(under.stdout).toBe('m.yaml:4:1: error: Wrong indentation: expected 4 spaces, found 3. [syntax]\n');
  });

  it('an unterminated quote is reported at the quote', async () => {
    const r = await lint(
      { 'm.yaml': 'application_id: "500000000000000001"\ncommands:\n  - name: "ping\n    description: Ping\n' },
      'm.yaml',
    );
    expect(r.stdout).toBe('m.yaml:3:11: error: Unterminated quote: this string is never closed. [syntax]\n');
  });

  it('tabs and duplicate keys are said in words', async () => {
    expect((await lint({ 'm.yaml': 'commands:\n\t- name: ping\n' }, 'm.yaml')).stdout).toContain(
      'Tabs are not allowed for indentation',
    );
    expect((await lint({ 'm.yaml': `${HEAD}    name: pong\n    description: Ping\n` }, 'm.yaml')).stdout).toBe(
      'm.yaml:4:5: error: Duplicate key: a key may appear only once in a mapping. [syntax]\n',
    );
  });

  it('a trailing comma in a .json manifest is an error at the comma (YAML would take it)', async () => {
    const r = await lint(
      {
        'cmdsync.json':
          '{\n  "application_id": "500000000000000001",\n  "commands": [\n    { "name": "ping", "description": "Ping" },\n  ]\n}\n',
      },
      'cmdsync.json',
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      'cmdsync.json:4:46: error: A trailing comma is not allowed in JSON: remove it (or write the manifest in YAML). [syntax]\n',
    );
    const yaml = await lint(
      {
        'cmdsync.yaml':
          '{ "application_id": "500000000000000001", "commands": [ { "name": "ping", "description": "Ping" }, ] }\n',
      },
      'cmdsync.yaml',
    );
    expect(yaml.code).toBe(0);
  });
});

describe('cmdsync lint - (standard input)', () => {
  it('lints what is piped in, under the name --stdin-filename gives, includes relative to it', async () => {
    const cwd = testdir({ 'app/commands/pong.yaml': 'name: Pong\ndescription: Pong\n' });
    const text =
      'application_id: "500000000000000001"\ninclude: [commands/*.yaml]\ncommands:\n  - name: Ping\n    description: Ping\n';
    const r = await runBin(['lint', '-', '--stdin-filename', 'app/cmdsync.yaml', '--format', 'unix'], {
      cwd,
      input: text,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('app/cmdsync.yaml:4:11: error: Name "Ping" must be lowercase');
    expect(r.stdout).toContain('app/commands/pong.yaml:1:7: error: Name "Pong" must be lowercase');
    const clean = await runBin(['lint', '-'], { cwd, input: 'application_id: "500000000000000001"\ncommands: []\n' });
    expect(clean).toMatchObject({ code: 0, stdout: '' });
  });
});
