/**
 * Delivering a component's or a modal's interaction and collecting what the
 * member sees afterwards: the same delivery, registry and deadlines as a
 * command (3 s for a first answer, 15 min token, 40060, 10062), and the
 * outcome as a typed value the CLI, the control route and the API share.
 */
import { CallbackType } from '../../wire/interactions/callback.js';
import type { ComponentRefusal } from '../../wire/interactions/component-use.js';
import type { NoResponse } from '../../wire/interactions/delivery.js';
import { interactionEnvelope, withTypeAndData, type MemberFacts } from '../../wire/interactions/payload.js';
import { CommandType } from '../../wire/enums.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { memberLocale } from '../http/user-locale.js';
import { randomToken } from '../state/ids.js';
import { own } from '../state/own.js';
import type { Application, World } from '../state/world.js';
import { collectAfterAnswer, deliverAndAwait, type AwaitEnv, type Delivered } from './await-answer.js';
import type { Invalid } from './invoked.js';
import type { Place } from './place.js';
import { when, type LiveInteraction, type Received } from './registry.js';
import type { Obj } from '../../wire/rules/values.js';

/** After a deferred update (6), its edit of the message is awaited this long (a bot may also just acknowledge). */
export const DEFERRED_UPDATE_WAIT_MS = 3_000;

export interface ComponentEnv extends AwaitEnv {
  defaultApplicationId: Snowflake;
  defaultGuildId: Snowflake;
}

/** What a delivered component or modal interaction came to, as the member sees it. */
export interface ComponentDelivered {
  delivery: 'http' | 'gateway';
  application: { id: Snowflake; name: string };
  interaction: Obj;
  /** The endpoint's HTTP answer (HTTP delivery). */
  endpoint?: { status?: number; error?: string };
  callback?: { type: number; data?: unknown };
  /** The message the component is on, as it is now (updated by 7, or by the edit after 6). */
  message?: Obj;
  /** A new message answering (callback 4 or 5). */
  original?: Obj;
  followups: Obj[];
  /** The modal the member now has open (callback 9). */
  modal?: Obj;
  received: Received[];
}

export type ComponentOutcome =
  /** The request is wrong (an unknown member, guild or application): nothing was sent. */
  | Invalid
  /** The client sends nothing: no such message or component, disabled, a link button, a value not offered, no modal open, a field failing its checks. */
  | { outcome: 'refused'; refusal: ComponentRefusal }
  | ({ outcome: 'answered' } & ComponentDelivered)
  | ({ outcome: 'no-response'; cause: NoResponse } & ComponentDelivered);

/** The interaction's shared fields for this member at this place (payload.ts), with a new id and token. */
export function envelopeFor(
  env: ComponentEnv,
  world: World,
  app: Application,
  place: Place,
  user: MemberFacts,
  locale: string | undefined,
  owners: unknown,
): Obj {
  const install = place.guild ? own(place.guild.apps, app.id) : undefined;
  return interactionEnvelope({
    id: env.nextId(),
    token: `aW50ZXJhY3Rpb246${randomToken(48)}`,
    applicationId: app.id,
    bot: { userId: app.botUserId, permissions: BigInt(install?.permissions ?? '0') },
    user: { id: user.id, username: user.username },
    locale: locale ?? memberLocale(world, user.id, place.guild) ?? 'en-US',
    guild: place.facts,
    channel: place.channel,
    context: place.context,
    ...(typeof owners === 'object' && owners !== null ? { owners: owners as Record<string, string> } : {}),
  });
}

export interface ComponentDelivery {
  envelope: Obj;
  type: number;
  data: Obj;
  /** Fields beside `data`: the component's `message`. */
  extra: Obj;
  /** The custom_id used: what the event log names. */
  name: string;
  userId: Snowflake;
  guildId?: Snowflake;
  channelId: Snowflake;
  component: NonNullable<LiveInteraction['component']>;
  waitSeconds?: number;
}

export async function deliverComponent(
  env: ComponentEnv,
  app: Application,
  d: ComponentDelivery,
): Promise<ComponentOutcome> {
  const payload = withTypeAndData(d.envelope, d.type, d.data, d.extra);
  const live: LiveInteraction = {
    id: payload.id as string,
    token: payload.token as string,
    applicationId: app.id,
    type: d.type,
    commandType: CommandType.CHAT_INPUT,
    commandName: d.name,
    userId: d.userId,
    ...(d.guildId ? { guildId: d.guildId } : {}),
    channelId: d.channelId,
    payload,
    createdAt: env.now(),
    followups: [],
    received: [],
    waiters: new Set(),
    component: d.component,
  };
  env.registry.add(live);
  const answered = await deliverAndAwait(env, app, live);
  env.events.note({
    kind: 'delivery',
    applicationId: app.id,
    interactionId: live.id,
    transport: app.interactionsEndpointUrl ? 'http' : 'gateway',
    // No command name: the event log would show a custom_id as a slash command.
    outcome: live.answeredWith !== undefined ? { kind: 'answered', callbackType: live.answeredWith } : answered.cause!,
  });
  if (live.answeredWith === CallbackType.DEFERRED_UPDATE_MESSAGE && d.waitSeconds === undefined)
    await when(
      live,
      (i) => i.received.some((r) => r.kind === 'edit-original'),
      DEFERRED_UPDATE_WAIT_MS,
      env.registry.timers,
    );
  else if (live.answeredWith !== undefined) await collectAfterAnswer(env, live, d.waitSeconds);
  return outcomeOf(env, app, live, answered);
}

function outcomeOf(
  env: ComponentEnv,
  app: Application,
  live: LiveInteraction,
  { endpoint, cause }: Delivered,
): ComponentOutcome {
  const messageId = live.component?.messageId;
  const message = messageId !== undefined ? own(env.world().messages, messageId)?.message : undefined;
  const original = live.original && live.original.id !== messageId ? live.original.message : undefined;
  const delivered: ComponentDelivered = {
    delivery: app.interactionsEndpointUrl ? 'http' : 'gateway',
    application: { id: app.id, name: app.name },
    interaction: live.payload,
    endpoint,
    ...(live.answeredWith !== undefined
      ? {
          callback: {
            type: live.answeredWith,
            data: live.callbackData,
          },
        }
      : {}),
    message,
    original,
    followups: live.followups.map((f) => f.message),
    ...(live.answeredWith === CallbackType.MODAL ? { modal: live.callbackData as Obj } : {}),
    received: live.received,
  };
  return live.answeredWith !== undefined
    ? { outcome: 'answered', ...delivered }
    : { outcome: 'no-response', cause: cause!, ...delivered };
}
