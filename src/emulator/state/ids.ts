import { randomBytes } from 'node:crypto';
import { SNOWFLAKE_EPOCH, SNOWFLAKE_PATTERN, type Snowflake } from '../../wire/snowflake.js';
import type { World } from './world.js';

/**
 * Snowflakes from the current time, strictly increasing: when the clock has not
 * moved (or went back) the next id is the last one plus one. That is also why a
 * new command's version is typically its id + 1, as on the real service.
 */
export class SnowflakeGenerator {
  private last: bigint;

  constructor(floor: bigint = 0n) {
    this.last = floor;
  }

  next(nowMs: number): Snowflake {
    const candidate = (BigInt(Math.floor(nowMs)) - SNOWFLAKE_EPOCH) << 22n;
    this.last = candidate > this.last ? candidate : this.last + 1n;
    return this.last.toString();
  }
}

/** The largest snowflake a world holds, so a restarted emulator never reissues one. */
export function highestSnowflake(world: World): bigint {
  let max = 0n;
  const see = (v: unknown) => {
    if (typeof v === 'string' && SNOWFLAKE_PATTERN.test(v)) {
      const n = BigInt(v);
      if (n > max) max = n;
    }
  };
  for (const app of Object.values(world.applications)) {
    see(app.id);
    see(app.botUserId);
  }
  for (const g of Object.values(world.guilds)) {
    see(g.id);
    for (const c of g.channels) see(c.id);
    for (const r of g.roles) see(r.id);
    for (const m of g.members) see(m.id);
  }
  for (const c of Object.values(world.commands)) {
    see(c.id);
    see(c.version);
  }
  for (const w of Object.values(world.webhooks)) see(w.id);
  for (const m of Object.values(world.messages)) {
    see(m.id);
    for (const id of Object.keys(m.files ?? {})) see(id);
  }
  return max;
}

/** URL-safe random text (node:crypto). Used for every secret the emulator mints. */
export function randomToken(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

/** A bot token shaped like the real ones: base64(app id).timestamp-ish.hmac-ish. */
export function makeBotToken(applicationId: Snowflake): string {
  return `${Buffer.from(applicationId).toString('base64url')}.${randomToken(5)}.${randomToken(28)}`;
}
