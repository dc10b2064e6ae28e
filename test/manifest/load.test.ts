import { describe, expect, it } from 'vitest';
import { lintPath } from '../../src/cli/commands/lint.js';
import { loadManifest } from '../../src/manifest/load.js';
import { testdir } from '../helpers/tmp.js';

describe('snowflakes and numbers', () => {
  it('keeps every digit of unquoted 18-digit ids in YAML', () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        'application_id: 112233445566778899',
        'guilds:',
        '  - id: 987654321098765432',
        '    commands: [{ name: ping, description: Ping, id: 123456789012345679 }]',
        '    permissions:',
        '      ping: [{ role: 555555555555555555, allow: true }]',
      ].join('\n'),
    });
    const { manifest, diagnostics } = loadManifest('cmdsync.yaml', { cwd, env: {} });
    expect(diagnostics).toEqual([]);
    expect(manifest!.applicationId).toBe('112233445566778899');
    expect(manifest!.guilds[0].id).toBe('987654321098765432');
    expect(manifest!.guilds[0].commands[0].command.id).toBe('123456789012345679');
    expect(manifest!.guilds[0].permissions![0].entries[0]).toEqual({
      id: '555555555555555555',
      type: 1,
      permission: true,
    });
  });

  it('keeps every digit in JSON too', () => {
    const cwd = testdir({ 'cmdsync.json': '{"application_id": 972523867270705172, "commands": []}' });
    expect(loadManifest('cmdsync.json', { cwd, env: {} }).manifest!.applicationId).toBe('972523867270705172');
  });

  it('reports an unsafe integer elsewhere instead of rounding it', () => {
    const cwd = testdir({
      'cmdsync.yaml':
        'commands:\n  - name: n\n    description: d\n    options: [{ type: integer, name: x, description: d, max_value: 9007199254740993 }]\n',
    });
    const report = lintPath('cmdsync.yaml', { cwd, env: {} });
    expect(report.diagnostics.map((d) => `${d.rule} ${d.line}:${d.col}`)).toEqual(['unsafe-number 4:68']);
  });
});

describe('environment interpolation', () => {
  it('substitutes ${VAR} and ${VAR:-default}, and $${ escapes', () => {
    const cwd = testdir({
      'cmdsync.yaml':
        'application_id: ${APP_ID}\ncommands:\n  - name: ping\n    description: "${GREETING:-Hello} $${literal}"\n',
    });
    const { manifest } = loadManifest('cmdsync.yaml', { cwd, env: { APP_ID: '123456789012345678' } });
    expect(manifest!.applicationId).toBe('123456789012345678');
    expect(manifest!.global.commands[0].command.description).toBe('Hello ${literal}');
  });

  it('substitutes once per use when a YAML alias shares a mapping', () => {
    // An alias shares one node between two places; converting it in place would read `$${X}` twice, the second time as `${X}`.
    const text =
      'x-option: &o { type: string, name: o, description: "$${X} and ${Y:-y}" }\ncommands:\n  - { name: a, description: A, options: [*o] }\n  - { name: b, description: B, options: [*o] }\n';
    const cwd = testdir({ 'cmdsync.yaml': text });
    const { manifest } = loadManifest('cmdsync.yaml', { cwd, env: { X: 'WRONG' } });
    expect(
      manifest!.global.commands.map((c) => (c.command.options as Array<{ description: string }>)[0].description),
    ).toEqual(['${X} and y', '${X} and y']);
    // The fast path reads aliases too, and says the tree is shared, so it is copied, not converted in place.
    const fast = loadManifest('cmdsync.yaml', { cwd, env: { X: 'WRONG' }, fast: true });
    expect(fast.declined).toBeUndefined();
    expect(
      fast.manifest!.global.commands.map((c) => (c.command.options as Array<{ description: string }>)[0].description),
    ).toEqual(['${X} and y', '${X} and y']);
  });

  it('a fast load that meets an included file the block reader declines is declined as a whole', () => {
    const cwd = testdir({
      'cmdsync.yaml':
        'application_id: "123456789012345678"\ninclude: [more.yaml]\ncommands:\n  - { name: a, description: A }\n',
      // A tag: still left to the exact parser.
      'more.yaml': '- name: b\n  description: !!str B\n',
    });
    const fast = loadManifest('cmdsync.yaml', { cwd, env: {}, fast: true });
    expect(fast.declined).toBe(true);
    expect(fast.manifest).toBeUndefined();
    const exact = loadManifest('cmdsync.yaml', { cwd, env: {} });
    expect(exact.declined).toBeUndefined();
    expect(exact.manifest!.global.commands.map((c) => c.command.description)).toEqual(['A', 'B']);
  });

  it('warns about an unset variable, pointing at it', () => {
    const cwd = testdir({ 'cmdsync.yaml': 'application_id: ${NOPE}\n' });
    const report = lintPath('cmdsync.yaml', { cwd, env: {} });
    expect(report.diagnostics.map((d) => `${d.severity} ${d.rule} ${d.line}:${d.col}`)).toEqual([
      'warning env-missing 1:17',
    ]);
  });
});

describe('includes', () => {
  it('composes commands from globbed files and reports findings in the included file', () => {
    const cwd = testdir({
      'cmdsync.yaml':
        'include: ["commands/**/*.yaml", "missing/*.yaml"]\ncommands:\n  - { name: ping, description: Ping }\n',
      'commands/a.yaml': 'name: alpha\ndescription: Alpha\n',
      'commands/nested/b.yaml': '- { name: beta, description: Beta }\n- { name: Gamma, description: Bad name }\n',
      'commands/c.yaml': 'commands:\n  - { name: ping, description: Duplicate of the root one }\n',
    });
    const { manifest } = loadManifest('cmdsync.yaml', { cwd, env: {} });
    expect(manifest!.global.commands.map((c) => c.command.name)).toEqual(['ping', 'alpha', 'ping', 'beta', 'Gamma']);
    const found = lintPath('cmdsync.yaml', { cwd, env: {} }).diagnostics.map(
      (d) => `${d.file}:${d.line}:${d.col} ${d.rule}`,
    );
    expect(found).toEqual([
      'cmdsync.yaml:1:33 include',
      'commands/c.yaml:2:13 duplicate-name',
      'commands/nested/b.yaml:2:11 name-lowercase',
    ]);
  });

  it('lints a lone command file passed directly (as pre-commit may)', () => {
    const cwd = testdir({ 'ping.yaml': 'name: Ping\ndescription: Ping\n' });
    expect(lintPath('ping.yaml', { cwd, env: {} }).diagnostics.map((d) => d.rule)).toEqual(['name-lowercase']);
  });
});

describe('suppression comments', () => {
  it('honours cmdsync-disable-next-line for the named rule only', () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        'commands:',
        '  - name: ping',
        '    description: Ping',
        '    name_localizations:',
        '      # cmdsync-disable-next-line localization-equals-default',
        '      en-US: ping',
        '      # cmdsync-disable-next-line some-other-rule',
        '      en-GB: ping',
      ].join('\n'),
    });
    expect(lintPath('cmdsync.yaml', { cwd, env: {} }).diagnostics.map((d) => `${d.rule} ${d.line}`)).toEqual([
      'localization-equals-default 8',
    ]);
  });
});

describe('bad input never throws', () => {
  it.each([
    ['a scalar document', 'just text\n', 'schema'],
    ['a list where a mapping belongs', 'commands: { name: ping }\n', 'schema'],
    [
      'a wrong type deep inside',
      'commands:\n  - name: ping\n    description: 5\n    options: [{ type: [1], name: {}, description: null, choices: 3 }]\n',
      'description-length',
    ],
    [
      'an alias bomb',
      'a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: [*d, *d, *d, *d, *d, *d, *d, *d, *d]\n',
      'yaml-alias',
    ],
    ['an empty file', '', 'manifest-empty'],
    ['only comments', '# nothing here\n', 'manifest-empty'],
  ])('%s', (_label, text, rule) => {
    const cwd = testdir({ 'cmdsync.yaml': text });
    const report = lintPath('cmdsync.yaml', { cwd, env: {} });
    expect(report.diagnostics.map((d) => d.rule)).toContain(rule);
  });
});
