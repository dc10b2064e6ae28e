/**
 * The first hour with a bot (issue 23), through the built binary against a
 * `cmdsync emulator` process and a signature-verifying HTTP bot: what the
 * banner prints, names in place of ids, --application, and what --data keeps
 * across a restart (tokens, ids, the control token, interaction answers,
 * which a message command can then target).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, Events, GatewayIntentBits, REST, Routes } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seed } from '../../src/emulator/index.js';
import { generateKeyPair } from '../../src/emulator/interactions/keys.js';
import { bannerVars, runBin, spawnEmulatorCli, STACK } from '../helpers/cli.js';
import { startHttpBot, type HttpBot, type HttpBotOptions } from '../helpers/http-bot.js';
import { ANN, APP, BOB, GENERAL, GUILD, MOD, interactionSeed } from '../helpers/interaction-seed.js';

const OTHER_APP = '110000000000000009';
const BOB_TWIN = '140000000000000003';

async function stop(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGTERM');
  await exited;
}

/** The interaction tests' world plus: a second application (same key pair, same bot), a member "Bob" beside "bob", a command with user/channel/role options and a message command. */
function firstHourSeed(botUrl: string): Seed {
  const keys = generateKeyPair();
  const seed = interactionSeed();
  seed.applications = [
    { id: APP, name: 'Helper', public_key: keys.publicKey, private_key: keys.privateKey },
    {
      id: OTHER_APP,
      name: 'Other',
      public_key: keys.publicKey,
      private_key: keys.privateKey,
      interactions_endpoint_url: botUrl,
    },
  ];
  seed.guilds![0]!.members!.push({ id: BOB_TWIN, username: 'Bob' });
  seed.commands!.push(
    {
      application_id: APP,
      name: 'greet',
      description: 'Greet',
      options: [
        { type: 6, name: 'who', description: 'Who' },
        { type: 7, name: 'where', description: 'Where' },
        { type: 8, name: 'role', description: 'Role' },
      ],
    },
    { application_id: APP, type: 3, name: 'Quote' },
    { application_id: APP, type: 2, name: 'Profile' },
    { application_id: OTHER_APP, name: 'other-only', description: 'Only the second application has it' },
  );
  return seed;
}

describe('cmdsync emulator and invoke: the first hour', () => {
  let dir: string;
  let bot: HttpBot;
  const botOpts: HttpBotOptions = { publicKey: '', apiBase: '' };
  let proc: ChildProcess;
  let out: string;
  let vars: Record<string, string>;
  let env: Record<string, string>;
  const dataFile = () => join(dir, 'emulator.json');
  const start = async (extra: string[] = []) => {
    ({ proc, out } = await spawnEmulatorCli(
      [
        '--port',
        '0',
        '--no-rate-limits',
        '--seed',
        join(dir, 'seed.json'),
        '--data',
        dataFile(),
        '--interactions-url',
        bot.url,
        ...extra,
      ],
      {
        cwd: dir,
      },
    ));
    vars = bannerVars(out);
    botOpts.publicKey = vars.DISCORD_PUBLIC_KEY!;
    botOpts.apiBase = vars.CMDSYNC_API_URL!;
    env = {
      CMDSYNC_API_URL: vars.CMDSYNC_API_URL!,
      CMDSYNC_EMULATOR_CONTROL_TOKEN: vars.CMDSYNC_EMULATOR_CONTROL_TOKEN!,
    };
  };
  const invoke = (args: string[]) => runBin(['invoke', ...args], { cwd: dir, env });
  const channelMessages = async () => {
    const res = await fetch(
      `${new URL(vars.CMDSYNC_API_URL!).origin}/__emulator/view/channels/${GENERAL}/messages?limit=100`,
      {
        headers: { 'x-cmdsync-control': env.CMDSYNC_EMULATOR_CONTROL_TOKEN! },
      },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { messages: Array<{ id: string; source: string; message: { content: string } }> })
      .messages;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cmdsync-first-hour-'));
    bot = await startHttpBot(botOpts);
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(firstHourSeed(bot.url)));
    await start();
  }, 30_000);
  afterAll(async () => {
    if (proc) await stop(proc);
    await bot?.close();
  });

  describe('the banner', () => {
    it('prints the versioned URL and the REST base without the version, each named', () => {
      expect(vars.CMDSYNC_API_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v10$/);
      expect(vars.DISCORD_REST_BASE).toBe(vars.CMDSYNC_API_URL!.replace(/\/v10$/, ''));
      expect(out).toContain('discord.js: rest: { api: DISCORD_REST_BASE }');
    });

    it('lists every application with its id, bot token and public key', () => {
      expect(out).toMatch(new RegExp(`#   Helper  ${APP}  \\(default`));
      expect(out).toMatch(
        new RegExp(`#   Other  ${OTHER_APP}\\n#     bot token \\S+\\n#     public key [0-9a-f]{64}\\n`),
      );
      expect(out).toContain(`#     bot token ${vars.DISCORD_TOKEN}\n`);
    });

    it("lists each guild's channels, members and roles with their ids", () => {
      expect(out).toContain(`# guild Test  ${GUILD}  (default)`);
      expect(out).toContain(`#     #general  ${GENERAL}\n`);
      expect(out).toContain('#adult  130000000000000002  (age-restricted)');
      expect(out).toContain(`#     @ann  ${ANN}  (owner)\n`);
      expect(out).toContain(`#     @bob  ${BOB}\n`);
      expect(out).toContain(`#     @Moderator  ${MOD}\n`);
    });
  });

  describe('the REST base', () => {
    it('a request under the version twice is a 404 that says so and names the base to use', async () => {
      const res = await fetch(`${vars.CMDSYNC_API_URL}/v10/applications/${APP}/commands`, {
        headers: { authorization: `Bot ${vars.DISCORD_TOKEN}` },
      });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { message: string; code: number };
      expect(body.code).toBe(0);
      expect(body.message).toContain('the API version twice');
      expect(body.message).toContain(`Give it the base without the version: ${vars.DISCORD_REST_BASE}`);
    });

    it('discord.js given DISCORD_REST_BASE reads the commands; given CMDSYNC_API_URL it gets the explaining 404', async () => {
      const good = new REST({ api: vars.DISCORD_REST_BASE! }).setToken(vars.DISCORD_TOKEN!);
      const commands = (await good.get(Routes.applicationCommands(APP))) as Array<{ name: string }>;
      expect(commands.map((c) => c.name)).toContain('greet');
      const doubled = new REST({ api: vars.CMDSYNC_API_URL!, retries: 0 }).setToken(vars.DISCORD_TOKEN!);
      await expect(doubled.get(Routes.applicationCommands(APP))).rejects.toThrow(
        /API version twice.*without the version/,
      );
    });
  });

  describe('a discord.js client', () => {
    it('configured as printed (rest.api = DISCORD_REST_BASE, the printed token) logs in and sees the seeded guild', async () => {
      const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: vars.DISCORD_REST_BASE! } });
      try {
        const ready = new Promise<Client<true>>((resolve) => client.once(Events.ClientReady, resolve));
        await client.login(vars.DISCORD_TOKEN!);
        const c = await ready;
        expect(c.application.id).toBe(APP);
        expect(c.guilds.cache.get(GUILD)?.channels.cache.has(GENERAL)).toBe(true);
      } finally {
        await client.destroy();
      }
    }, 20_000);
  });

  describe('names in place of ids', () => {
    it('--channel general --user bob', async () => {
      const r = await invoke(['/hello', '--channel', 'general', '--user', 'bob']);
      // Only the hint that later follow-ups are not shown without --wait; no error.
      expect(r.stderr).toMatch(/^(hint: [^\n]*\n)?$/);
      expect(r.stdout).toBe(`Helper answered:\n  Hello <@${BOB}>\n  [embed] Greeting\n`);
      expect(r.code).toBe(0);
    });

    it('#general, @bob and the guild by name work too', async () => {
      const r = await invoke(['/hello', '--guild', 'Test', '--channel', '#general', '--user', '@bob', '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).interaction).toMatchObject({
        channel_id: GENERAL,
        guild_id: GUILD,
        member: { user: { id: BOB } },
      });
    });

    it('option values: who:@bob where:#general role:@Moderator arrive as ids, with resolved objects', async () => {
      const r = await invoke([
        '/greet who:@bob where:#general role:@Moderator',
        '--channel',
        'general',
        '--user',
        'ann',
        '--json',
      ]);
      expect(r.code).toBe(0);
      const data = JSON.parse(r.stdout).interaction.data;
      expect(data.options).toEqual([
        { name: 'who', type: 6, value: BOB },
        { name: 'where', type: 7, value: GENERAL },
        { name: 'role', type: 8, value: MOD },
      ]);
      expect(Object.keys(data.resolved.users)).toEqual([BOB]);
    });

    it('an unknown --channel is an error listing the channels, nearest first; nothing is sent', async () => {
      const before = bot.received.length;
      const r = await invoke(['/hello', '--channel', 'genral', '--user', 'bob']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `no channel named "#genral" in guild Test (${GUILD}); channels: #general (${GENERAL}), #adult (`,
      );
      expect(r.stderr).not.toMatch(STACK);
      expect(bot.received.length).toBe(before);
    });

    it('an ambiguous --user is an error listing both members', async () => {
      const r = await invoke(['/hello', '--channel', 'general', '--user', 'BOB']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `user name "@BOB" is ambiguous in guild Test (${GUILD}): @bob (${BOB}), @Bob (${BOB_TWIN}); give the id`,
      );
    });

    it('an unknown @name in an option: the caret under it and the members listed', async () => {
      const r = await invoke(['/greet who:@nobody', '--channel', 'general']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `/greet who:@nobody\n${' '.repeat(11)}^^^^^^^ no user named "@nobody" in this server; users: `,
      );
      expect(r.stderr).toContain(`@bob (${BOB})`);
    });

    it("a user command on a member by name; a message command's target stays a message id", async () => {
      const r = await invoke(['--user-command', 'Profile', '--target', 'bob', '--channel', 'general', '--user', 'ann']);
      expect(r.code).toBe(0);
      expect(bot.received.at(-1).data).toMatchObject({ name: 'Profile', target_id: BOB });
      const m = await invoke(['--message-command', 'Quote', '--target', 'bob']);
      expect(m.code).toBe(1);
      expect(m.stderr).toContain('--target of a message command is a message id, not "bob"');
    });
  });

  describe('--application', () => {
    it("invokes the second application's command, by name or id", async () => {
      for (const app of ['Other', OTHER_APP]) {
        const r = await invoke(['/other-only', '--application', app, '--channel', 'general', '--user', 'bob']);
        expect(r.stdout).toBe('Other answered:\n  ran other-only\n');
        expect(r.code).toBe(0);
        expect(bot.received.at(-1).application_id).toBe(OTHER_APP);
      }
    });

    it('without it, the default application has no such command', async () => {
      const r = await invoke(['/other-only', '--channel', 'general']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('no command "/other-only" is registered for this application here');
    });

    it('an unknown application lists the applications', async () => {
      const r = await invoke(['/hello', '--application', 'Nope']);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        `no application named "Nope" in this emulator; applications: Helper (${APP}), Other (${OTHER_APP})`,
      );
    });
  });

  describe('--data across a restart', () => {
    it('keeps the control token, tokens, ids and the interaction answers; a message command can target an answer', async () => {
      const hello = await invoke(['/hello', '--channel', 'general', '--user', 'bob', '--json']);
      const answerId = JSON.parse(hello.stdout).original.id as string;
      const slow = await invoke(['/slow', '--channel', 'general', '--user', 'bob', '--wait', '1']);
      expect(slow.code).toBe(0);
      const beforeRestart = await channelMessages();
      const first = { ...vars };
      const firstBanner = out;

      await stop(proc);
      await start();
      expect(vars.CMDSYNC_EMULATOR_CONTROL_TOKEN).toBe(first.CMDSYNC_EMULATOR_CONTROL_TOKEN);
      for (const key of [
        'DISCORD_TOKEN',
        'DISCORD_APPLICATION_ID',
        'DISCORD_CLIENT_SECRET',
        'DISCORD_BEARER_TOKEN',
        'DISCORD_PUBLIC_KEY',
      ])
        expect(vars[key], key).toBe(first[key]);
      // The world listing (ids and every application's token) is the same.
      const listing = (text: string) =>
        text
          .split('\n')
          .filter((l) => /^# (guild|applications)|^# {3}/.test(l))
          .join('\n');
      expect(listing(out)).toBe(listing(firstBanner));

      const afterRestart = await channelMessages();
      const contents = afterRestart.filter((m) => m.source === 'interaction').map((m) => m.message.content);
      expect(contents).toEqual(expect.arrayContaining([`Hello <@${BOB}>`, 'done thinking', 'and one more thing']));
      expect(afterRestart.map((m) => m.id)).toEqual(beforeRestart.map((m) => m.id));

      // The bot's own answer is a valid target: the message command is used where it is, with it resolved.
      const quote = await invoke(['--message-command', 'Quote', '--target', answerId, '--user', 'ann']);
      expect(quote.stdout).toBe('Helper answered:\n  ran Quote\n');
      expect(quote.code).toBe(0);
      const sent = bot.received.at(-1);
      expect(sent).toMatchObject({ channel_id: GENERAL, data: { name: 'Quote', target_id: answerId } });
      expect(sent.data.resolved.messages[answerId]).toMatchObject({
        id: answerId,
        content: `Hello <@${BOB}>`,
        author: { id: APP, bot: true },
      });
    }, 40_000);

    it('--control-token pins it, and the data file keeps the pinned one', async () => {
      await stop(proc);
      await start(['--control-token', 'pinned-token-123']);
      expect(vars.CMDSYNC_EMULATOR_CONTROL_TOKEN).toBe('pinned-token-123');
      expect((await invoke(['/hello', '--channel', 'general'])).code).toBe(0);
      await stop(proc);
      await start();
      expect(vars.CMDSYNC_EMULATOR_CONTROL_TOKEN).toBe('pinned-token-123');
    }, 30_000);

    it('a control token that cannot be one: one line, exit 1', async () => {
      const r = await runBin(['emulator', '--port', '0', '--control-token', 'short'], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('error: --control-token must be 8 to 256 visible ASCII characters (no spaces)\n');
    });
  });
});

describe('cmdsync emulator: the banner of a big seed, and of a pinned seed', () => {
  it('caps long lists with "and N more", and takes control_token from the seed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cmdsync-first-hour-'));
    const seed: Seed & { control_token: string } = {
      control_token: 'seeded-control-token',
      applications: Array.from({ length: 8 }, (_, i) => ({ id: `11000000000000010${i}`, name: `app${i}` })),
      guilds: Array.from({ length: 5 }, (_, g) => ({
        id: `12000000000000010${g}`,
        name: `guild${g}`,
        channels: Array.from({ length: 40 }, (_, c) => ({ name: `ch${c}` })),
        members: Array.from({ length: 250 }, (_, m) => ({ username: `user${m}` })),
      })),
    };
    writeFileSync(join(dir, 'seed.json'), JSON.stringify(seed));
    const { proc, out } = await spawnEmulatorCli(
      [
        '--port',
        '0',
        '--no-rate-limits',
        '--seed',
        join(dir, 'seed.json'),
        '--interactions-url',
        'http://someone:hunter2secret@127.0.0.1:9/interactions',
      ],
      { cwd: dir },
    );
    try {
      expect(bannerVars(out).CMDSYNC_EMULATOR_CONTROL_TOKEN).toBe('seeded-control-token');
      expect(out).toContain('#   … and 3 more applications\n');
      expect(out).toContain('#     … and 30 more channels\n');
      expect(out).toContain('#     … and 240 more members\n');
      expect(out).toContain('# … and 2 more guilds');
      expect(out.split('\n').length).toBeLessThan(150);
      // A password in the interactions URL is not printed.
      expect(out).toContain('# interactions: POSTed to http://127.0.0.1:9/interactions');
      expect(out).not.toContain('hunter2secret');
    } finally {
      await stop(proc);
    }
  }, 30_000);
});
