/**
 * `cmdsync test` on a bot's repository as it is (issue 37 item 9): the
 * manifest's `${TEST_GUILD_ID}` is read from `.env` as `plan` reads it; the
 * guild and the webhook channel it names by real ids are added to the test
 * world; the repository's lock file is left alone (the test world's webhook
 * ids are not the service's); a manifest the service would refuse is
 * reported at the manifest's own file:line:col. The built binary, a real
 * discord.js bot. (`npm run build` first.)
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { runBin, STACK } from '../helpers/cli.js';
import { FIXTURES } from '../helpers/fixtures.js';
import { testdir } from '../helpers/tmp.js';

const GATEWAY = join(FIXTURES, 'bot-test/bots/gateway');
const REAL_GUILD = '1198765432109876543';
const REAL_CHANNEL = '1198765432109876544';

const testFile = [
  `bot: { run: node ${JSON.stringify(join(GATEWAY, 'bot.mjs'))} }`,
  `world: ${JSON.stringify(join(GATEWAY, 'world.yaml'))}`,
  'scenarios:',
  '  - name: ping answers',
  '    as: alice',
  '    in: general',
  '    steps:',
  '      - invoke: /ping',
  '        expect: { reply: { content: pong } }',
  '',
].join('\n');

const manifest = (description: string) =>
  [
    'application_id: ${DISCORD_APPLICATION_ID}',
    'commands:',
    `  - { name: ping, description: ${description} }`,
    'guilds:',
    '  - id: ${TEST_GUILD_ID}',
    '    commands:',
    '      - { name: deploy, description: Deploys the release }',
    'webhooks:',
    `  - { key: alerts, channel_id: "${REAL_CHANNEL}", name: Alerts }`,
    '',
  ].join('\n');

test('a manifest naming its test guild through .env and a real webhook channel runs unchanged, and writes no lock file', async () => {
  const dir = testdir({
    'cmdsync.yaml': manifest('Check that the bot is alive'),
    '.env': `TEST_GUILD_ID=${REAL_GUILD}\n`,
    'bot.test.yaml': testFile,
  });
  const r = await runBin(['test', 'bot.test.yaml'], { cwd: dir, timeoutMs: 90_000 });
  expect(r.stdout + r.stderr).not.toMatch(/TEST_GUILD_ID|Unknown (Guild|Channel)/);
  expect(r.code, r.stdout + r.stderr).toBe(0);
  expect(r.stdout.trimEnd().split('\n').at(-1)).toBe('1 passed, 0 failed');
  expect(existsSync(join(dir, 'cmdsync.lock.json'))).toBe(false);
}, 120_000);

test("a manifest the service would refuse is the file's problem, at the manifest's file:line:col", async () => {
  const dir = testdir({
    'cmdsync.yaml': manifest('x'.repeat(101)),
    '.env': `TEST_GUILD_ID=${REAL_GUILD}\n`,
    'bot.test.yaml': testFile,
  });
  const r = await runBin(['test', 'bot.test.yaml'], { cwd: dir, timeoutMs: 90_000 });
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(
    /Error in the test file bot\.test\.yaml \(it did not run\):\n {2}cmdsync\.yaml:3:\d+: .*has errors/,
  );
  expect(r.stdout).toMatch(
    /: cmdsync\.yaml has errors \(cmdsync lint shows them\): Description must be 1-100 characters/,
  );
  expect(r.stderr).not.toMatch(STACK);
}, 120_000);
