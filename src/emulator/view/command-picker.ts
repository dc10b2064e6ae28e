/**
 * The command picker as the client shows it to one member in one channel
 * (`GET /__emulator/view/commands`): the application's guild commands of
 * that guild and its global commands, names and descriptions in the
 * member's locale (with the service's fallbacks), options as a tree, and
 * whether the member may use each, decided by the invoke path's own
 * refusal code (interactions/place.ts). Pure over the world.
 */
import { CommandType, OptionType } from '../../wire/enums.js';
import { localizedValue } from '../../wire/locales.js';
import { compareSnowflakes } from '../../wire/snowflake.js';
import type { MemberFacts } from '../../wire/interactions/payload.js';
import { commandRefusal, resolvePlace, resolveUser, type Place, type PlaceKind } from '../interactions/place.js';
import { own } from '../state/own.js';
import type { StoredCommand, World } from '../state/world.js';
import { memberLocale } from '../http/user-locale.js';
import type { PickerAccess, PickerAnswer, PickerCommand, PickerOption } from './picker-types.js';
import type { Obj } from '../../wire/rules/values.js';

type Dict = Record<string, string> | null | undefined;

export interface PickerQuery {
  applicationId?: string;
  /** Empty: a DM with the bot (or a private channel, with `context`). */
  guildId?: string;
  context?: PlaceKind;
  channelId?: string;
  memberId?: string;
  locale?: string;
}

function shown(value: string, dict: Dict, locale: string): { text: string; localized: boolean } {
  const l = localizedValue(dict, locale);
  return l === undefined ? { text: value, localized: false } : { text: l, localized: true };
}

function pickerOption(o: Obj, locale: string): PickerOption {
  const name = shown(o.name as string, o.name_localizations as Dict, locale);
  const description = shown((o.description as string | undefined) ?? '', o.description_localizations as Dict, locale);
  const num = (k: string) => (typeof o[k] === 'number' ? { [k]: o[k] as number } : {});
  return {
    type: o.type as number,
    name: name.text,
    defaultName: o.name as string,
    description: description.text,
    localized: name.localized,
    required: o.required === true,
    ...(Array.isArray(o.choices)
      ? {
          choices: (o.choices as Obj[]).map((c) => ({
            name: shown(c.name as string, c.name_localizations as Dict, locale).text,
            defaultName: c.name as string,
            value: c.value as string | number,
          })),
        }
      : {}),
    ...num('min_value'),
    ...num('max_value'),
    ...num('min_length'),
    ...num('max_length'),
    autocomplete: o.autocomplete === true,
    ...(Array.isArray(o.channel_types) ? { channel_types: o.channel_types as number[] } : {}),
    ...(Array.isArray(o.options) && (o.type === OptionType.SUB_COMMAND || o.type === OptionType.SUB_COMMAND_GROUP)
      ? { options: (o.options as Obj[]).map((x) => pickerOption(x, locale)) }
      : {}),
  };
}

function access(world: World, place: Place, cmd: StoredCommand, user: MemberFacts): PickerAccess {
  const app = own(world.applications, cmd.application_id)!;
  const refusal = commandRefusal(world, app, place, cmd, user);
  if (!refusal) return { allowed: true, reason: 'allowed', listed: true };
  return {
    allowed: false,
    reason: refusal.reason,
    message: refusal.message,
    kind: refusal.kind,
    listed: !refusal.hidden,
  };
}

function collator(locale: string): Intl.Collator {
  try {
    return new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  } catch {
    return new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  }
}

/** Slash commands (and the entry point) first, then user commands, then message commands: the picker's and the context menus' groups. */
const GROUP: Record<number, number> = {
  [CommandType.CHAT_INPUT]: 0,
  [CommandType.PRIMARY_ENTRY_POINT]: 0,
  [CommandType.USER]: 1,
  [CommandType.MESSAGE]: 2,
};

/** The picker for `q`, or what is wrong with the query. */
export function commandPicker(
  world: World,
  q: PickerQuery,
  defaults: { applicationId: string; guildId: string },
  /** The emulator's clock: a timed-out member's commands are locked as their invocation would be refused. */
  nowMs?: number,
): PickerAnswer | string {
  const appId = q.applicationId || defaults.applicationId;
  if (!own(world.applications, appId)) return `unknown application ${appId}`;
  const outside: PlaceKind | undefined =
    q.context === 'private-channel'
      ? 'private-channel'
      : q.guildId === '' || q.context === 'bot-dm'
        ? 'bot-dm'
        : undefined;
  // A DM or private channel has no channel in the world: any id names it.
  const place: Place | string = outside
    ? resolvePlace(world, { channelId: q.channelId || '0', context: outside }, defaults.guildId)
    : resolvePlace(
        world,
        { ...(q.guildId ? { guildId: q.guildId } : {}), ...(q.channelId ? { channelId: q.channelId } : {}) },
        defaults.guildId,
        nowMs,
      );
  if (typeof place === 'string') return place;
  const user = resolveUser(place, q.memberId || undefined, world);
  if (typeof user === 'string') return user;
  // The client's language: as asked, else the member's setting, else the service's default.
  const locale = q.locale || memberLocale(world, user.id, place.guild) || 'en-US';

  const guildId = place.guild?.id;
  const order = collator(locale);
  const commands = Object.values(world.commands)
    .filter((c) => c.application_id === appId && (c.guild_id === undefined || c.guild_id === guildId))
    .map((c): PickerCommand => {
      const name = shown(c.name, c.name_localizations, locale);
      return {
        id: c.id,
        type: c.type,
        scope: c.guild_id === undefined ? 'global' : 'guild',
        guildId: c.guild_id,
        name: name.text,
        description: shown(c.description, c.description_localizations, locale).text,
        defaultName: c.name,
        localized: name.localized,
        options: (c.options ?? []).map((o) => pickerOption(o, locale)),
        nsfw: c.nsfw === true,
        contexts: c.contexts ?? null,
        integrationTypes: c.integration_types ?? [],
        defaultMemberPermissions: c.default_member_permissions ?? null,
        access: access(world, place, c, user),
      };
    })
    .sort(
      (a, b) =>
        (GROUP[a.type] ?? 3) - (GROUP[b.type] ?? 3) || order.compare(a.name, b.name) || compareSnowflakes(a.id, b.id),
    );
  return {
    applicationId: appId,
    ...(guildId ? { guildId } : {}),
    channelId: place.channel.id,
    memberId: user.id,
    locale,
    commands,
  };
}

/** `GET /view/commands?application_id=&guild_id=&channel_id=&member_id=&locale=&context=`: the picker, or 400 saying what is wrong. */
export function viewCommands(
  world: World,
  query: URLSearchParams,
  defaults: { applicationId: string; guildId: string },
  nowMs?: number,
): { status: number; body: PickerAnswer | { message: string } } {
  const get = (k: string) => query.get(k) ?? undefined;
  const picker = commandPicker(
    world,
    {
      applicationId: get('application_id'),
      guildId: get('guild_id'),
      channelId: get('channel_id'),
      memberId: get('member_id'),
      locale: get('locale'),
      ...(get('context') === 'bot-dm' || get('context') === 'private-channel'
        ? { context: get('context') as PlaceKind }
        : {}),
    },
    defaults,
    nowMs,
  );
  return typeof picker === 'string' ? { status: 400, body: { message: picker } } : { status: 200, body: picker };
}
