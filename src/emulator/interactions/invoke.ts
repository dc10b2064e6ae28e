/**
 * One invocation, as a user makes it in the client: the line is parsed and
 * checked against the registered command, the service's refusals are
 * applied, the interaction is built and delivered, and what the application
 * answers within the deadlines is collected as the user would see it.
 */
import { basename } from 'node:path';
import { CommandLineError, parseCommandLine, pointAt } from '../../wire/interactions/command-line.js';
import { CallbackType } from '../../wire/interactions/callback.js';
import type { DeliveryOutcome, NoResponse } from '../../wire/interactions/delivery.js';
import { resolveOptions, type InteractionOption, type MentionLookup } from '../../wire/interactions/options.js';
import { buildInteraction } from '../../wire/interactions/payload.js';
import { notInPicker, readRepair, type Refusal } from '../../wire/interactions/refusal.js';
import { commandLabel } from '../../wire/access/matrix.js';
import { CommandType, EntryPointHandler, OptionType } from '../../wire/enums.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { randomToken } from '../state/ids.js';
import { own } from '../state/own.js';
import { placeNames, resolveNames } from '../state/names.js';
import type { StoredCommand, World } from '../state/world.js';
import { collectAfterAnswer, deliverAndAwait, type AwaitEnv } from './await-answer.js';
import { commandRefusal, placeFacts, resolvePlace, resolveUser, type PlaceKind } from './place.js';
import { authorizingOwners } from '../../wire/installation.js';
import { launchMessage } from './launch.js';
import type { InteractionRegistry, LiveInteraction, Received } from './registry.js';
import { memberLocale } from '../http/user-locale.js';

type Obj = Record<string, unknown>;

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
  | { outcome: 'invalid'; message: string; pointer?: string; column?: number }
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

const invalid = (message: string, line?: string, err?: CommandLineError): InvokeOutcome => ({
  outcome: 'invalid',
  message,
  ...(line !== undefined && err ? { pointer: pointAt(line, err), column: err.column } : {}),
});

function nameMatches(cmd: StoredCommand, typed: string, locale: string | undefined): boolean {
  return cmd.name === typed || (locale !== undefined && cmd.name_localizations?.[locale] === typed);
}

/** The command the user picks: a guild command of that guild first, then a global one. */
function pickCommand(world: World, appId: string, guildId: string | undefined, types: number[], typed: string, locale: string | undefined): StoredCommand | undefined {
  const all = Object.values(world.commands).filter((c) => c.application_id === appId && types.includes(c.type) && nameMatches(c, typed, locale));
  return all.find((c) => guildId !== undefined && c.guild_id === guildId) ?? all.find((c) => c.guild_id === undefined) ?? all[0];
}

function findMessage(world: World, id: string): Obj | undefined {
  return own(world.messages, id)?.message;
}

export async function invoke(env: InvokeEnv, request: InvokeRequest): Promise<InvokeOutcome> {
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
    { ...(req.guildId ? { guildId: req.guildId } : {}), ...(channelId ? { channelId } : {}), ...(req.context ? { context: req.context } : {}) },
    env.defaultGuildId,
  );
  if (typeof place === 'string') return invalid(place);
  const { guild, facts, channel } = place;
  const user = resolveUser(place, req.userId, world);
  if (typeof user === 'string') return invalid(user);
  const userId = user.id;
  // The client's language: as asked, else the user's setting (spec, Localization), else the service's default.
  const locale = req.locale ?? memberLocale(world, userId, guild) ?? 'en-US';

  const lookup: MentionLookup = {
    isUser: (id) => (facts ? facts.members.some((m) => m.id === id) : id === userId || id === app.botUserId),
    isRole: (id) => facts?.roles.some((r) => r.id === id) ?? false,
    channelType: (id) => facts?.channels.find((c) => c.id === id)?.type,
    named: placeNames(facts, [
      { id: userId, name: user.username },
      { id: app.botUserId, name: app.name },
    ]),
  };

  // What: the command and its options.
  let command: StoredCommand | undefined;
  let options: InteractionOption[] = [];
  let mentions = { users: [] as string[], roles: [] as string[], channels: [] as string[], attachments: [] as Obj[] };
  let target: { id: string; message?: Obj } | undefined;
  if (req.line !== undefined) {
    let parsed: ReturnType<typeof parseCommandLine>;
    try {
      parsed = parseCommandLine(req.line, req.autocomplete === true);
    } catch (err) {
      if (err instanceof CommandLineError) return invalid(err.message, req.line, err);
      throw err;
    }
    command = pickCommand(world, app.id, guild?.id, [CommandType.CHAT_INPUT, CommandType.PRIMARY_ENTRY_POINT], parsed.command.text, locale);
    if (!command) {
      const e = new CommandLineError(
        `no command "/${parsed.command.text}" is registered for this application here`,
        parsed.command.start - 1,
        parsed.command.end - parsed.command.start + 1,
      );
      return invalid(e.message, req.line, e);
    }
    try {
      const { result } = resolveOptions(command as unknown as Obj, parsed, { locale, lookup, ...(req.autocomplete ? { autocomplete: true } : {}) });
      options = result.options;
      const attachments = result.attachments.map(({ option, path }) => {
        const file = req.files?.[path];
        const id = env.nextId();
        const filename = basename(path);
        const url = `https://cdn.discordapp.com/ephemeral-attachments/${command!.id}/${id}/${encodeURIComponent(filename)}`;
        return {
          option,
          attachment: {
            id,
            filename,
            size: file?.size ?? 0,
            url,
            proxy_url: url.replace('cdn.discordapp.com', 'media.discordapp.net'),
            ...(file?.contentType ? { content_type: file.contentType } : {}),
            ephemeral: true,
          },
        };
      });
      fillAttachmentIds(
        options,
        attachments.map((a) => ({ option: a.option, id: a.attachment.id })),
      );
      mentions = { users: result.users, roles: result.roles, channels: result.channels, attachments: attachments.map((a) => a.attachment) };
    } catch (err) {
      if (err instanceof CommandLineError) return invalid(err.message, req.line, err);
      throw err;
    }
  } else if (req.userCommand !== undefined || req.messageCommand !== undefined) {
    const isUser = req.userCommand !== undefined;
    const name = (req.userCommand ?? req.messageCommand)!;
    command = pickCommand(world, app.id, guild?.id, [isUser ? CommandType.USER : CommandType.MESSAGE], name, locale);
    if (!command) return invalid(`no ${isUser ? 'user' : 'message'} command "${name}" is registered for this application here`);
    if (!req.target) return invalid(`a ${isUser ? 'user' : 'message'} command needs --target`);
    if (isUser) {
      if (!lookup.isUser(req.target)) return invalid(`no user ${req.target} here`);
      target = { id: req.target };
    } else {
      const message = findMessage(world, req.target);
      if (!message) return invalid(`no message ${req.target} (a message command acts on a message the emulator holds)`);
      target = { id: req.target, message };
    }
  } else return invalid('give a command line, --user-command or --message-command');
  if (req.autocomplete && req.line === undefined) return invalid('autocomplete works on a command line');

  // The service's refusals, in the order the client and then the service apply them.
  const install = guild ? own(guild.apps, app.id) : undefined;
  const refused = commandRefusal(world, app, place, command, user, () => repair(env.registry, command!, userId));
  // A command the member's picker leaves out: say that, naming both.
  const refusal = refused?.hidden ? { ...refused, message: notInPicker(commandLabel(command.name, command.type), user.username) } : refused;
  if (refusal) {
    env.events.note({
      kind: 'delivery',
      applicationId: app.id,
      transport: app.interactionsEndpointUrl ? 'http' : 'gateway',
      outcome: { kind: 'refused', message: refusal.message },
      commandName: command.name,
    });
    return { outcome: 'refused', refusal };
  }

  const owners = authorizingOwners(command, placeFacts(app, place, user));
  if (command.type === CommandType.PRIMARY_ENTRY_POINT && command.handler === EntryPointHandler.DISCORD_LAUNCH_ACTIVITY) {
    // The service launches the Activity and posts the launch message in the channel itself (facts §9.2); it is a message of the channel like an answer.
    const message = launchMessage({
      id: env.nextId(),
      nowMs: env.now(),
      app,
      command,
      user,
      channelId: channel.id,
      interactionId: env.nextId(),
      owners,
      ...(guild ? { guildId: guild.id } : {}),
    });
    const interaction = { id: (message.interaction_metadata as Obj).id as string, name: command.name, userId, applicationId: app.id };
    env.write((w) => {
      w.messages[message.id as string] = { id: message.id as string, webhookId: app.id, channel_id: channel.id, message, interaction };
    });
    env.events.note({
      kind: 'message',
      action: 'create',
      channelId: channel.id,
      messageId: message.id as string,
      message: structuredClone(message),
      source: 'interaction',
      interaction,
    });
    env.events.note({
      kind: 'delivery',
      applicationId: app.id,
      transport: app.interactionsEndpointUrl ? 'http' : 'gateway',
      outcome: { kind: 'launched' },
      commandName: command.name,
    });
    return { outcome: 'launched', application: { id: app.id, name: app.name }, message };
  }

  const payload = buildInteraction({
    id: env.nextId(),
    token: `aW50ZXJhY3Rpb246${randomToken(48)}`,
    applicationId: app.id,
    bot: { userId: app.botUserId, permissions: BigInt(install?.permissions ?? '0') },
    command: command as unknown as Obj & { id: string; name: string; type: number },
    autocomplete: req.autocomplete === true,
    options,
    ...(target ? { target } : {}),
    mentions,
    user: { id: user.id, username: user.username },
    locale,
    ...(facts ? { guild: facts } : {}),
    channel,
    context: place.context,
    owners,
  });
  const live: LiveInteraction = {
    id: payload.id as string,
    token: payload.token as string,
    applicationId: app.id,
    type: payload.type as number,
    commandType: command.type,
    commandName: command.name,
    userId,
    ...(guild ? { guildId: guild.id } : {}),
    channelId: channel.id,
    payload,
    createdAt: env.now(),
    followups: [],
    received: [],
    waiters: new Set(),
  };
  env.registry.add(live);

  const { endpoint, cause } = await deliverAndAwait(env, app, live);
  const outcome: DeliveryOutcome = live.answeredWith !== undefined ? { kind: 'answered', callbackType: live.answeredWith } : cause!;
  env.events.note({
    kind: 'delivery',
    applicationId: app.id,
    interactionId: live.id,
    transport: app.interactionsEndpointUrl ? 'http' : 'gateway',
    outcome,
    commandName: command.name,
  });
  if (live.answeredWith !== undefined) await collectAfterAnswer(env, live, req.waitSeconds);
  return {
    ...(live.answeredWith !== undefined ? { outcome: 'answered' as const } : { outcome: 'no-response' as const, cause: cause! }),
    delivery: app.interactionsEndpointUrl ? 'http' : 'gateway',
    application: { id: app.id, name: app.name },
    interaction: payload,
    ...(endpoint ? { endpoint } : {}),
    ...(live.answeredWith !== undefined ? { callback: { type: live.answeredWith, ...(live.callbackData !== undefined ? { data: live.callbackData } : {}) } } : {}),
    ...(live.original ? { original: live.original.message } : {}),
    followups: live.followups.map((f) => f.message),
    ...(live.answeredWith === CallbackType.APPLICATION_COMMAND_AUTOCOMPLETE_RESULT ? { choices: ((live.callbackData as Obj | undefined)?.choices as unknown[]) ?? [] } : {}),
    received: live.received,
  };
}

function repair(registry: InteractionRegistry, command: StoredCommand, userId: string): Refusal | undefined {
  const refusal = readRepair(command, registry.seenVersion(userId, command.id));
  // Refused or not, the user's client now holds the current version.
  registry.markSeen(userId, command.id, command.version);
  return refusal;
}

/** Attachment options carry the id of the uploaded file. */
function fillAttachmentIds(options: InteractionOption[], ids: Array<{ option: string; id: string }>): void {
  for (const o of options) {
    if (o.options) fillAttachmentIds(o.options, ids);
    else if (o.type === OptionType.ATTACHMENT) o.value = ids.find((i) => i.option === o.name)?.id ?? o.value;
  }
}
