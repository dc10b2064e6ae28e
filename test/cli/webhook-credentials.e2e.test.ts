import { runBin, STACK } from '../helpers/cli.js';
import { describe, expect, it } from '../helpers/context.js';
import { testdir } from '../helpers/tmp.js';

/** Webhooks are managed with a bot token; client credentials give a bearer the service refuses there. */
const APP = '500000000000000001';

describe('client credentials and webhooks', () => {
  it.override('emulatorOptions', { seed: { applications: [{ id: APP }], guilds: [] } });
  it('plan and apply say webhooks need DISCORD_TOKEN, before any request, instead of a bare 401', async ({
    emulator,
  }) => {
    const secret = 'client-secret-value-0123456789';
    const cwd = testdir({
      'cmdsync.yaml': `application_id: "${APP}"\ncommands: []\nwebhooks:\n  - channel_id: "700000000000000001"\n    name: Deploys\n`,
    });
    const env = { DISCORD_CLIENT_ID: APP, DISCORD_CLIENT_SECRET: secret, CMDSYNC_API_URL: emulator.url };
    for (const args of [['plan'], ['apply', '--auto-approve'], ['plan', '--json']]) {
      const run = await runBin(args, { cwd, env });
      expect(run.code, run.stderr).toBe(1);
      expect(run.stderr).toMatch(
        /cmdsync\.yaml declares webhooks, and managing webhooks needs a bot token: set DISCORD_TOKEN/,
      );
      expect(run.stderr).not.toMatch(/401/);
      expect(run.stdout + run.stderr).not.toContain(secret);
      expect(run.stdout + run.stderr).not.toMatch(STACK);
      if (args.includes('--json'))
        expect(JSON.parse(run.stdout)).toMatchObject({ error: { code: 'WEBHOOKS_NEED_BOT_TOKEN' } });
    }
  }, 60_000);
});
