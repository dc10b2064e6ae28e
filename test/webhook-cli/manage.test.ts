/**
 * `webhook list|get|create|edit|delete|url` over real HTTP against the
 * emulator: by id with the bot token, by URL with the webhook's own token,
 * and no token ever printed except by `webhook url`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { parseWebhookUrl } from '../../src/remote/index.js';
import { testdir } from '../helpers/tmp.js';
import { type Client, IDS, startWebhookEmulator } from '../emulator/webhooks-setup.js';
import { botEnv, cli, expectNoSecrets, hookUrl } from './helpers.js';

let emu: RunningEmulator;
let c: Client;
let hook: { id: string; token: string; name: string };
let secrets: string[];

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

beforeAll(async () => {
  ({ emu, client: c } = await startWebhookEmulator());
  hook = (await c.create(IDS.text, 'Deploys')) as never;
  await c.create(IDS.otherText, 'Other');
});
afterAll(async () => {
  await emu.close();
});

/** Every webhook token in the world, and the bot token. */
function allSecrets(): string[] {
  secrets = [
    emu.credentials.botToken,
    ...Object.values(emu.world.webhooks)
      .map((w) => w.token!)
      .filter(Boolean),
  ];
  return secrets;
}

describe('webhook list', () => {
  test('by channel: one row per webhook, tokens hidden', async () => {
    const r = await cli(['webhook', 'list', '--channel', IDS.text], botEnv(emu));
    expect(r.code).toBe(0);
    expect(r.out).toContain(hook.id);
    expect(r.out).toContain('"Deploys"');
    expect(r.out).not.toContain('Other');
    expect(r.err).toContain('cmdsync webhook url ID');
    expectNoSecrets(r, allSecrets());
  });

  test('by guild, as JSON without tokens', async () => {
    const r = await cli(['webhook', 'list', '--guild', IDS.guild, '--json'], botEnv(emu));
    expect(r.code).toBe(0);
    const list = JSON.parse(r.out) as Array<Record<string, unknown>>;
    expect(list.map((w) => w.name)).toEqual(expect.arrayContaining(['Deploys', 'Other']));
    for (const w of list) expect(w).not.toHaveProperty('token');
    expectNoSecrets(r, allSecrets());
  });

  test('needs exactly one of --channel and --guild; needs a bot token', async () => {
    expect((await cli(['webhook', 'list'], botEnv(emu))).err).toContain(
      'give --channel ID|NAME or --guild ID|NAME, or run it beside a manifest',
    );
    expect((await cli(['webhook', 'list', '--channel', IDS.text, '--guild', IDS.guild], botEnv(emu))).code).toBe(1);
    const noToken = await cli(['webhook', 'list', '--channel', IDS.text], { CMDSYNC_API_URL: emu.url });
    expect(noToken.code).toBe(1);
    expect(noToken.err).toContain('DISCORD_TOKEN');
  });

  test('an empty channel says so', async () => {
    const r = await cli(['webhook', 'list', '--channel', IDS.announcement], botEnv(emu));
    expect(r.code).toBe(0);
    expect(r.err).toContain('No webhooks in channel');
  });
});

describe('webhook get', () => {
  test('by id: details with the token hidden', async () => {
    const r = await cli(['webhook', 'get', hook.id], botEnv(emu));
    expect(r.code).toBe(0);
    expect(r.out).toContain(`id:          ${hook.id}`);
    expect(r.out).toContain('name:        Deploys');
    expect(r.out).toContain(`token:       (hidden; use cmdsync webhook url ${hook.id})`);
    expectNoSecrets(r, allSecrets());
  });

  test('by --url and by DISCORD_WEBHOOK_URL, without any bot token', async () => {
    const byFlag = await cli(['webhook', 'get', '--url', hookUrl(emu, hook), '--json'], {});
    expect(byFlag.code).toBe(0);
    const w = JSON.parse(byFlag.out);
    expect(w).toMatchObject({ id: hook.id, name: 'Deploys', channel_id: IDS.text });
    expect(w).not.toHaveProperty('token');
    expect(w).not.toHaveProperty('user');
    expectNoSecrets(byFlag, allSecrets());

    const byEnv = await cli(['webhook', 'get'], { DISCORD_WEBHOOK_URL: hookUrl(emu, hook) });
    expect(byEnv.code).toBe(0);
    expect(byEnv.out).toContain('name:        Deploys');
    expectNoSecrets(byEnv, allSecrets());

    const byPair = await cli(['webhook', 'get'], {
      DISCORD_WEBHOOK_ID: hook.id,
      DISCORD_WEBHOOK_TOKEN: hook.token,
      CMDSYNC_API_URL: emu.url,
    });
    expect(byPair.code).toBe(0);
    expectNoSecrets(byPair, allSecrets());
  });

  test('a wrong token: the service error, redacted', async () => {
    const wrong = 'w'.repeat(68);
    const r = await cli(['webhook', 'get', '--url', `${emu.url}/webhooks/${hook.id}/${wrong}`], {});
    expect(r.code).toBe(1);
    expect(r.err).toContain('Invalid Webhook Token');
    expectNoSecrets(r, [...allSecrets(), wrong]);
  });

  test('an id and --url together, or neither, are usage errors', async () => {
    expect((await cli(['webhook', 'get', hook.id, '--url', hookUrl(emu, hook)], botEnv(emu))).err).toContain(
      'not both',
    );
    expect((await cli(['webhook', 'get'], botEnv(emu))).err).toContain('DISCORD_WEBHOOK_URL');
    const bad = await cli(['webhook', 'get', '--url', 'https://example.com/nope'], {});
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('not a webhook URL');
  });
});

describe('webhook create / edit / delete', () => {
  test('create: prints the webhook without its token and points at webhook url', async () => {
    const cwd = testdir();
    writeFileSync(join(cwd, 'a.png'), PNG);
    const r = await cli(
      ['webhook', 'create', '--channel', IDS.announcement, '--name', 'Releases', '--avatar', 'a.png'],
      botEnv(emu),
      cwd,
    );
    expect(r.code).toBe(0);
    const created = Object.values(emu.world.webhooks).find((w) => w.name === 'Releases')!;
    expect(created.channel_id).toBe(IDS.announcement);
    expect(created.avatar).toMatch(/^[0-9a-f]{32}$/);
    expect(r.out).toContain(`id:          ${created.id}`);
    expect(r.err).toContain(`cmdsync webhook url ${created.id}`);
    expectNoSecrets(r, allSecrets());
  });

  test('create --json has no token', async () => {
    const r = await cli(['webhook', 'create', '--channel', IDS.announcement, '--name', 'Json', '--json'], botEnv(emu));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).not.toHaveProperty('token');
    expectNoSecrets(r, allSecrets());
  });

  test('create: a name breaking the rules is refused locally, naming the field; nothing is created', async () => {
    const before = Object.keys(emu.world.webhooks).length;
    const r = await cli(['webhook', 'create', '--channel', IDS.text, '--name', 'My Discord hook'], botEnv(emu));
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/^error: name: .*discord/im);
    expect(r.err).toContain('Nothing was sent');
    const long = await cli(['webhook', 'create', '--channel', IDS.text, '--name', 'x'.repeat(81)], botEnv(emu));
    expect(long.err).toMatch(/error: name: /);
    expect(Object.keys(emu.world.webhooks).length).toBe(before);
  });

  test('create: missing flags and a bad avatar type are usage errors', async () => {
    expect((await cli(['webhook', 'create', '--name', 'x'], botEnv(emu))).err).toContain(
      '--channel ID|NAME is required',
    );
    expect((await cli(['webhook', 'create', '--channel', IDS.text], botEnv(emu))).err).toContain(
      '--name NAME is required',
    );
    expect(
      (await cli(['webhook', 'create', '--channel', IDS.text, '--name', 'x', '--avatar', 'a.txt'], botEnv(emu))).err,
    ).toContain('.png');
  });

  test('edit by id: rename and move to another channel', async () => {
    const w = await c.create(IDS.text, 'Mover');
    const r = await cli(['webhook', 'edit', w.id, '--name', 'Moved', '--channel', IDS.otherText], botEnv(emu));
    expect(r.code).toBe(0);
    expect(emu.world.webhooks[w.id]).toMatchObject({ name: 'Moved', channel_id: IDS.otherText });
    expect(r.out).toContain('name:        Moved');
    expectNoSecrets(r, allSecrets());
  });

  test('edit by --url: rename and remove the avatar, no bot token', async () => {
    const w = await c.create(IDS.text, 'ByToken');
    const r = await cli(['webhook', 'edit', '--url', hookUrl(emu, w), '--name', 'Renamed', '--remove-avatar'], {});
    expect(r.code).toBe(0);
    expect(emu.world.webhooks[w.id]).toMatchObject({ name: 'Renamed', avatar: null });
    expectNoSecrets(r, allSecrets());
  });

  test('edit: the token route cannot move or take a reason; nothing to change is a usage error; rules checked locally', async () => {
    const w = await c.create(IDS.text, 'Strict');
    expect((await cli(['webhook', 'edit', '--url', hookUrl(emu, w), '--channel', IDS.otherText], {})).err).toContain(
      'needs the bot token',
    );
    expect(
      (await cli(['webhook', 'edit', '--url', hookUrl(emu, w), '--name', 'x', '--reason', 'r'], {})).err,
    ).toContain('--reason');
    expect((await cli(['webhook', 'edit', w.id], botEnv(emu))).err).toContain('nothing to change');
    const bad = await cli(['webhook', 'edit', w.id, '--name', 'clyde bot'], botEnv(emu));
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/error: name: /);
    expect(emu.world.webhooks[w.id].name).toBe('Strict');
  });

  test('delete by id and by --url', async () => {
    const a = await c.create(IDS.text, 'GoneA');
    const b = await c.create(IDS.text, 'GoneB');
    const r1 = await cli(['webhook', 'delete', a.id], botEnv(emu));
    expect(r1.code).toBe(0);
    expect(r1.err).toContain(`Deleted webhook ${a.id}`);
    const r2 = await cli(['webhook', 'delete', '--url', hookUrl(emu, b)], {});
    expect(r2.code).toBe(0);
    expect(emu.world.webhooks[a.id]).toBeUndefined();
    expect(emu.world.webhooks[b.id]).toBeUndefined();
    expectNoSecrets(r2, [b.token, ...allSecrets()]);
    const again = await cli(['webhook', 'delete', '--url', hookUrl(emu, b)], {});
    expect(again.code).toBe(1);
    expect(again.err).toContain('Unknown Webhook');
    expectNoSecrets(again, [b.token]);
  });
});

describe('webhook url', () => {
  test('prints the URL with the token; the URL works', async () => {
    const r = await cli(['webhook', 'url', hook.id], botEnv(emu));
    expect(r.code).toBe(0);
    const url = r.out.trim();
    expect(url).toBe(`${emu.url}/webhooks/${hook.id}/${hook.token}`);
    expect(parseWebhookUrl(url)).toMatchObject({ id: hook.id, token: hook.token });
    expect(r.err).toBe('');
    const get = await cli(['webhook', 'get', '--url', url], {});
    expect(get.code).toBe(0);
  });

  test('under GitHub Actions the token is masked first, on stderr', async () => {
    const r = await cli(['webhook', 'url', hook.id], botEnv(emu, { GITHUB_ACTIONS: 'true' }));
    expect(r.code).toBe(0);
    expect(r.err).toBe(`::add-mask::${hook.token}\n`);
    expect(r.out.trim().endsWith(hook.token)).toBe(true);
  });

  test('an unknown webhook is an error without any token', async () => {
    const r = await cli(['webhook', 'url', '3999999999999999999'], botEnv(emu));
    expect(r.code).toBe(1);
    expect(r.err).toContain('Unknown Webhook');
    expectNoSecrets(r, allSecrets());
  });
});

describe('sessions', () => {
  test('--debug logs requests with every credential masked', async () => {
    const r = await cli(['webhook', 'get', hook.id, '--debug'], botEnv(emu));
    expect(r.code).toBe(0);
    expect(r.err).toContain('debug: → GET');
    expect(r.err).toContain('auth=Bot [REDACTED]');
    expectNoSecrets(r, allSecrets());
    const byUrl = await cli(['webhook', 'get', '--url', hookUrl(emu, hook), '--debug'], {});
    expect(byUrl.err).toContain('auth=none');
    expectNoSecrets(byUrl, allSecrets());
  });

  test('--emulator runs against the local emulator state; not with --api-url', async () => {
    const cwd = testdir();
    const r = await cli(['webhook', 'list', '--guild', '1', '--emulator'], {}, cwd);
    expect(r.err).toContain('Using the local emulator');
    expect(r.err).toContain('Unknown Guild');
    const both = await cli(['webhook', 'list', '--guild', '1', '--emulator', '--api-url', emu.url], {}, cwd);
    expect(both.code).toBe(1);
    expect(both.err).toContain('cannot be used together');
  });

  test('--emulator takes channel and guild names where it takes ids, as invoke does; an unknown one lists the channels', async () => {
    const cwd = testdir();
    const made = await cli(
      ['webhook', 'create', '--channel', 'general', '--name', 'Deploys', '--emulator', '--json'],
      {},
      cwd,
    );
    expect(made.code, made.err).toBe(0);
    const hook = JSON.parse(made.out) as { id: string; channel_id: string; guild_id: string };
    const byChannel = await cli(['webhook', 'list', '--channel', '#general', '--emulator', '--json'], {}, cwd);
    expect(byChannel.code, byChannel.err).toBe(0);
    expect(
      (JSON.parse(byChannel.out) as Array<{ id: string; channel_id: string }>).map((w) => [w.id, w.channel_id]),
    ).toEqual([[hook.id, hook.channel_id]]);
    const byGuild = await cli(['webhook', 'list', '--guild', 'Emulator Guild', '--emulator', '--json'], {}, cwd);
    expect((JSON.parse(byGuild.out) as Array<{ id: string }>).map((w) => w.id)).toEqual([hook.id]);
    const typo = await cli(['webhook', 'create', '--channel', 'genral', '--name', 'X', '--emulator'], {}, cwd);
    expect(typo.code).toBe(1);
    expect(typo.err).toContain(`--channel: no channel named "#genral" in `);
    expect(typo.err).toContain(`channels: #general (${hook.channel_id}`);
    expect(typo.err).toContain('did you mean #general?');
    // edit --channel takes a name too: resolved before the request, a typo lists the channels and changes nothing.
    const moved = await cli(
      ['webhook', 'edit', hook.id, '--channel', '#general', '--name', 'Deploys 2', '--emulator', '--json'],
      {},
      cwd,
    );
    expect(moved.code, moved.err).toBe(0);
    expect(JSON.parse(moved.out)).toMatchObject({ id: hook.id, channel_id: hook.channel_id, name: 'Deploys 2' });
    const editTypo = await cli(
      ['webhook', 'edit', hook.id, '--channel', 'genral', '--name', 'Y', '--emulator'],
      {},
      cwd,
    );
    expect(editTypo.code).toBe(1);
    expect(editTypo.err).toContain('--channel: no channel named "#genral"');
  });
});
