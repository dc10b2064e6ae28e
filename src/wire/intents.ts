/**
 * Which gateway intents an application may ask for, and which intent each
 * dispatch about messages, reactions and members needs (facts
 * components-messages-gateway §7.1, §7.2). Pure; the emulator's gateway and
 * seed read it.
 */
import { ApplicationFlag } from './application.js';
import { Intent } from './gateway.js';
import type { Obj } from './rules/values.js';

/** Each privileged intent and the application flags that enable it (approved, or the limited one an owner turns on). */
export const PRIVILEGED_INTENTS: ReadonlyArray<{ intent: number; flags: number }> = [
  {
    intent: Intent.GUILD_PRESENCES,
    flags: ApplicationFlag.GATEWAY_PRESENCE | ApplicationFlag.GATEWAY_PRESENCE_LIMITED,
  },
  {
    intent: Intent.GUILD_MEMBERS,
    flags: ApplicationFlag.GATEWAY_GUILD_MEMBERS | ApplicationFlag.GATEWAY_GUILD_MEMBERS_LIMITED,
  },
  {
    intent: Intent.MESSAGE_CONTENT,
    flags: ApplicationFlag.GATEWAY_MESSAGE_CONTENT | ApplicationFlag.GATEWAY_MESSAGE_CONTENT_LIMITED,
  },
];

/** The gateway-intent application flags by the names the service gives them (a seed's `flags:` list). */
export const GATEWAY_FLAG_NAMES: Readonly<Record<string, number>> = {
  GATEWAY_PRESENCE: ApplicationFlag.GATEWAY_PRESENCE,
  GATEWAY_PRESENCE_LIMITED: ApplicationFlag.GATEWAY_PRESENCE_LIMITED,
  GATEWAY_GUILD_MEMBERS: ApplicationFlag.GATEWAY_GUILD_MEMBERS,
  GATEWAY_GUILD_MEMBERS_LIMITED: ApplicationFlag.GATEWAY_GUILD_MEMBERS_LIMITED,
  GATEWAY_MESSAGE_CONTENT: ApplicationFlag.GATEWAY_MESSAGE_CONTENT,
  GATEWAY_MESSAGE_CONTENT_LIMITED: ApplicationFlag.GATEWAY_MESSAGE_CONTENT_LIMITED,
};

/** Every gateway-intent flag bit. */
export const GATEWAY_FLAGS = Object.values(GATEWAY_FLAG_NAMES).reduce((all, bit) => all | bit, 0);

/** The privileged intents an application with `appFlags` may identify with. */
export function enabledPrivilegedIntents(appFlags: number): number {
  let out = 0;
  for (const p of PRIVILEGED_INTENTS) if ((appFlags & p.flags) !== 0) out |= p.intent;
  return out;
}

/** The privileged bits of `intents` the application has not enabled (0 when it may identify with them): close 4014. */
export function disallowedIntents(intents: number, appFlags: number): number {
  let privileged = 0;
  for (const p of PRIVILEGED_INTENTS) privileged |= p.intent;
  return intents & privileged & ~enabledPrivilegedIntents(appFlags);
}

const MESSAGE_EVENTS = new Set(['MESSAGE_CREATE', 'MESSAGE_UPDATE', 'MESSAGE_DELETE', 'MESSAGE_DELETE_BULK']);
const REACTION_EVENTS = new Set([
  'MESSAGE_REACTION_ADD',
  'MESSAGE_REACTION_REMOVE',
  'MESSAGE_REACTION_REMOVE_ALL',
  'MESSAGE_REACTION_REMOVE_EMOJI',
]);
const MEMBER_EVENTS = new Set(['GUILD_MEMBER_ADD', 'GUILD_MEMBER_UPDATE', 'GUILD_MEMBER_REMOVE']);

/**
 * The intent a message, reaction or member dispatch needs, from its payload:
 * a message event with a `guild_id` is a guild's (GUILD_MESSAGES), one
 * without is a DM's or an ephemeral message's (DIRECT_MESSAGES, §7.4); the
 * bot's own member update needs none (§7.1). Undefined for other dispatches.
 */
export function payloadIntent(name: string, data: unknown, botUserId: string): number | undefined {
  const d = typeof data === 'object' && data !== null ? (data as Obj) : {};
  const inGuild = typeof d.guild_id === 'string';
  if (MESSAGE_EVENTS.has(name)) return inGuild ? Intent.GUILD_MESSAGES : Intent.DIRECT_MESSAGES;
  if (REACTION_EVENTS.has(name)) return inGuild ? Intent.GUILD_MESSAGE_REACTIONS : Intent.DIRECT_MESSAGE_REACTIONS;
  if (MEMBER_EVENTS.has(name)) {
    const user = d.user as { id?: unknown } | undefined;
    return name === 'GUILD_MEMBER_UPDATE' && user?.id === botUserId ? 0 : Intent.GUILD_MEMBERS;
  }
  return undefined;
}
