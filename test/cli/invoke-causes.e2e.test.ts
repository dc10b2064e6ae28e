/**
 * `cmdsync invoke` and `cmdsync emulator check-endpoint` as processes against
 * `cmdsync emulator` processes on loopback: when the application does not
 * respond, the output says why (no gateway session; a 401 from a bot that
 * verifies with another key; an endpoint that is down or answers 500, said at
 * once, which the outcome's kind shows: the 3 s wait ends only for a callback
 * that may still come). The bot is a real signature-verifying endpoint
 * (test/helpers/http-bot.ts) whose behaviour each test sets; the gateway
 * client is the tests' raw one.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identify, RawGateway } from '../emulator/gateway-client.js';
import { runBin, spawnEmulatorCli, STACK } from '../helpers/cli.js';
import { startSignedEndpoint, type SignedEndpoint } from '../helpers/http-bot.js';
import { APP, BOB, GENERAL, interactionSeed } from '../helpers/interaction-seed.js';

type Mode = 'ok' | 'wrong-key' | 'fail-500';

const OTHER_KEY = 'b'.repeat(64);

/** The interaction seed with an embedded application (so it has a handler-2 entry point), written to a file. */
function seedFile(dir: string): string {
  const seed = interactionSeed();
  seed.applications = [{ ...seed.applications![0]!, embedded: true }];
  const file = join(dir, 'seed.json');
  writeFileSync(file, JSON.stringify(seed));
  return file;
}

describe('invoke says why the application did not respond (HTTP endpoint)', () => {
  let dir: string;
  let em: Awaited<ReturnType<typeof spawnEmulatorCli>>;
  let endpoint: SignedEndpoint;
  let mode: Mode = 'ok';
  let env: Record<string, string>;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cmdsync-causes-'));
    let publicKey = '';
    let apiBase = '';
    endpoint = await startSignedEndpoint({
      publicKey: () => (mode === 'wrong-key' ? OTHER_KEY : publicKey),
      answer: (i, reply, res) => {
        if (mode === 'fail-500') return res.writeHead(500).end('TypeError: cannot read properties of undefined');
        if (i.type === 1) return reply({ type: 1 });
        reply({ type: 4, data: { content: `ran ${i.data.name}` } });
        // A follow-up a moment after the answer, as a bot does when it finishes more work.
        setTimeout(
          () =>
            void fetch(`${apiBase}/webhooks/${i.application_id}/${i.token}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ content: 'one more thing' }),
            }),
          400,
        );
      },
    });
    em = await spawnEmulatorCli(
      ['--port', '0', '--no-rate-limits', '--seed', seedFile(dir), '--interactions-url', endpoint.url],
      { cwd: dir },
    );
    publicKey = em.vars.DISCORD_PUBLIC_KEY!;
    apiBase = em.vars.CMDSYNC_API_URL!;
    env = { CMDSYNC_API_URL: apiBase, CMDSYNC_EMULATOR_CONTROL_TOKEN: em.vars.CMDSYNC_EMULATOR_CONTROL_TOKEN! };
  }, 20_000);
  afterAll(async () => {
    em?.proc.kill('SIGTERM');
    await endpoint?.close();
  });

  const invoke = (args: string[]) =>
    runBin(['invoke', ...args, '--channel', GENERAL, '--user', BOB], { cwd: dir, env });

  it('the start-up check passes once the bot has the key (re-run until it does)', async () => {
    await expect
      .poll(() => em.err(), { timeout: 10_000 })
      .toContain(`interactions endpoint ${endpoint.url}: answers PING and refuses bad signatures`);
  });

  it('without --wait: the answer alone, no hint; with --wait the follow-up shows', async () => {
    mode = 'ok';
    const r = await invoke(['/hello']);
    expect(r.stdout).toBe('Helper answered:\n  ran hello\n');
    // An answer with no sign of more (not deferred, no follow-up yet) prints no hint: said after every invoke, it was noise.
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const waited = await invoke(['/hello', '--wait', '1']);
    expect(waited.stdout).toBe('Helper answered:\n  ran hello\nfollow-up:\n  one more thing\n');
    expect(waited.stderr).toBe('');
  });

  it("a 401 from the endpoint: the signature check failed, and DISCORD_PUBLIC_KEY must be the emulator's", async () => {
    mode = 'wrong-key';
    const r = await invoke(['/hello']);
    expect(r.stdout).toBe(
      "The application did not respond: the endpoint answered 401: it could not verify the signature. Set the bot's DISCORD_PUBLIC_KEY to the public key this emulator printed (each emulator run without --data has a new key pair).\n",
    );
    expect(r.code).toBe(1);
    const json = JSON.parse((await invoke(['/hello', '--json'])).stdout);
    expect(json).toMatchObject({
      outcome: 'no-response',
      cause: { kind: 'signature-rejected' },
      endpoint: { status: 401 },
    });
  });

  it('check-endpoint: exit 1 with what failed while the bot has another key; exit 0 once it passes', async () => {
    mode = 'wrong-key';
    const bad = await runBin(['emulator', 'check-endpoint'], { cwd: dir, env });
    expect(bad.stderr).toBe(
      `interactions endpoint ${endpoint.url}: a signed PING got 401; it must get 200 {"type":1} (401: the bot's DISCORD_PUBLIC_KEY is not this emulator's public key); the service would refuse this URL\n`,
    );
    expect(bad.code).toBe(1);
    mode = 'ok';
    const good = await runBin(['emulator', 'check-endpoint', '--application', APP], { cwd: dir, env });
    expect(good.stdout).toBe(`interactions endpoint ${endpoint.url}: answers PING and refuses bad signatures\n`);
    expect(good.code).toBe(0);
    const unknown = await runBin(['emulator', 'check-endpoint', '--application', '199999999999999999'], {
      cwd: dir,
      env,
    });
    expect(unknown.stderr).toContain('unknown application 199999999999999999');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).not.toMatch(STACK);
    // A name where the id goes, as invoke --application takes it; an unknown one lists the applications.
    const named = await runBin(['emulator', 'check-endpoint', '--application', 'helper'], { cwd: dir, env });
    expect(named.stdout).toBe(`interactions endpoint ${endpoint.url}: answers PING and refuses bad signatures\n`);
    expect(named.code).toBe(0);
    const typo = await runBin(['emulator', 'check-endpoint', '--application', 'Helpr'], { cwd: dir, env });
    expect(typo.stderr).toContain(`no application named "Helpr" in this emulator; applications: Helper (${APP})`);
    expect(typo.code).toBe(1);
    expect(typo.stderr).not.toMatch(STACK);
  });

  it("a 500 from the endpoint: said at once (the cause is the endpoint's status, not the 3 s deadline)", async () => {
    mode = 'fail-500';
    const json = JSON.parse((await invoke(['/hello', '--json'])).stdout);
    expect(json).toMatchObject({ outcome: 'no-response', cause: { kind: 'endpoint-error', status: 500 } });
    const r = await invoke(['/hello']);
    expect(r.stdout).toBe(
      'The application did not respond: the interactions endpoint answered HTTP 500 (the bot failed; see its log) instead of a callback.\n',
    );
    expect(r.code).toBe(1);
  });

  it('PATCH /applications/@me refuses a URL that fails the check, and keeps the old one', async () => {
    mode = 'fail-500';
    const res = await fetch(`${env.CMDSYNC_API_URL}/applications/@me`, {
      method: 'PATCH',
      headers: { authorization: `Bot ${em.vars.DISCORD_TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ interactions_endpoint_url: `${endpoint.url}?v=2` }),
    });
    const body = (await res.json()) as any;
    expect(res.status).toBe(400);
    expect(body.errors.interactions_endpoint_url._errors[0]).toMatchObject({
      code: 'APPLICATION_INTERACTIONS_ENDPOINT_URL_INVALID',
    });
    expect(body.errors.interactions_endpoint_url._errors[0].message).toContain('a signed PING got 500');
    const app = (await (
      await fetch(`${env.CMDSYNC_API_URL}/applications/@me`, {
        headers: { authorization: `Bot ${em.vars.DISCORD_TOKEN}` },
      })
    ).json()) as any;
    expect(app.interactions_endpoint_url).toBe(endpoint.url);
  });

  it('an entry point with handler 2 (the service launches the Activity): a success, exit 0, with the launch message', async () => {
    mode = 'ok';
    const list = (await (
      await fetch(`${env.CMDSYNC_API_URL}/applications/${APP}/commands`, {
        headers: { authorization: `Bot ${em.vars.DISCORD_TOKEN}` },
      })
    ).json()) as Array<{
      type: number;
      name: string;
      handler?: number;
    }>;
    const entry = list.find((c) => c.type === 4)!;
    expect(entry.handler).toBe(2);
    const r = await invoke([`/${entry.name}`]);
    expect(r.stdout).toBe(
      `The service launched Helper's Activity (entry point handler 2: the bot is not asked) and posted:\n  bob started Helper\n`,
    );
    expect(r.stdout).not.toContain('The application');
    expect(r.code).toBe(0);
  });

  it('an endpoint that is down: said at once', async () => {
    await endpoint.close();
    const json = JSON.parse((await invoke(['/hello', '--json'])).stdout);
    expect(json).toMatchObject({ outcome: 'no-response', cause: { kind: 'endpoint-unreachable' } });
    const r = await invoke(['/hello']);
    expect(r.stdout).toBe(
      'The application did not respond: the interactions endpoint refused the connection (ECONNREFUSED): is the bot running and listening there?\n',
    );
    expect(r.code).toBe(1);
  });
});

describe('invoke says why the application did not respond (gateway)', () => {
  let dir: string;
  let em: Awaited<ReturnType<typeof spawnEmulatorCli>>;
  let env: Record<string, string>;
  let gw: RawGateway | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cmdsync-causes-gw-'));
    em = await spawnEmulatorCli(['--port', '0', '--no-rate-limits', '--seed', seedFile(dir)], { cwd: dir });
    env = {
      CMDSYNC_API_URL: em.vars.CMDSYNC_API_URL!,
      CMDSYNC_EMULATOR_CONTROL_TOKEN: em.vars.CMDSYNC_EMULATOR_CONTROL_TOKEN!,
    };
  }, 20_000);
  afterAll(() => {
    gw?.ws.close();
    em?.proc.kill('SIGTERM');
  });

  it('no session connected: says so and how to connect', async () => {
    const r = await runBin(['invoke', '/hello', '--channel', GENERAL, '--user', BOB], { cwd: dir, env });
    expect(r.stdout).toMatch(
      /^The application did not respond: no gateway session of this application is connected, so nobody received the interaction\. Start the bot with the emulator's DISCORD_TOKEN and its REST base/,
    );
    expect(r.code).toBe(1);
  }, 15_000);

  it('a session connected that never answers: the 3 s passed without a callback', async () => {
    const url = /^# gateway: (\S+)/m.exec(em.out)![1]!;
    gw = new RawGateway(`${url}/?v=10&encoding=json`);
    await gw.opened;
    gw.send(identify(em.vars.DISCORD_TOKEN!, 1));
    await gw.dispatch('READY');
    const r = await runBin(['invoke', '/hello', '--channel', GENERAL, '--user', BOB, '--json'], { cwd: dir, env });
    expect(JSON.parse(r.stdout)).toMatchObject({
      outcome: 'no-response',
      delivery: 'gateway',
      cause: { kind: 'no-callback' },
    });
    // It was delivered: the session got the interaction.
    expect(gw.seen('INTERACTION_CREATE')).toHaveLength(1);
  }, 15_000);
});

describe('invoke --emulator', () => {
  it('is refused with why: a bot can never reach an emulator that lives inside one command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmdsync-invoke-emu-'));
    const r = await runBin(['invoke', '/hello', '--emulator'], { cwd: dir });
    expect(r.stderr).toContain(
      'invoke --emulator cannot reach a bot: that emulator would live only inside this one command',
    );
    expect(r.stderr).toContain('Start `cmdsync emulator` in another terminal');
    expect(r.code).not.toBe(0);
    expect(r.stderr).not.toMatch(STACK);
  });
});
