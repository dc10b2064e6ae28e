/**
 * One invocation, as a user makes it in the client: the line is parsed and
 * checked against the registered command, the service's refusals are
 * applied, the interaction is built and delivered, and what the application
 * answers within the deadlines is collected as the user would see it.
 */
import { CallbackType } from '../../wire/interactions/callback.js';
import type { DeliveryOutcome, NoResponse } from '../../wire/interactions/delivery.js';
import type { MentionLookup } from '../../wire/interactions/options.js';
import type { MemberFacts } from '../../wire/interactions/payload.js';
import { buildInteraction } from '../../wire/interactions/payload.js';
import { notInPicker, readRepair, type Refusal } from '../../wire/interactions/refusal.js';
import { commandLabel } from '../../wire/access/matrix.js';
import { CommandType, EntryPointHandler } from '../../wire/enums.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { randomToken } from '../state/ids.js';
import { own } from '../state/own.js';
import { placeNames, resolveNames } from '../state/names.js';
import type { Application, StoredCommand, StoredMessage, World } from '../state/world.js';
import { announceMessage } from '../models/message-events.js';
import { collectAfterAnswer, deliverAndAwait, type AwaitEnv, type Delivered as Answered } from './await-answer.js';
import { invalid, invokedCommand, type Invalid, type Invoked } from './invoked.js';
import { commandRefusal, placeFacts, resolvePlace, resolveUser, type Place, type PlaceKind } from './place.js';
import { authorizingOwners } from '../../wire/installation.js';
import { launchMessage } from './launch.js';
import type { InteractionRegistry, LiveInteraction, Received } from './registry.js';
import { memberLocale } from '../http/user-locale.js';
import type { Obj } from '../../wire/rules/values.js';

export interface InvokeRequest {
  /** `/config logging enable channel:#123` (chat input and entry point commands). */
  line?: string;
  userCommand?: string;
  messageCommand?: string;
  /** The user (user command) or message (message command) acted on. */
  target?: Snowflake;
  /** Absent with a channel outside every guild: a DM with the bot. Guild, channel, user, application and a user command's target: an id or a name (names.ts). */
  guildId?: Snowflake;
  channelId?: Snowflake;
  /** A DM with the bot or a private channel (a group DM, reached by user-installed commands); default: a guild channel. */
  context?: PlaceKind;
  userId?: Snowflake;
  locale?: string;
  autocomplete?: boolean;
  /** How long to collect follow-ups after the first answer, in seconds. Default: none, or a deferred answer's edit (up to 10 s) and the follow-ups right behind it. */
  waitSeconds?: number;
  applicationId?: Snowflake;
  /** Files for ATTACHMENT options, by the path typed in the line. */
  files?: Record<string, { size: number; contentType?: string }>;
}

/** What an interaction that reached the application came to. */
interface Delivered {
  delivery: 'http' | 'gateway';
  application: { id: Snowflake; name: string };
  interaction: Obj;
  /** The endpoint's HTTP answer (HTTP delivery). */
  endpoint?: { status?: number; error?: string };
  callback?: { type: number; data?: unknown };
  original?: Obj;
  followups: Obj[];
  choices?: unknown[];
  received: Received[];
}

export type InvokeOutcome =
  /** The line or the request is wrong: nothing was sent. */
  | Invalid
  | { outcome: 'refused'; refusal: Refusal; interaction?: undefined }
  /** Entry point with handler 2: the service launches the Activity itself (a success; nothing is delivered to the app). */
  | { outcome: 'launched'; application: { id: Snowflake; name: string }; message: Obj }
  | ({ outcome: 'answered' } & Delivered)
  /** `cause`: why, typed (wire/interactions/delivery.ts). */
  | ({ outcome: 'no-response'; cause: NoResponse } & Delivered);

export interface InvokeEnv extends AwaitEnv {
  defaultApplicationId: Snowflake;
  defaultGuildId: Snowflake;
}

/** Where and by whom: the application, the place (guild channel, DM or private channel), the member, their language, and what mentions may name. */
interface Invocation {
  world: World;
  req: InvokeRequest;
  app: Application;
  place: Place;
  user: MemberFacts;
  locale: string;
  lookup: MentionLookup;
}

export async function invoke(env: InvokeEnv, request: InvokeRequest): Promise<InvokeOutcome> {
  const at = invocationOf(env, request);
  if ('outcome' in at) return at;
  const invoked = invokedCommand(
    {
      world: at.world,
      appId: at.app.id,
      guildId: at.place.guild?.id,
      locale: at.locale,
      lookup: at.lookup,
      nextId: env.nextId,
    },
    at.req,
  );
  if ('outcome' in invoked) return invoked;
  const { command } = invoked;
  const refusal = refusalOf(env, at, command);
  if (refusal) {
    noteDelivery(env, at.app, command, { kind: 'refused', message: refusal.message });
    return { outcome: 'refused', refusal };
  }
  const owners = authorizingOwners(command, placeFacts(at.app, at.place, at.user));
  if (command.type === CommandType.PRIMARY_ENTRY_POINT && command.handler === EntryPointHandler.DISCORD_LAUNCH_ACTIVITY)
    return launch(env, at, command, owners);
  const live = liveInteraction(env, at, invoked, owners);
  env.registry.add(live);
  const answered = await deliverAndAwait(env, at.app, live);
  noteDelivery(
    env,
    at.app,
    command,
    live.answeredWith !== undefined ? { kind: 'answered', callbackType: live.answeredWith } : answered.cause!,
    live.id,
  );
  if (live.answeredWith !== undefined) await collectAfterAnswer(env, live, at.req.waitSeconds);
  return outcomeOf(at.app, live, answered);
}

function invocationOf(env: InvokeEnv, request: InvokeRequest): Invocation | Invalid {
  const world = env.world();
  const req = resolveNames(world, request, env.defaultGuildId);
  if ('problem' in req) return invalid(req.problem);
  const app = own(world.applications, req.applicationId ?? env.defaultApplicationId);
  if (!app) return invalid(`unknown application ${req.applicationId}`);
  // Where: a guild channel, or a DM with the bot; who: a member of the guild (or anyone in a DM).
  const outside = req.context === 'bot-dm' || req.context === 'private-channel';
  // A DM or private channel need not be named: the user opens one.
  const channelId = req.channelId ?? (outside ? env.nextId() : undefined);
  const place = resolvePlace(
    world,
    {
      ...(req.guildId ? { guildId: req.guildId } : {}),
      ...(channelId ? { channelId } : {}),
      context: req.context,
    },
    env.defaultGuildId,
    env.now(),
  );
  if (typeof place === 'string') return invalid(place);
  const user = resolveUser(place, req.userId, world);
  if (typeof user === 'string') return invalid(user);
  // The client's language: as asked, else the user's setting (spec, Localization), else the service's default.
  const locale = req.locale ?? memberLocale(world, user.id, place.guild) ?? 'en-US';
  const { facts } = place;
  const lookup: MentionLookup = {
    isUser: (id) => (facts ? facts.members.some((m) => m.id === id) : id === user.id || id === app.botUserId),
    isRole: (id) => facts?.roles.some((r) => r.id === id) ?? false,
    channelType: (id) => facts?.channels.find((c) => c.id === id)?.type,
    named: placeNames(facts, [
      { id: user.id, name: user.username },
      { id: app.botUserId, name: app.name },
    ]),
  };
  return { world, req, app, place, user, locale, lookup };
}

/** The service's refusals, in the order the client and then the service apply them. */
function refusalOf(env: InvokeEnv, at: Invocation, command: StoredCommand): Refusal | undefined {
  const refused = commandRefusal(at.world, at.app, at.place, command, at.user, () =>
    repair(env.registry, command, at.user.id),
  );
  // A command the member's picker leaves out: say that, naming both.
  return refused?.hidden
    ? { ...refused, message: notInPicker(commandLabel(command.name, command.type), at.user.username) }
    : refused;
}

function noteDelivery(
  env: InvokeEnv,
  app: Application,
  command: StoredCommand,
  outcome: DeliveryOutcome,
  interactionId?: Snowflake,
): void {
  env.events.note({
    kind: 'delivery',
    applicationId: app.id,
    interactionId,
    transport: app.interactionsEndpointUrl ? 'http' : 'gateway',
    outcome,
    commandName: command.name,
  });
}

/** An entry point with handler 2: the service launches the Activity and posts the launch message in the channel itself (facts §9.2); it is a message of the channel like an answer. */
function launch(env: InvokeEnv, at: Invocation, command: StoredCommand, owners: Record<string, string>): InvokeOutcome {
  const { app, place, user } = at;
  const channel = place.channel;
  const message = launchMessage({
    id: env.nextId(),
    nowMs: env.now(),
    app,
    command,
    user,
    channelId: channel.id,
    interactionId: env.nextId(),
    owners,
    guildId: place.guild?.id,
  });
  const interaction = {
    id: (message.interaction_metadata as Obj).id as string,
    name: command.name,
    userId: user.id,
    applicationId: app.id,
  };
  const stored: StoredMessage = {
    id: message.id as string,
    sender: 'interaction',
    webhookId: app.id,
    channel_id: channel.id,
    message,
    interaction,
  };
  env.write((w) => {
    w.messages[stored.id] = stored;
  });
  announceMessage(env.events, env.world(), stored, 'create');
  noteDelivery(env, app, command, { kind: 'launched' });
  return { outcome: 'launched', application: { id: app.id, name: app.name }, message };
}

/** The interaction as the application receives it, kept live for its answers. */
function liveInteraction(
  env: InvokeEnv,
  at: Invocation,
  { command, options, mentions, target }: Invoked,
  owners: Record<string, string>,
): LiveInteraction {
  const { app, place, user } = at;
  const install = place.guild ? own(place.guild.apps, app.id) : undefined;
  const payload = buildInteraction({
    id: env.nextId(),
    token: `aW50ZXJhY3Rpb246${randomToken(48)}`,
    applicationId: app.id,
    bot: { userId: app.botUserId, permissions: BigInt(install?.permissions ?? '0') },
    // StoredCommand is an interface (no index signature); the payload builder reads it by key.
    command: command as unknown as Obj & { id: string; name: string; type: number },
    autocomplete: at.req.autocomplete === true,
    options,
    target,
    mentions,
    user: { id: user.id, username: user.username },
    locale: at.locale,
    guild: place.facts,
    channel: place.channel,
    context: place.context,
    owners,
  });
  return {
    id: payload.id as string,
    token: payload.token as string,
    applicationId: app.id,
    type: payload.type as number,
    commandType: command.type,
    commandName: command.name,
    userId: user.id,
    guildId: place.guild?.id,
    channelId: place.channel.id,
    payload,
    createdAt: env.now(),
    followups: [],
    received: [],
    waiters: new Set(),
  };
}

function outcomeOf(app: Application, live: LiveInteraction, { endpoint, cause }: Answered): InvokeOutcome {
  const delivered: Delivered = {
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
    original: live.original?.message,
    followups: live.followups.map((f) => f.message),
    ...(live.answeredWith === CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
      ? { choices: ((live.callbackData as Obj | undefined)?.choices as unknown[]) ?? [] }
      : {}),
    received: live.received,
  };
  return live.answeredWith !== undefined
    ? { outcome: 'answered', ...delivered }
    : { outcome: 'no-response', cause: cause!, ...delivered };
}

function repair(registry: InteractionRegistry, command: StoredCommand, userId: string): Refusal | undefined {
  const refusal = readRepair(command, registry.seenVersion(userId, command.id));
  // Refused or not, the user's client now holds the current version.
  registry.markSeen(userId, command.id, command.version);
  return refusal;
}
