import { describe, expect, it } from 'vitest';
import { call, bot, start } from '../emulator/helpers.js';
import { runBin } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

/**
 * The manifest's `application:` block (issue 15): what the application is
 * decides what its commands may be. Lint checks against it, `--emulator`
 * provisions it, and the emulator answers the same from the same rules.
 */
const APP = 'application_id: "500000000000000001"';
const ENTRY = '  - { type: primary_entry_point, name: launch, description: Launch the activity, handler: app_handler }';
const run = (cwd: string, args: string[]) => runBin(args, { cwd });

describe('application: block', () => {
  it('an entry point lints clean and applies to the emulator when the application is embedded', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [APP, 'application: { embedded: true }', 'commands:', ENTRY, ''].join('\n'),
    });
    expect((await run(cwd, ['lint'])).code).toBe(0);
    const applied = await run(cwd, ['apply', '--emulator', '--auto-approve']);
    expect(applied.stderr).not.toMatch(/error/i);
    expect(applied.code).toBe(0);
    expect((await run(cwd, ['plan', '--emulator', '--detailed-exitcode'])).code).toBe(0);
  });

  it('an entry point is an error when the application says it has no Activity', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [APP, 'application: { embedded: false }', 'commands:', ENTRY, ''].join('\n'),
    });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /cmdsync\.yaml:4:\d+: error: Only applications with an Activity .*\[entry-point-embedded-only\]/,
    );
  });

  it("integration_types beyond the application's, and nsfw on a discoverable app, are errors at the field", async () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        APP,
        'application:',
        '  integration_types: [guild_install]',
        '  discoverable: true',
        'commands:',
        '  - name: mine',
        '    description: Mine',
        '    integration_types: [guild_install, user_install]',
        '    nsfw: true',
        '',
      ].join('\n'),
    });
    const r = await run(cwd, ['lint', '--format', 'unix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /cmdsync\.yaml:8:40: error: The application does not support installation context 1.*\[integration-type-unsupported\]/,
    );
    expect(r.stdout).toMatch(/cmdsync\.yaml:9:11: error: .*discovery enabled.*\[nsfw-discoverable\]/);
    const ok = testdir({
      'cmdsync.yaml': [
        APP,
        'application: { integration_types: [guild_install, user_install] }',
        'commands:',
        '  - { name: mine, description: Mine, integration_types: [guild_install, user_install], nsfw: true }',
        '',
      ].join('\n'),
    });
    expect((await run(ok, ['lint'])).code).toBe(0);
  });

  it('the emulator refuses the same, from the same rules, at the same field', async () => {
    const em = await start({ seed: { applications: [{ integration_types: [0], discoverable: true }] } });
    try {
      const app = em.credentials.applicationId;
      const wide = await call(em, 'POST', `/applications/${app}/commands`, {
        auth: bot(em),
        body: { name: 'mine', description: 'Mine', integration_types: [0, 1] },
      });
      expect(wide.status).toBe(400);
      expect(wide.body.errors.integration_types['1']._errors[0].code).toBe(
        'APPLICATION_COMMAND_INTEGRATION_TYPE_UNSUPPORTED',
      );
      const nsfw = await call(em, 'PUT', `/applications/${app}/commands`, {
        auth: bot(em),
        body: [{ name: 'mine', description: 'Mine', nsfw: true }],
      });
      expect(nsfw.status).toBe(400);
      expect(nsfw.body.errors['0'].nsfw._errors[0].code).toBe('APPLICATION_COMMAND_NSFW_DISCOVERABLE');
      const fine = await call(em, 'POST', `/applications/${app}/commands`, {
        auth: bot(em),
        body: { name: 'mine', description: 'Mine', integration_types: [0] },
      });
      expect(fine.status).toBe(201);
    } finally {
      await em.close();
    }
  });
});

describe('the daily create allowance in a plan', () => {
  it("says, per guild, how much of the day's allowance an apply spends (global creates are not limited)", async () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        APP,
        'commands:',
        '  - { name: a, description: A }',
        'guilds:',
        '  - id: "600000000000000001"',
        '    commands:',
        '      - { name: b, description: B }',
        '      - { name: c, description: C }',
        '',
      ].join('\n'),
    });
    const text = await run(cwd, ['plan', '--emulator']);
    expect(text.stdout).toContain("Spends 2 of today's 200 command creates in this guild.");
    expect(text.stdout.match(/Spends \d+ of today's/g)).toHaveLength(1);
    const json = JSON.parse((await run(cwd, ['plan', '--emulator', '--json'])).stdout) as {
      scopes: Array<{ key: string; creates: number; create_allowance?: number }>;
    };
    expect(json.scopes.map((s) => [s.key, s.creates, s.create_allowance])).toEqual([
      ['global', 1, undefined],
      ['guild:600000000000000001', 2, 200],
    ]);
  });
});
