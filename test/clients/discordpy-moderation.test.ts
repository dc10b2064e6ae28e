/**
 * discord.py (Debian's python3-discord) against the moderation and role
 * routes (issue 41, items 1 and 2): guild.ban with a reason,
 * member.add_roles, member.edit(nick=…), and a ban the hierarchy refuses,
 * which discord.py raises as Forbidden 50013. Skipped, saying why, where the
 * library is not installed (test/helpers/discord-py.ts; CI requires it).
 */
import { fileURLToPath } from 'node:url';
import { afterEach, expect, test } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { discordPyAvailable, discordPyTitle, runPython } from '../helpers/discord-py.js';
import { BOB, CAROL, DAVE, GUILD, MODS, moderationSeed } from '../emulator/guild-moderation-setup.js';

const BOT = fileURLToPath(new URL('./discordpy/moderation_bot.py', import.meta.url));
const available = discordPyAvailable();

let em: RunningEmulator | undefined;
afterEach(async () => {
  await em?.close();
  em = undefined;
});

const runBot = (args: string[]) => runPython(BOT, args);

test.skipIf(!available)(
  discordPyTitle('discord.py bans with a reason, gives a role and a nickname, and is refused a ban above its role'),
  { timeout: 60_000 },
  async () => {
    const seed = moderationSeed();
    // Carol starts without a role here, so the one discord.py gives her is seen.
    seed.guilds![0]!.members![2]!.roles = [];
    em = await startEmulator({ rateLimits: false, seed });
    const run = await runBot([em.url, em.gatewayUrl, em.credentials.botToken, GUILD, BOB, CAROL, MODS, DAVE]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout.trim().split('\n').pop()!)).toEqual({
      ban: 'ok',
      add_roles: 'ok',
      nick: 'ok',
      ban_above: 'Forbidden 50013',
    });
    const guild = em.world.guilds[GUILD]!;
    expect(guild.bans).toEqual([{ userId: BOB, username: 'bob', reason: 'spam from py' }]);
    expect(guild.members.find((m) => m.id === CAROL)).toMatchObject({ nick: 'Caz', roles: [MODS] });
    expect(guild.members.map((m) => m.id)).toContain(DAVE);
  },
);
