/**
 * Which bot holds a DM channel: the DMs live on their applications
 * (`Application.dms`), so a channel id that is in no guild is looked up
 * there. Beside world.ts's findChannel, for the routes and events that take
 * any channel.
 */
import type { Snowflake } from '../../wire/snowflake.js';
import type { Application, DmChannel, World } from './world.js';

/** A DM channel with the application whose bot holds it (models/dm.ts). */
export interface DmPlace {
  app: Application;
  dm: DmChannel;
}

/** The DM channel with this id, whichever bot holds it. */
export function findDm(world: World, channelId: Snowflake): DmPlace | undefined {
  for (const app of Object.values(world.applications)) {
    const dm = app.dms?.find((d) => d.id === channelId);
    if (dm) return { app, dm };
  }
  return undefined;
}
