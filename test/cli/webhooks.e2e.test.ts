import { afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { RestClient } from '../../src/remote/http/client.js';
import { createWebhook } from '../../src/remote/webhooks.js';
import { runBin } from '../helpers/cli.js';
import { testdir } from '../helpers/tmp.js';

const running: RunningEmulator[] = [];
afterEach(async () => {
  for (const e of running.splice(0)) await e.close();
});

describe('webhooks through the built binary', () => {
  it('plan --notify posts a deploy report to the webhook; a broken notify URL only warns', async () => {
    const emulator = await startEmulator({ port: 0, rateLimits: false });
    running.push(emulator);
    const { applicationId, botToken, guildId } = emulator.credentials;
    const channel = emulator.world.guilds[guildId].channels.find((c) => c.type === 0)!.id;
    const client = new RestClient({ apiUrl: emulator.url, credentials: { botToken } });
    const hook = await createWebhook(client, channel, { name: 'Deploy reports' });
    await client.close();
    const notify = `${emulator.url}/webhooks/${hook.id}/${hook.token}`;
    const cwd = testdir({
      'cmdsync.yaml': `application_id: "${applicationId}"\ncommands:\n  - { name: ping, description: Ping }\n`,
    });
    const env = { DISCORD_TOKEN: botToken, CMDSYNC_API_URL: emulator.url, CMDSYNC_NOTIFY_WEBHOOK: notify };
    const r = await runBin(['plan', '--detailed-exitcode'], { cwd, env });
    expect(r.code).toBe(2);
    const sent = Object.values(emulator.world.messages).map((m) => m.message);
    expect(sent).toHaveLength(1);
    const embed = (sent[0].embeds as Array<{ title: string; fields: Array<{ name: string; value: string }> }>)[0];
    expect(JSON.stringify(embed)).toContain('create 1');
    expect(r.stdout + r.stderr).not.toContain(hook.token!);

    const broken = await runBin(
      ['plan', '--detailed-exitcode', '--notify', `${emulator.url}/webhooks/${hook.id}/wrong-token`],
      {
        cwd,
        env: { ...env, CMDSYNC_NOTIFY_WEBHOOK: '' },
      },
    );
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/warning: .*notif/i);
    expect(broken.stderr).not.toContain('wrong-token');
  });

  it('webhook url KEY resolves a declared webhook through the lock file', async () => {
    const cwd = testdir({
      'cmdsync.yaml':
        'application_id: "500000000000000001"\nwebhooks:\n  - { channel_id: "510000000000000001", name: Deploys, key: deploys }\n',
    });
    const applied = await runBin(['apply', '--emulator', '--auto-approve'], { cwd });
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain('webhooks: 1 created');
    const url = await runBin(['webhook', 'url', 'deploys', '--emulator'], { cwd });
    expect(url.code).toBe(0);
    expect(url.stdout.trim()).toMatch(/\/webhooks\/\d+\/[\w-]{60,}$/);
    const unknown = await runBin(['webhook', 'url', 'nope', '--emulator'], { cwd });
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No webhook with key "nope" in cmdsync.lock.json');
  });

  it("plan leaves alone a webhook a user's webhook.incoming consent made for the application, in a declared channel", async () => {
    const emulator = await startEmulator({ port: 0, rateLimits: false });
    running.push(emulator);
    const { applicationId, botToken, guildId, clientId, clientSecret } = emulator.credentials;
    const channel = emulator.world.guilds[guildId].channels.find((c) => c.type === 0)!.id;
    // The default guild's owner (the handed-out bearer's user) may manage webhooks; made a member so the consent page offers the channel.
    const owner = emulator.world.guilds[guildId].ownerId!;
    emulator.world.guilds[guildId].members.push({ id: owner, username: 'owner' });
    const consent = await request(`${new URL(emulator.url).origin}/__emulator/oauth2/authorize`, {
      method: 'POST',
      headers: { 'x-cmdsync-control': emulator.controlToken, 'content-type': 'application/json' },
      body: JSON.stringify({ scope: 'webhook.incoming', channel_id: channel, user_id: owner }),
    });
    const given = (await consent.body.json()) as { code: string };
    expect(consent.statusCode, JSON.stringify(given)).toBe(200);
    const { code } = given;
    const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
    const token = await request(`${emulator.url}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code }).toString(),
    });
    const exchanged = (await token.body.json()) as { webhook: { id: string; application_id: string } };
    expect(token.statusCode, JSON.stringify(exchanged)).toBe(200);
    const consented = exchanged.webhook;
    expect(consented.application_id).toBe(applicationId);

    const cwd = testdir({
      'cmdsync.yaml': `application_id: "${applicationId}"\nwebhooks:\n  - { channel_id: "${channel}", name: Deploys }\n`,
    });
    const env = { DISCORD_TOKEN: botToken, CMDSYNC_API_URL: emulator.url };
    const applied = await runBin(['apply', '--auto-approve'], { cwd, env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('webhooks: 1 created');
    expect(emulator.world.webhooks[consented.id]).toBeDefined();
    const again = await runBin(['plan', '--detailed-exitcode'], { cwd, env });
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });
});
