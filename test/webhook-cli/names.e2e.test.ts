/**
 * `cmdsync webhook` with names where ids go, against the service (the
 * emulator serving as it over loopback HTTP, reached by CMDSYNC_API_URL with
 * a bot token, not `--emulator`): channels and guilds by the names the
 * service returns, names next to ids in what is printed, and a bare `list`
 * that reads the channels of the manifest's webhooks. Built binary.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { runBin, STACK } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';
import { type Client, IDS, startWebhookEmulator } from '../emulator/webhooks-setup.js';
import { botEnv, expectNoSecrets } from './helpers.js';

let emu: RunningEmulator;
let c: Client;
let deploys: { id: string; token: string };
let alerts: { id: string; token: string };
let news: { id: string; token: string };

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  deploys = await c.create(IDS.text, 'Deploys');
  alerts = await c.create(IDS.otherText, 'Alerts');
  news = await c.create(IDS.announcement, 'News feed');
});
afterAll(() => emu.close());

const secrets = () => [emu.credentials.botToken, deploys.token, alerts.token, news.token];

describe('webhook list against the service', () => {
  test('--channel and --guild take names the service returns; rows name the channel next to its id', async () => {
    const cwd = testdir();
    const byName = await runBin(['webhook', 'list', '--channel', 'news'], { cwd, env: botEnv(emu) });
    expect(byName.code, byName.stderr).toBe(0);
    expect(byName.stdout).toBe(`${news.id}  "News feed"  incoming  channel #news (${IDS.announcement})\n`);
    expectNoSecrets({ code: 0, out: byName.stdout, err: byName.stderr }, secrets());
    const sigil = await runBin(['webhook', 'list', '--channel', '#NEWS', '--json'], { cwd, env: botEnv(emu) });
    expect(JSON.parse(sigil.stdout).map((w: { id: string }) => w.id)).toEqual([news.id]);
    const guild = await runBin(['webhook', 'list', '--guild', 'guild'], { cwd, env: botEnv(emu) });
    expect(guild.code, guild.stderr).toBe(0);
    expect(guild.stdout).toContain(`${deploys.id}  "Deploys"  incoming  channel #general (${IDS.text})`);
    expect(guild.stdout).toContain(`${alerts.id}  "Alerts"  incoming  channel #other (${IDS.otherText})`);
  });

  test('an unknown name lists the channels the bot can see, nearest first, with the one it may have meant; exit 1', async () => {
    const r = await runBin(['webhook', 'list', '--channel', 'nwes'], { cwd: testdir(), env: botEnv(emu) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      '--channel: no channel named "#nwes" in 2 guilds (Guild (2000000000000000001), Other (2000000000000000002)); channels: #news (',
    );
    expect(r.stderr).toContain('did you mean #news?');
    expect(r.stderr).not.toMatch(STACK);
  });

  test('with neither flag: the webhooks of the channels the manifest declares webhooks in, saying which channels it read', async () => {
    const cwd = testdir({
      'cmdsync.yaml': [
        'webhooks:',
        `  - { channel_id: "${IDS.text}", name: Deploys, key: deploys }`,
        `  - { channel_id: "${IDS.otherText}", name: Alerts }`,
        `  - { channel_id: "${IDS.text}", name: Builds }`,
      ].join('\n'),
    });
    const r = await runBin(['webhook', 'list'], { cwd, env: botEnv(emu) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(
      `The channels of cmdsync.yaml's webhooks: #general (${IDS.text}), #other (${IDS.otherText}).`,
    );
    expect(r.stdout.trim().split('\n')).toEqual([
      `${deploys.id}  "Deploys"  incoming  channel #general (${IDS.text})`,
      `${alerts.id}  "Alerts"  incoming  channel #other (${IDS.otherText})`,
    ]);
    const none = await runBin(['webhook', 'list'], {
      cwd: testdir({ 'cmdsync.yaml': 'commands: []\n' }),
      env: botEnv(emu),
    });
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('cmdsync.yaml declares no webhooks; give --channel ID|NAME or --guild ID|NAME.');
    const nothing = await runBin(['webhook', 'list'], { cwd: testdir(), env: botEnv(emu) });
    expect(nothing.code).toBe(1);
    expect(nothing.stderr).toContain('give --channel ID|NAME or --guild ID|NAME, or run it beside a manifest');
    expect(nothing.stderr).not.toMatch(STACK);
  });
});

describe('webhook create, get and edit against the service', () => {
  test('create --channel takes a name; get and edit show the channel and guild names next to their ids', async () => {
    const cwd = testdir();
    const made = await runBin(['webhook', 'create', '--channel', 'general', '--name', 'Named'], {
      cwd,
      env: botEnv(emu),
    });
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`channel:     #general (${IDS.text})`);
    expect(made.stdout).toContain(`guild:       Guild (${IDS.guild})`);
    const id = /^id: +(\d+)$/m.exec(made.stdout)![1]!;
    expect(made.stderr).toContain(`Created webhook ${id} in channel #general (${IDS.text}).`);
    const moved = await runBin(['webhook', 'edit', id, '--channel', '#other'], { cwd, env: botEnv(emu) });
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain(`channel:     #other (${IDS.otherText})`);
    const got = await runBin(['webhook', 'get', id], { cwd, env: botEnv(emu) });
    expect(got.stdout).toContain(`channel:     #other (${IDS.otherText})`);
    expect(emu.world.webhooks[id]).toMatchObject({ channel_id: IDS.otherText });
  });
});
