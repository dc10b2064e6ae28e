/**
 * A bearer acts only within its scopes. No OAuth2 scope grants webhook
 * management (webhook.incoming makes one webhook through the authorization
 * flow; it manages none): only the bot token lists, reads, edits and deletes
 * webhooks by id. A user's grant reads command permissions only with the
 * permissions scope.
 */
import type { RunningEmulator } from '../../src/emulator/index.js';
import { describe, expect, test as base } from '../helpers/context.js';
import { Client, IDS, seed } from './webhooks-setup.js';

const IDENTIFY = 'user-identify-only-token';
const INCOMING = 'user-webhook-incoming-token';

/** Each test's emulator (the shared fixture) with two user grants, and a client of it. */
const test = base.extend<{ client: Client }>({
  client: async ({ emulator }: { emulator: RunningEmulator }, use: (c: Client) => Promise<void>) =>
    use(new Client(emulator)),
});
test.override('emulatorOptions', {
  seed: {
    ...seed,
    bearer_tokens: [
      { token: IDENTIFY, application_id: IDS.app, scopes: ['identify'], user_id: IDS.member },
      { token: INCOMING, application_id: IDS.app, scopes: ['identify', 'webhook.incoming'], user_id: IDS.member },
    ],
  },
});

const UNAUTHORIZED = { message: '401: Unauthorized', code: 0 };

describe('webhook management with a bearer', () => {
  for (const token of [IDENTIFY, INCOMING]) {
    test(`a user grant (${token}) cannot list, read, create, edit or delete webhooks; nothing changes, no token leaks`, async ({
      emulator: emu,
      client,
    }) => {
      const hook = await client.create(IDS.text);
      const before = JSON.stringify(emu.world);
      const auth = `Bearer ${token}`;
      const answers = [
        await client.call('GET', `/guilds/${IDS.guild}/webhooks`, { auth }),
        await client.call('GET', `/channels/${IDS.text}/webhooks`, { auth }),
        await client.call('GET', `/webhooks/${hook.id}`, { auth }),
        await client.call('POST', `/channels/${IDS.text}/webhooks`, { auth, body: { name: 'x' } }),
        await client.call('PATCH', `/webhooks/${hook.id}`, { auth, body: { name: 'y' } }),
        await client.call('DELETE', `/webhooks/${hook.id}`, { auth }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(401);
        expect(a.body).toEqual(UNAUTHORIZED);
        expect(a.text).not.toContain(hook.token);
      }
      expect(JSON.stringify(emu.world)).toBe(before);
    });
  }

  test('a client-credentials grant cannot manage webhooks either; the bot token can', async ({
    emulator: emu,
    client,
  }) => {
    const basic = Buffer.from(`${emu.credentials.clientId}:${emu.credentials.clientSecret}`).toString('base64');
    const res = await fetch(`${emu.url}/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials&scope=applications.commands.update%20guilds',
    });
    const grant = (await res.json()) as { access_token: string };
    const r = await client.call('GET', `/guilds/${IDS.guild}/webhooks`, { auth: `Bearer ${grant.access_token}` });
    expect(r.status).toBe(401);
    expect((await client.call('GET', `/guilds/${IDS.guild}/webhooks`)).status).toBe(200);
  });
});

describe('command permissions with a user grant', () => {
  test('reading needs the permissions scope (401 40001), as editing does', async ({ emulator: emu, client }) => {
    const app = emu.credentials.applicationId;
    const r = await client.call('GET', `/applications/${app}/guilds/${IDS.guild}/commands/permissions`, {
      auth: `Bearer ${IDENTIFY}`,
    });
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Unauthorized. Provide a valid token and try again', code: 40001 });
    const ok = await client.call('GET', `/applications/${app}/guilds/${IDS.guild}/commands/permissions`, {
      auth: `Bearer ${emu.credentials.bearerToken}`,
    });
    expect(ok.status).toBe(200);
  });
});
