/**
 * discord.py (Debian's python3-discord) against the emulator's gateway: a
 * real client that always asks for zlib-stream transport compression, sends
 * snowflakes as JSON integers, and with the members intent chunks its guilds
 * (op 8) before it is ready. Skipped, saying why, where the library is not
 * installed (test/helpers/discord-py.ts; CI requires it).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { discordPyAvailable, discordPyTitle, runPython } from '../helpers/discord-py.js';

const BOT = fileURLToPath(new URL('./discordpy/members_bot.py', import.meta.url));
const available = discordPyAvailable();

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});

const runBot = (args: string[]) => runPython(BOT, args);

test.skipIf(!available)(
  discordPyTitle('a discord.py bot logs in over zlib-stream and chunks its guild’s members before on_ready'),
  { timeout: 60_000 },
  async () => {
    const members = Array.from({ length: 40 }, (_, i) => ({
      id: String(700000000000000000n + BigInt(i)),
      username: `member${i}`,
    }));
    em = await startEmulator({
      rateLimits: false,
      seed: {
        applications: [{ flags: ['GATEWAY_GUILD_MEMBERS_LIMITED'] }],
        guilds: [{ id: '900000000000000001', name: 'py-guild', members }],
      },
    });
    const run = await runBot([em.url, em.gatewayUrl, em.credentials.botToken]);
    expect(run.code, run.stderr).toBe(0);
    const seen = JSON.parse(run.stdout.trim().split('\n').pop()!);
    const botId = em.world.applications[em.credentials.applicationId]!.botUserId;
    expect(seen.user).toBe(botId);
    expect(seen.guilds).toHaveLength(1);
    expect(seen.guilds[0]).toMatchObject({ id: '900000000000000001', name: 'py-guild', chunked: true });
    expect(seen.guilds[0].members).toEqual([...members.map((m) => m.id), botId].sort());
  },
);

test.skipIf(!available)(
  discordPyTitle(
    'voice and stage channels carry bitrate, user_limit and rtc_region, so discord.py parses them; nsfw is as seeded',
  ),
  { timeout: 60_000 },
  async () => {
    em = await startEmulator({
      rateLimits: false,
      seed: {
        applications: [{ flags: ['GATEWAY_GUILD_MEMBERS_LIMITED'] }],
        guilds: [
          {
            id: '900000000000000001',
            name: 'py-guild',
            channels: [
              { name: 'general', type: 0 },
              { name: 'after-dark', type: 0, nsfw: true },
              { name: 'Lounge', type: 2 },
              { name: 'Town Hall', type: 13 },
              { name: 'ideas', type: 15 },
            ],
          },
        ],
      },
    });
    const run = await runBot([em.url, em.gatewayUrl, em.credentials.botToken]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/KeyError|Traceback/);
    const seen = JSON.parse(run.stdout.trim().split('\n').pop()!);
    const byName = Object.fromEntries(seen.guilds[0].channels.map((c: { name: string }) => [c.name, c]));
    expect(byName.Lounge).toMatchObject({ kind: 'VoiceChannel', bitrate: 64000, user_limit: 0 });
    expect(byName['Town Hall']).toMatchObject({ kind: 'StageChannel', bitrate: 64000, user_limit: 0 });
    expect(byName.ideas).toMatchObject({ kind: 'ForumChannel', nsfw: false });
    expect(byName['after-dark']).toMatchObject({ kind: 'TextChannel', nsfw: true });
    expect(byName.general).toMatchObject({ kind: 'TextChannel', nsfw: false });
  },
);
