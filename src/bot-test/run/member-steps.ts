/**
 * A member's own doings as steps: reacting, editing or deleting a message,
 * joining or leaving the guild, writing to the bot in a DM, through the emulator's member acts (the
 * control routes' handlers), so the bot receives the service's events
 * (MESSAGE_REACTION_ADD/REMOVE, MESSAGE_UPDATE/DELETE, GUILD_MEMBER_ADD/
 * REMOVE, MESSAGE_CREATE without guild_id). What the step caused is read as a `say`'s is (caused.ts): the
 * bot's messages since, the message acted on with its reactions, and
 * `no-answer` once the bot has been quiet.
 */
import type { EmulatorResponse } from '../../emulator/http/http-types.js';
import { resolveNames } from '../../emulator/state/names.js';
import type { StepAction } from '../model.js';
import { type Acted, nothing, quietAfter, type StepContext, type StepRun } from './acted.js';
import type { StepMark } from './caused.js';
import { channelOf, guildOf, latestMemberMessage, latestReactedMessage, type Place } from './place.js';
import { type Earlier, messageOf, where } from './target.js';

type MemberAction = Extract<StepAction, { kind: 'react' | 'unreact' | 'edit' | 'delete' | 'join' | 'leave' | 'dm' }>;
type OnAMessage = Extract<MemberAction, { kind: 'react' | 'unreact' | 'edit' | 'delete' }>;
type Act = { run(): EmulatorResponse | Promise<EmulatorResponse> } | { problem: string };

export async function memberStep(
  ctx: StepContext,
  place: Place,
  action: MemberAction,
  earlier: Earlier,
  mark: StepMark,
  expects: boolean,
): Promise<StepRun> {
  const act =
    action.kind === 'dm'
      ? dmAct(ctx, place, action.text)
      : action.kind === 'join' || action.kind === 'leave'
        ? guildAct(ctx, place, action)
        : messageAct(ctx, place, action, earlier, mark);
  if ('problem' in act) return act;
  // The runner's action begins here, as an invocation's does (the bot's requests are counted from it).
  const res = await ctx.harness.track(Promise.resolve(act.run()));
  if (res.status >= 300) {
    const refused = String((res.body as { message?: unknown } | undefined)?.message ?? `HTTP ${res.status}`);
    const refusal: Acted = {
      read: () => ({ ...nothing(), refused }),
      final: true,
      settle: () => ctx.harness.settled(),
    };
    return refusal;
  }
  // What the member wrote in the DM is the message the step acted on (`said`, `reactions:`).
  if (action.kind === 'dm') mark.actedId = String((res.body as { id?: unknown }).id);
  return quietAfter(ctx, mark, expects);
}

/** The member writes to the bot under test in their DM (the control route's DM form). */
function dmAct(ctx: StepContext, place: Place, content: string): Act {
  const userId = place.userId;
  if (userId === undefined) return { problem: 'dm needs a member: give as:' };
  return { run: () => ctx.emulator.say({ dm: true, userId, applicationId: ctx.applicationId, content }) };
}

/** Someone joins the guild of the step's channel, or a member leaves it. */
function guildAct(ctx: StepContext, place: Place, action: Extract<MemberAction, { kind: 'join' | 'leave' }>): Act {
  const { emulator } = ctx;
  const guildId = guildOf(emulator, place);
  if (guildId === undefined) return { problem: `${action.kind}: the step's channel is in no guild` };
  if (action.kind === 'join') return { run: () => emulator.member.join(guildId, { username: action.username }) };
  const who = resolveNames(emulator.world, { userId: action.member }, guildId);
  if ('problem' in who) return { problem: `leave: ${who.problem}` };
  return { run: () => emulator.member.leave(guildId, who.userId!) };
}

/** A reaction, an edit or a delete of the message `message:` names, else of the message it goes on by default. */
function messageAct(ctx: StepContext, place: Place, action: OnAMessage, earlier: Earlier, mark: StepMark): Act {
  const { emulator } = ctx;
  const channelId = channelOf(emulator, place);
  const userId = place.userId;
  if (userId === undefined || channelId === undefined)
    return { problem: `${action.kind} needs a member and a channel: give as: and in:` };
  const messageId =
    action.message !== undefined
      ? messageOf(where(ctx, place), action.message, earlier, action.kind)
      : defaultMessage(ctx, action, channelId, userId);
  if (typeof messageId !== 'string') return messageId;
  mark.actedId = messageId;
  const at = { channelId, messageId, userId };
  switch (action.kind) {
    case 'react':
      return { run: () => emulator.member.react({ ...at, emoji: action.emoji }) };
    case 'unreact':
      return { run: () => emulator.member.unreact({ ...at, emoji: action.emoji }) };
    case 'edit':
      return { run: () => emulator.member.edit({ ...at, content: action.text }) };
    case 'delete':
      return { run: () => emulator.member.delete(at) };
  }
}

/**
 * A reaction goes on the bot's latest message in the channel, and is taken back from the latest message that
 * has it; an edit or a delete is of the member's own latest message.
 */
function defaultMessage(
  ctx: StepContext,
  action: OnAMessage,
  channelId: string,
  userId: string,
): string | { problem: string } {
  const { emulator } = ctx;
  switch (action.kind) {
    case 'react':
      return messageOf(where(ctx, { channelId, userId }), undefined, new Map(), 'react to');
    case 'unreact':
      return (
        latestReactedMessage(emulator, channelId, userId, action.emoji)?.id ?? {
          problem: `nothing to unreact: no message in the channel has the member's ${action.emoji}`,
        }
      );
    default:
      return (
        latestMemberMessage(emulator, channelId, userId)?.id ?? {
          problem: `nothing to ${action.kind}: the member has no message in the channel`,
        }
      );
  }
}
