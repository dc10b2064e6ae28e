import { afterEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { call, start, userBearer } from './helpers.js';

let emu: RunningEmulator | undefined;
afterEach(async () => {
  await emu?.close();
  emu = undefined;
});

/** Every id the world holds, as strings. */
function idsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && /^\d{15,20}$/.test(value)) out.add(value);
  else if (Array.isArray(value)) for (const v of value) idsOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      if (/^\d{15,20}$/.test(k)) out.add(k);
      idsOf(v, out);
    }
  return out;
}

describe('default world ids', () => {
  it("no generated id is a guild's all-channels constant (guild id - 1)", async () => {
    emu = await start();
    const ids = idsOf(emu.world);
    for (const guildId of Object.keys(emu.world.guilds)) {
      expect(ids.has(String(BigInt(guildId) - 1n))).toBe(false);
    }
  });

  it('a seed whose generated ids follow each other keeps them apart too', async () => {
    emu = await start({
      seed: { applications: [{ name: 'A' }, { name: 'B' }], guilds: [{ name: 'G1' }, { name: 'G2' }] },
    });
    const ids = idsOf(emu.world);
    for (const guildId of Object.keys(emu.world.guilds)) expect(ids.has(String(BigInt(guildId) - 1n))).toBe(false);
  });

  it('permission rows for the app-wide default and for all channels are told apart', async () => {
    emu = await start();
    const { applicationId: app, guildId: guild } = emu.credentials;
    const allChannels = String(BigInt(guild) - 1n);
    const r = await call(emu, 'PUT', `/applications/${app}/guilds/${guild}/commands/${app}/permissions`, {
      auth: userBearer(emu),
      body: {
        permissions: [
          { id: allChannels, type: 3, permission: false },
          { id: guild, type: 1, permission: true },
        ],
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.id).toBe(app);
    expect(r.body.permissions).toHaveLength(2);
  });
});
