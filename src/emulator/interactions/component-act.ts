/**
 * A member's click on a button or choice in a select, as the client makes
 * it (facts §2.1): the message and component are found, the client's
 * refusals applied (nothing is sent then), and a MESSAGE_COMPONENT
 * interaction is delivered to the application that owns the message, over
 * the same delivery and deadlines as a command; what the member sees
 * afterwards is collected.
 */
import {
  componentData,
  entityValues,
  findComponent,
  refuse,
  stringSelectValues,
  unusable,
  type ComponentRefusal,
} from '../../wire/interactions/component-use.js';
import { EPHEMERAL } from '../../wire/interactions/callback.js';
import { InteractionType, mentionedObjects, nonEmptyResolved } from '../../wire/interactions/payload.js';
import { ComponentType } from '../../wire/enums.js';
import { isSnowflake, type Snowflake } from '../../wire/snowflake.js';
import { own } from '../state/own.js';
import { resolveNames } from '../state/names.js';
import type { StoredMessage, World } from '../state/world.js';
import { invalid } from './invoked.js';
import { resolvePlace, resolveUser, type Place } from './place.js';
import { deliverComponent, envelopeFor, type ComponentEnv, type ComponentOutcome } from './component-deliver.js';
import type { Obj } from '../../wire/rules/values.js';

export interface ClickRequest {
  messageId: Snowflake;
  /** The button's custom_id or label. */
  button: string;
  /** An id or a name; default: the guild's first member. */
  userId?: string;
  locale?: string;
  /** How long to collect follow-ups and edits after the first answer, in seconds. */
  waitSeconds?: number;
}

export interface SelectRequest extends Omit<ClickRequest, 'button'> {
  /** The select's custom_id or placeholder. */
  menu: string;
  /** Option values or labels (string select); user, role or channel ids or names (the others). */
  values: string[];
}

/** The application whose answer, webhook or bot user made the message: the one its components call back. */
export function messageOwner(world: World, stored: StoredMessage): Snowflake | undefined {
  const byWebhook = own(world.webhooks, stored.webhookId)?.application_id ?? undefined;
  const authorId = (stored.message.author as { id?: unknown } | undefined)?.id;
  // A bot's own post in a channel: its author is the application's bot user.
  const byBot =
    typeof authorId === 'string'
      ? Object.values(world.applications).find((a) => a.botUserId === authorId)?.id
      : undefined;
  return (
    stored.interaction?.applicationId ?? byWebhook ?? (stored.message.application_id as Snowflake | undefined) ?? byBot
  );
}

interface Target {
  stored: StoredMessage;
  appId: Snowflake;
  component: Obj;
}

/** A refusal, not a component (every component has a `type`). */
const isRefusal = (v: object): v is ComponentRefusal => 'kind' in v && 'message' in v && !('type' in v);

/** The component on the message the member uses, and the application it calls back; or why the client sends nothing. */
function targetOf(
  world: World,
  stored: StoredMessage,
  kind: 'button' | 'select',
  ref: string,
  userId: Snowflake,
): Target | ComponentRefusal {
  // An ephemeral answer is seen by its invoker alone.
  if (((stored.message.flags as number) ?? 0) & EPHEMERAL && stored.interaction && stored.interaction.userId !== userId)
    return refuse('unknown-message', `message ${stored.id} is ephemeral: only its invoker sees it`);
  const appId = messageOwner(world, stored);
  if (!appId || !own(world.applications, appId))
    return refuse('not-interactive', `no application owns message ${stored.id}: its components send nothing`);
  const component = findComponent(stored.message.components, kind, ref);
  if (isRefusal(component)) return component;
  return unusable(component) ?? { stored, appId, component };
}

export function click(env: ComponentEnv, req: ClickRequest): Promise<ComponentOutcome> {
  return use(env, req, 'button', req.button, undefined);
}

export function select(env: ComponentEnv, req: SelectRequest): Promise<ComponentOutcome> {
  return use(env, req, 'select', req.menu, req.values);
}

async function use(
  env: ComponentEnv,
  req: ClickRequest | SelectRequest,
  kind: 'button' | 'select',
  ref: string,
  chosen: string[] | undefined,
): Promise<ComponentOutcome> {
  const world = env.world();
  const stored = own(world.messages, req.messageId);
  if (!stored)
    return {
      outcome: 'refused',
      refusal: refuse(
        'unknown-message',
        `no message ${req.messageId} (the emulator holds webhook posts and interaction answers)`,
      ),
    };
  const names = resolveNames(world, { channelId: stored.channel_id, userId: req.userId }, env.defaultGuildId);
  if ('problem' in names) return invalid(names.problem);
  const place = resolvePlace(world, { channelId: stored.channel_id }, env.defaultGuildId);
  if (typeof place === 'string') return invalid(place);
  const user = resolveUser(place, names.userId, world);
  if (typeof user === 'string') return invalid(user);
  const target = targetOf(world, stored, kind, ref, user.id);
  if (isRefusal(target)) return refused(target);
  const { component, appId } = target;
  let values: string[] | undefined;
  let resolved: Obj | undefined;
  if (kind === 'select') {
    const picked = selectValues(component, chosen ?? [], place, user.id);
    if (isRefusal(picked)) return refused(picked);
    ({ values, resolved } = picked);
  }
  const app = own(world.applications, appId)!;
  // Delivered through the installation the message's interaction came through, else the guild's.
  const owners = (target.stored.message.interaction_metadata as Obj | undefined)?.authorizing_integration_owners;
  const envelope = envelopeFor(env, world, app, place, user, req.locale, owners);
  return deliverComponent(env, app, {
    envelope,
    type: InteractionType.MESSAGE_COMPONENT,
    data: componentData(component, values, resolved),
    extra: { message: structuredClone(target.stored.message) },
    name: String(component.custom_id),
    userId: user.id,
    guildId: place.guild?.id,
    channelId: place.channel.id,
    component: { messageId: req.messageId, metadata: { interacted_message_id: req.messageId } },
    waitSeconds: req.waitSeconds,
  });
}

/** Nothing is sent: the client refuses. */
const refused = (refusal: ComponentRefusal): ComponentOutcome => ({ outcome: 'refused', refusal });

/** A select's values as sent, and `resolved` for entity selects (facts §2.1); or the client's refusal. */
function selectValues(
  component: Obj,
  chosen: readonly string[],
  place: Place,
  userId: Snowflake,
): { values: string[]; resolved?: Obj } | ComponentRefusal {
  if (component.type === ComponentType.STRING_SELECT) {
    const values = stringSelectValues(component, chosen);
    return Array.isArray(values) ? { values } : values;
  }
  const facts = place.facts;
  const ids = chosen.map((v) => idOf(v, facts));
  const sorted = entityValues(component, ids, {
    isUser: (id) => facts?.members.some((m) => m.id === id) ?? false,
    isRole: (id) => facts?.roles.some((r) => r.id === id) ?? false,
    channelType: (id) => facts?.channels.find((c) => c.id === id)?.type,
  });
  if (isRefusal(sorted)) return sorted;
  const { users, members, roles, channels } = mentionedObjects(facts, place.channel, userId, sorted);
  const resolved = nonEmptyResolved({
    users,
    members,
    roles,
    channels: channelsAsSelected(channels as Obj, facts?.id),
  });
  return { values: ids, resolved };
}

/** A member, role or channel named rather than given by id (`bob`, `@bob`, `#general`, `Moderator`); ids pass as they are. */
function idOf(value: string, facts: Place['facts']): string {
  if (isSnowflake(value) || !facts) return value;
  const name = String(value).replace(/^[@#]/, '');
  return (
    facts.members.find((m) => m.username === name)?.id ??
    facts.roles.find((r) => r.name === name)?.id ??
    facts.channels.find((c) => c.name === name)?.id ??
    value
  );
}

/** Resolved channels of a select carry their guild (facts §2.1's partial channel). */
function channelsAsSelected(channels: Obj, guildId: string | undefined): Obj {
  return Object.fromEntries(
    Object.entries(channels).map(([id, c]) => [id, { ...(c as Obj), ...(guildId ? { guild_id: guildId } : {}) }]),
  );
}
