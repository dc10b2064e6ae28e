/**
 * Who acts and where, for one step: the member and the channel named by the
 * step or its scenario (`alice`, `@alice`, `#general` or ids), resolved
 * against the world; and the messages a step reads back (the bot's latest
 * in the channel, its next one after a member's).
 */
import type { RunningEmulator } from '../../emulator/index.js';
import { resolveNames } from '../../emulator/state/names.js';
import type { StoredMessage } from '../../emulator/state/world.js';
import { EPHEMERAL } from '../../wire/interactions/callback.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import type { Scenario, Step } from '../model.js';

export interface Place {
  userId?: string;
  channelId?: string;
}

/** The ids of the step's member and channel, or a problem naming the unknown one. */
export function placeOf(emulator: RunningEmulator, scenario: Scenario, step: Step): Place | { problem: string } {
  const as = step.as ?? scenario.as;
  const where = step.in ?? scenario.in;
  const refs = { ...(as !== undefined ? { userId: as } : {}), ...(where !== undefined ? { channelId: where } : {}) };
  const resolved = resolveNames(emulator.world, refs, emulator.credentials.guildId);
  if ('problem' in resolved) return resolved;
  return resolved;
}

const byId = (a: StoredMessage, b: StoredMessage): number => compareSnowflakes(a.id, b.id);

/** The application's own messages in the channel the member can see, oldest first. */
function botMessages(
  emulator: RunningEmulator,
  applicationId: string,
  channelId: string,
  userId: string | undefined,
): StoredMessage[] {
  const app = emulator.world.applications[applicationId];
  return Object.values(emulator.world.messages)
    .filter((m) => m.channel_id === channelId)
    .filter((m) => {
      const author = (m.message.author as { id?: string } | undefined)?.id;
      return (
        m.interaction?.applicationId === applicationId ||
        m.applicationId === applicationId ||
        m.webhookId === applicationId ||
        (app !== undefined && author === app.botUserId)
      );
    })
    .filter((m) => !(((m.message.flags as number) ?? 0) & EPHEMERAL) || m.interaction?.userId === userId)
    .sort(byId);
}

export function latestBotMessage(
  emulator: RunningEmulator,
  applicationId: string,
  channelId: string,
  userId: string | undefined,
): StoredMessage | undefined {
  return botMessages(emulator, applicationId, channelId, userId).at(-1);
}

/** The bot's first message in the channel after `afterId`. */
export function nextBotMessage(
  emulator: RunningEmulator,
  applicationId: string,
  channelId: string,
  afterId: string,
): StoredMessage | undefined {
  return botMessages(emulator, applicationId, channelId, undefined).find((m) => compareSnowflakes(m.id, afterId) > 0);
}
