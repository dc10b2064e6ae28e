/**
 * `cmdsync access` with names where ids go (built binary): the manifest's one
 * guild without `--guild`, guilds by the manifest's names, and, with
 * `--remote`, roles, channels and guilds by the names the service returns
 * (the emulator serving as the service over loopback HTTP), with those names
 * printed next to the ids.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

const APP = '500000000000000001';
const GUILD = '600000000000000010';
const OTHER = '600000000000000020';
const MODS = '610000000000000001';
const MOD_LOG = '620000000000000001';

const manifest = (guilds: string[]) =>
  [
    `application_id: "${APP}"`,
    'guilds:',
    ...guilds,
    // The one guild's rows; the other guild has none.
  ].join('\n');

const MODS_GUILD = [
  `  - id: "${GUILD}"`,
  '    name: Mods',
  '    commands:',
  '      - { name: ban, description: Ban a member, default_member_permissions: [BAN_MEMBERS] }',
  '    permissions:',
  '      ban:',
  `        - { role: "${MODS}", allow: true }`,
  `        - { channel: "${MOD_LOG}", allow: true }`,
  '        - { channel: all_channels, allow: false }',
];
const OTHER_GUILD = [
  `  - id: "${OTHER}"`,
  '    name: Other',
  '    commands:',
  '      - { name: stats, description: Server stats }',
];

describe('cmdsync access: which guild, and names where ids go', () => {
  it("without --guild uses the manifest's one guild and says so; with several, the error lists them by name and id", async () => {
    const one = testdir({ 'cmdsync.yaml': manifest(MODS_GUILD) });
    const r = await runBin(['access', 'ban'], { cwd: one });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Guild ${GUILD} (Mods): rows from the manifest`);
    expect(r.stdout).toContain(
      `note: no --guild: the manifest declares one guild, Mods (${GUILD}); these are its rows.`,
    );
    const json = JSON.parse((await runBin(['access', 'ban', '--json'], { cwd: one })).stdout);
    expect(json.guild_id).toBe(GUILD);

    const two = testdir({ 'cmdsync.yaml': manifest([...MODS_GUILD, ...OTHER_GUILD]) });
    const several = await runBin(['access'], { cwd: two });
    expect(several.code).toBe(1);
    expect(several.stderr).toContain(
      `access needs --guild ID|NAME: permission rows belong to one guild, and the manifest declares 2: Mods (${GUILD}), Other (${OTHER}).`,
    );
    expect(several.stderr).not.toMatch(STACK);
    // The manifest's names are names for --guild, offline too.
    const byName = await runBin(['access', 'ban', '--guild', 'mods'], { cwd: two });
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toContain(`Guild ${GUILD} (Mods)`);
    const typo = await runBin(['access', '--guild', 'Mdos'], { cwd: two });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(
      `--guild: no guild named "Mdos" among the manifest's guilds; guilds: Mods (${GUILD}), Other (${OTHER}); did you mean Mods?`,
    );
  });

  describe('--remote: names from what the service returns', () => {
    let emulator: RunningEmulator;
    let env: Record<string, string>;
    // No guild names in this manifest: every name comes from the service. (A directory per test: testdir's are removed after each.)
    const project = () => testdir({ 'cmdsync.yaml': manifest(MODS_GUILD.filter((l) => !l.includes('name: Mods'))) });
    beforeAll(async () => {
      emulator = await startEmulator({
        rateLimits: false,
        seed: {
          applications: [{ id: APP }],
          guilds: [
            {
              id: GUILD,
              name: 'Moderation',
              roles: [
                { name: '@everyone' },
                { id: MODS, name: 'Moderators' },
                { id: '610000000000000002', name: 'Modest' },
              ],
              channels: [
                { id: MOD_LOG, name: 'mod-log' },
                { id: '620000000000000002', name: 'general' },
              ],
            },
          ],
        },
      });
      env = { CMDSYNC_API_URL: emulator.url, DISCORD_TOKEN: emulator.credentials.botToken };
    });
    afterAll(() => emulator.close());

    it('takes the guild, a role and a channel by name and prints the names next to the ids', async () => {
      const cwd = project();
      const r = await runBin(
        [
          'access',
          'ban',
          '--remote',
          '--guild',
          'Moderation',
          '--role',
          '@moderators',
          '--channel',
          '#mod-log',
          '--permissions',
          'USE_APPLICATION_COMMANDS',
        ],
        { cwd, env },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(`a member with role @Moderators (${MODS}) in #mod-log (${MOD_LOG}): yes`);
      expect(r.stdout + r.stderr).not.toContain(emulator.credentials.botToken);
      // The matrix names the role the rows name, from the service's role list.
      const matrix = await runBin(['access', 'ban', '--remote'], { cwd, env });
      expect(matrix.code, matrix.stderr).toBe(0);
      expect(matrix.stdout).toMatch(new RegExp(`^ {2}role @Moderators \\(${MODS}\\) +`, 'm'));
      expect(matrix.stdout).toContain(`#mod-log (${MOD_LOG})`);
    });

    it('an unknown name lists the names the service knows, nearest first; an id needs no name', async () => {
      const cwd = project();
      const r = await runBin(['access', 'ban', '--remote', '--role', 'Moderator'], { cwd, env });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `--role: no role named "@Moderator" in guild Moderation (${GUILD}); roles: @Moderators (${MODS}), @Modest (`,
      );
      expect(r.stderr).toContain('did you mean @Moderators?');
      expect(r.stderr).not.toMatch(STACK);
      const byId = await runBin(['access', 'ban', '--remote', '--role', MODS, '--channel', MOD_LOG], { cwd, env });
      expect(byId.code, byId.stderr).toBe(0);
      // Offline, names are not known: the error says where they are.
      const offline = await runBin(['access', 'ban', '--role', 'Moderators'], { cwd });
      expect(offline.code).toBe(1);
      expect(offline.stderr).toContain(
        '--role: role names are read from the emulator or the service, and neither is read here: pass --remote or --emulator',
      );
    });
  });
});
