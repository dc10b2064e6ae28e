import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../src/emulator/index.js';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

// A moderation bot: app-level rows let Staff use the app in #staff only; /ban is opened to Moderators
// in #mod-log whatever BAN_MEMBERS says, and closed to one user.
const APP = '500000000000000001';
const GUILD = '600000000000000010';
const MODS = '610000000000000001';
const STAFF = '610000000000000002';
const MOD_LOG = '620000000000000001';
const STAFF_ROOM = '620000000000000002';
const TROLL = '630000000000000001';

const MANIFEST = [
  `application_id: "${APP}"`,
  'guilds:',
  `  - id: "${GUILD}"`,
  '    name: Mods',
  '    commands:',
  '      - { name: ban, description: Ban a member, default_member_permissions: [BAN_MEMBERS] }',
  '      - { name: stats, description: Server stats }',
  '    permissions:',
  '      ban:',
  '        - { role: everyone, allow: false }',
  `        - { role: "${MODS}", allow: true }`,
  `        - { user: "${TROLL}", allow: false }`,
  '        - { channel: all_channels, allow: false }',
  `        - { channel: "${MOD_LOG}", allow: true }`,
  '      "*":',
  `        - { role: "${STAFF}", allow: true }`,
  `        - { channel: "${STAFF_ROOM}", allow: true }`,
  '        - { channel: all_channels, allow: false }',
].join('\n');

const run = (cwd: string, args: string[]) => runBin(args, { cwd });

/** The matrix line of a principal, cells split on runs of 3+ spaces. */
function matrixRow(stdout: string, command: string, principal: string): string[] {
  const block = stdout.split(/\n(?=\S)/).find((b) => b.startsWith(`${command} `))!;
  const line = block.split('\n').find((l) => l.trimStart().startsWith(principal))!;
  return line.trim().split(/\s{3,}/);
}

describe('cmdsync access (built binary)', () => {
  it('prints, per command, who may use it in which channel, with a reason per cell, from the manifest alone', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await run(cwd, ['access', '--guild', GUILD]);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toMatch(STACK);
    expect(r.stdout).toContain(`Guild ${GUILD} (Mods): rows from the manifest`);
    expect(r.stdout).toMatch(/^\/ban {3}default_member_permissions: BAN_MEMBERS$/m);
    // Columns: the channel /ban names, then all other channels.
    const header = r.stdout.split('\n').find((l) => l.includes(`channel ${MOD_LOG}`))!;
    // Columns: the channels the rows name (the command's, then the app's), then all other channels.
    expect(header.trim().split(/\s{3,}/)).toEqual([
      `channel ${MOD_LOG}`,
      `channel ${STAFF_ROOM}`,
      'all other channels',
    ]);
    expect(matrixRow(r.stdout, '/ban', 'administrators')).toEqual(['administrators', 'yes [1]', 'yes [1]', 'yes [1]']);
    expect(matrixRow(r.stdout, '/ban', `role ${MODS}`)).toEqual([`role ${MODS}`, 'yes [2]', 'no [3]', 'no [3]']);
    // The app-level allow for Staff does not reach /ban: its own @everyone row decides first.
    expect(matrixRow(r.stdout, '/ban', `role ${STAFF}`)).toEqual([`role ${STAFF}`, 'no [4]', 'no [3]', 'no [3]']);
    expect(matrixRow(r.stdout, '/ban', `user ${TROLL}`)).toEqual([`user ${TROLL}`, 'no [5]', 'no [3]', 'no [3]']);
    expect(matrixRow(r.stdout, '/ban', 'everyone else')).toEqual(['everyone else', 'no [4]', 'no [3]', 'no [3]']);
    expect(r.stdout).toContain(`[2] command row: role ${MODS} allow (overrides default_member_permissions)`);
    expect(r.stdout).toContain('[3] command row: all channels deny');
    expect(r.stdout).toContain('[4] command row: @everyone deny');
    expect(r.stdout).toContain(`[5] command row: user ${TROLL} deny`);
    // /stats has no rows of its own: the app-level rows decide; its default lets in whoever passes them.
    expect(matrixRow(r.stdout, '/stats', `role ${STAFF}`)).toEqual([`role ${STAFF}`, 'yes [2]', 'no [3]']);
    expect(matrixRow(r.stdout, '/stats', 'everyone else')).toEqual(['everyone else', 'yes [2]', 'no [3]']);
    expect(r.stdout).toMatch(/\/stats[\s\S]*\[3\] app row: all channels deny/);
  });

  it('answers for one member with the chain of reasons, and exits 0 for a no', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const yes = await run(cwd, ['access', 'ban', '--guild', GUILD, '--role', MODS, '--channel', MOD_LOG]);
    expect(yes.code).toBe(0);
    expect(yes.stdout).toContain(
      `a member with role ${MODS} in channel ${MOD_LOG}: yes\n    - command row: channel ${MOD_LOG} allow\n    - command row: role ${MODS} allow (overrides default_member_permissions)\n`,
    );
    const no = await run(cwd, [
      'access',
      '/ban',
      '--guild',
      GUILD,
      '--user',
      TROLL,
      '--role',
      MODS,
      '--channel',
      MOD_LOG,
    ]);
    expect(no.code).toBe(0);
    expect(no.stdout).toContain(
      `user ${TROLL} with role ${MODS} in channel ${MOD_LOG}: no\n    - command row: channel ${MOD_LOG} allow\n    - command row: user ${TROLL} deny\n`,
    );
    // App-level allow still needs default_member_permissions (stats has none): --permissions is what the member holds.
    const staff = await run(cwd, [
      'access',
      'stats',
      '--guild',
      GUILD,
      '--role',
      STAFF,
      '--channel',
      STAFF_ROOM,
      '--permissions',
      'SEND_MESSAGES,USE_APPLICATION_COMMANDS',
    ]);
    expect(staff.stdout).toContain(
      `in channel ${STAFF_ROOM}: yes\n    - app row: channel ${STAFF_ROOM} allow\n    - app row: role ${STAFF} allow (default_member_permissions still applies)\n    - default_member_permissions is null: everyone\n`,
    );
    // Without USE_APPLICATION_COMMANDS a member is offered no command at all.
    const none = await run(cwd, [
      'access',
      'stats',
      '--guild',
      GUILD,
      '--role',
      STAFF,
      '--channel',
      STAFF_ROOM,
      '--permissions',
      'SEND_MESSAGES',
    ]);
    expect(none.stdout).toContain(
      `in channel ${STAFF_ROOM}: no\n    - the member lacks USE_APPLICATION_COMMANDS in this channel: no command is offered to them\n`,
    );
  });

  it('default_permission: false (deprecated) leaves the command to administrators, as "0" does', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        `application_id: "${APP}"`,
        'guilds:',
        `  - id: "${GUILD}"`,
        '    commands:',
        '      - { name: purge, description: Purge messages, default_permission: false }',
        '    permissions:',
        '      purge:',
        `        - { role: "${MODS}", allow: true }`,
      ].join('\n'),
    });
    const r = await run(cwd, ['access', 'purge', '--guild', GUILD]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^\/purge {3}default_member_permissions: "0" \(administrators only\)$/m);
    expect(matrixRow(r.stdout, '/purge', 'everyone else')[1]).toMatch(/^no /);
    expect(matrixRow(r.stdout, '/purge', `role ${MODS}`)[1]).toMatch(/^yes /);
  });

  it('--json gives the same answers for machines', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    const r = await run(cwd, ['access', 'ban', '--guild', GUILD, '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(doc).toMatchObject({ guild_id: GUILD, guild_name: 'Mods', source: 'manifest' });
    const [ban] = doc.commands;
    expect(ban).toMatchObject({
      name: 'ban',
      type: 1,
      default_member_permissions: '4',
      columns: [{ channel_id: MOD_LOG }, { channel_id: STAFF_ROOM }, { channel_id: null, label: 'all other channels' }],
    });
    const mods = ban.rows.find((row: { principal: { id?: string } }) => row.principal.id === MODS);
    expect(mods.cells.map((c: { outcome: string }) => c.outcome)).toEqual(['allowed', 'denied', 'denied']);
    expect(mods.cells[2].reason).toBe('command row: all channels deny');
    const member = JSON.parse((await run(cwd, ['access', 'ban', '--guild', GUILD, '--role', STAFF, '--json'])).stdout);
    expect(member.member).toEqual({ user_id: null, role_ids: [STAFF], permissions: null });
    expect(member.commands[0].answers.map((a: { allowed: boolean | null }) => a.allowed)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('bad input: a clear error, exit 1, no stack trace', async () => {
    const cwd = testdir({ 'cmdsync.yaml': MANIFEST });
    for (const args of [
      ['access', '--guild', 'nope'],
      ['access', '--guild', GUILD, '--permissions', 'BAN_PEOPLE'],
      ['access', 'kick', '--guild', GUILD],
    ]) {
      const r = await run(cwd, args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stderr).toMatch(/error: /);
      expect(r.stderr).not.toMatch(STACK);
    }
    const broken = testdir({ 'cmdsync.yaml': 'guilds: [{ id: "1", permissions: { nope: [{ role: 1 }] } }]' });
    expect((await run(broken, ['access', '--guild', '1'])).code).toBe(1);
  });

  it('--emulator reads the deployed rows and the guild itself: roles, members, channel overwrites, threads, the owner', async () => {
    const cwd = testdir({
      // The manifest does not manage this guild's permissions: the deployed rows are the truth.
      'cmdsync.yaml': [
        `application_id: "${APP}"`,
        'guilds:',
        `  - id: "${GUILD}"`,
        '    commands:',
        '      - { name: ban, description: Ban a member, default_member_permissions: "4" }',
      ].join('\n'),
    });
    const THREAD = '620000000000000003';
    const ALICE = '630000000000000002'; // a moderator
    const BOB = '630000000000000003'; // a moderator whose BAN_MEMBERS is taken away in #general by an overwrite
    const OWNER = '630000000000000004';
    const GENERAL = '620000000000000004';
    mkdirSync(join(cwd, '.cmdsync'));
    const emulator = await startEmulator({
      dataFile: join(cwd, '.cmdsync/emulator.json'),
      rateLimits: false,
      seed: {
        applications: [{ id: APP }],
        guilds: [
          {
            id: GUILD,
            name: 'Mods',
            owner_id: OWNER,
            roles: [
              { name: '@everyone', permissions: ['SEND_MESSAGES', 'VIEW_CHANNEL', 'USE_APPLICATION_COMMANDS'] },
              { id: MODS, name: 'Moderators', permissions: ['BAN_MEMBERS'] },
            ],
            members: [
              { id: ALICE, username: 'alice', roles: ['Moderators'] },
              { id: BOB, username: 'bob', roles: [MODS] },
              { id: OWNER, username: 'owner' },
            ],
            channels: [
              { id: MOD_LOG, name: 'mod-log' },
              { id: THREAD, name: 'appeal', type: 11, parent_id: MOD_LOG },
              {
                id: GENERAL,
                name: 'general',
                permission_overwrites: [{ id: BOB, type: 'member', deny: ['BAN_MEMBERS'] }],
              },
            ],
          },
        ],
        commands: [{ guild_id: GUILD, name: 'ban', description: 'Ban a member', default_member_permissions: '4' }],
      },
    });
    try {
      const ban = Object.values(emulator.world.commands).find((c) => c.name === 'ban')!;
      const put = await fetch(`${emulator.url}/applications/${APP}/guilds/${GUILD}/commands/${ban.id}/permissions`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${emulator.credentials.bearerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ permissions: [{ id: MOD_LOG, type: 3, permission: false }] }),
      });
      expect(put.status).toBe(200);
    } finally {
      await emulator.close();
    }

    const thread = await run(cwd, [
      'access',
      'ban',
      '--emulator',
      '--guild',
      GUILD,
      '--user',
      ALICE,
      '--channel',
      THREAD,
    ]);
    expect(thread.code).toBe(0);
    expect(thread.stdout).toContain(`Guild ${GUILD} (Mods): rows from the emulator`);
    expect(thread.stdout).toContain(
      `user @alice (${ALICE}) with role @Moderators (${MODS}) in #appeal (${THREAD}): no\n    - command row: channel #mod-log deny (the thread's channel)\n`,
    );
    const general = await run(cwd, [
      'access',
      'ban',
      '--emulator',
      '--guild',
      GUILD,
      '--user',
      ALICE,
      '--channel',
      GENERAL,
    ]);
    expect(general.stdout).toContain(
      `in #general (${GENERAL}): yes\n    - no row for this channel or all channels\n    - no row for this member, their roles or @everyone\n    - default_member_permissions needs BAN_MEMBERS; the member has it\n`,
    );
    const bob = await run(cwd, ['access', 'ban', '--emulator', '--guild', GUILD, '--user', BOB, '--channel', GENERAL]);
    expect(bob.stdout).toContain('default_member_permissions needs BAN_MEMBERS; the member lacks BAN_MEMBERS');
    const owner = await run(cwd, [
      'access',
      'ban',
      '--emulator',
      '--guild',
      GUILD,
      '--user',
      OWNER,
      '--channel',
      MOD_LOG,
    ]);
    expect(owner.stdout).toContain(`in #mod-log (${MOD_LOG}): yes\n    - guild owner: may use every command\n`);
    // The matrix names the role by its name, with real permissions instead of "only with".
    const matrix = await run(cwd, ['access', 'ban', '--emulator', '--guild', GUILD]);
    expect(matrixRow(matrix.stdout, '/ban', 'everyone else')).toEqual(['everyone else', 'no [2]', 'no [3]']);
    expect(matrix.stdout).toContain('[3] default_member_permissions needs BAN_MEMBERS; the member lacks BAN_MEMBERS');

    // Names where ids go, looked up in the emulator's guild: the same answers.
    const byName = await run(cwd, [
      'access',
      'ban',
      '--emulator',
      '--guild',
      GUILD,
      '--user',
      'alice',
      '--channel',
      'appeal',
    ]);
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toBe(thread.stdout);
    const sigils = await run(cwd, [
      'access',
      'ban',
      '--emulator',
      '--guild',
      GUILD,
      '--user',
      '@bob',
      '--channel',
      '#general',
    ]);
    expect(sigils.stdout).toBe(bob.stdout);
    const role = await run(cwd, [
      'access',
      'ban',
      '--emulator',
      '--guild',
      GUILD,
      '--role',
      'moderators',
      '--channel',
      'general',
    ]);
    expect(role.code, role.stderr).toBe(0);
    expect(role.stdout).toContain(`with role @Moderators (${MODS}) in #general (${GENERAL}): yes`);
    const typo = await run(cwd, ['access', 'ban', '--emulator', '--guild', GUILD, '--user', 'bobb']);
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(`no user named "@bobb" in guild Mods (${GUILD}); users: @bob (${BOB})`);
    expect(typo.stderr).toContain('did you mean @bob?');
    expect(typo.stderr).not.toMatch(STACK);
    // Offline there is no guild to look a name up in: the error says where names are taken.
    const offline = await run(cwd, ['access', 'ban', '--guild', GUILD, '--user', 'alice']);
    expect(offline.code).toBe(1);
    expect(offline.stderr).toContain(
      '--user: user names are read from the emulator or the service, and neither is read here: pass --remote or --emulator',
    );
  });

  it('--remote reads the deployed rows over HTTP where the manifest does not manage them, and never prints the token', async () => {
    const emulator = await startEmulator({
      rateLimits: false,
      seed: {
        applications: [{ id: APP }],
        guilds: [{ id: GUILD, name: 'Mods' }],
        commands: [{ guild_id: GUILD, name: 'ban', description: 'Ban a member', default_member_permissions: '4' }],
      },
    });
    try {
      const ban = Object.values(emulator.world.commands).find((c) => c.name === 'ban')!;
      const put = await fetch(`${emulator.url}/applications/${APP}/guilds/${GUILD}/commands/${ban.id}/permissions`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${emulator.credentials.bearerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          permissions: [
            { id: MODS, type: 1, permission: true },
            { id: GUILD, type: 1, permission: false },
          ],
        }),
      });
      expect(put.status).toBe(200);
      const cwd = testdir({
        'cmdsync.yaml': [
          `application_id: "${APP}"`,
          'guilds:',
          `  - id: "${GUILD}"`,
          '    commands:',
          '      - { name: ban, description: Ban a member, default_member_permissions: "4" }',
        ].join('\n'),
      });
      const env = { CMDSYNC_API_URL: emulator.url, DISCORD_TOKEN: emulator.credentials.botToken };
      const r = await runBin(['access', 'ban', '--remote', '--guild', GUILD, '--debug'], { cwd, env });
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`Guild ${GUILD}: rows from the remote`);
      expect(matrixRow(r.stdout, '/ban', `role ${MODS}`)).toEqual([`role ${MODS}`, 'yes [2]']);
      expect(matrixRow(r.stdout, '/ban', 'everyone else')).toEqual(['everyone else', 'no [3]']);
      expect(r.stdout + r.stderr).not.toContain(emulator.credentials.botToken);
      // Offline, the same manifest says what it cannot know.
      const offline = await runBin(['access', 'ban', '--guild', GUILD], { cwd });
      expect(offline.stdout).toContain(
        `note: the manifest does not manage guild ${GUILD}'s permissions (no permissions: key)`,
      );
      expect(matrixRow(offline.stdout, '/ban', 'everyone else')).toEqual([
        'everyone else',
        'only with BAN_MEMBERS [2]',
      ]);
    } finally {
      await emulator.close();
    }
  });
});
