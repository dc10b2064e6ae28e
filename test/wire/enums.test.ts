import {
  ApplicationCommandOptionType,
  ApplicationCommandPermissionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ChannelType as DChannelType,
  EntryPointCommandHandlerType,
  InteractionContextType,
  Locale,
  ButtonStyle as DButtonStyle,
  SeparatorSpacingSize as DSeparatorSpacing,
  TextInputStyle as DTextInputStyle,
  ComponentType as DComponentType,
  MessageFlags,
  MessageType as DMessageType,
  PollLayoutType as DPollLayoutType,
  PermissionFlagsBits,
  WebhookType as DWebhookType,
} from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import {
  ButtonStyle,
  ChannelType,
  CommandType,
  ComponentType,
  EntryPointHandler,
  IntegrationType,
  InteractionContext,
  MessageFlag,
  MessageType,
  OptionType,
  PollLayoutType,
  PermissionEntryType,
  SeparatorSpacing,
  TextInputStyle,
  WebhookType,
  enumValue,
} from '../../src/wire/enums.js';
import { LOCALES } from '../../src/wire/locales.js';
import { PERMISSION_BITS, permissionBit, permissionNames } from '../../src/wire/permissions.js';

/** Our tables are data we own (names for manifests, numbers for the wire); discord-api-types is the cross-check. */
function numericMembers(e: Record<string, string | number>): number[] {
  return Object.values(e)
    .filter((v): v is number => typeof v === 'number')
    .sort((a, b) => a - b);
}

describe('enum tables agree with discord-api-types', () => {
  it.each([
    ['command types', CommandType, ApplicationCommandType],
    ['option types', OptionType, ApplicationCommandOptionType],
    ['entry point handlers', EntryPointHandler, EntryPointCommandHandlerType],
    ['integration types', IntegrationType, ApplicationIntegrationType],
    ['interaction contexts', InteractionContext, InteractionContextType],
    ['permission entry types', PermissionEntryType, ApplicationCommandPermissionType],
    ['webhook types', WebhookType, DWebhookType],
    ['text input styles', TextInputStyle, DTextInputStyle],
    ['separator spacings', SeparatorSpacing, DSeparatorSpacing],
  ])('%s', (_name, ours, theirs) => {
    expect(Object.values(ours).sort((a, b) => a - b)).toEqual(
      numericMembers(theirs as unknown as Record<string, number>),
    );
  });

  it.each([
    ['channel types', ChannelType, DChannelType],
    ['component types', ComponentType, DComponentType],
    ['button styles', ButtonStyle, DButtonStyle],
    ['message types', MessageType, DMessageType],
    ['poll layouts', PollLayoutType, DPollLayoutType],
  ])('%s are a subset, each name with the same number', (_name, ours, theirs) => {
    const theirsByName = Object.fromEntries(
      Object.entries(theirs as unknown as Record<string, number>).map(([k, v]) => [
        k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase(),
        v,
      ]),
    );
    for (const [name, v] of Object.entries(ours)) expect(theirsByName[name], name).toBe(v);
  });

  it('channel types are a subset, with the same numbers', () => {
    const theirs = new Set(numericMembers(DChannelType as unknown as Record<string, number>));
    for (const v of Object.values(ChannelType)) expect(theirs.has(v)).toBe(true);
  });

  it('message flags used by webhooks have the same bits', () => {
    expect(MessageFlag.SUPPRESS_EMBEDS).toBe(MessageFlags.SuppressEmbeds);
    expect(MessageFlag.SUPPRESS_NOTIFICATIONS).toBe(MessageFlags.SuppressNotifications);
    expect(MessageFlag.IS_COMPONENTS_V2).toBe(MessageFlags.IsComponentsV2);
  });

  it('locales are the same 32', () => {
    expect([...LOCALES].sort()).toEqual(Object.values(Locale).sort());
  });

  it('every permission bit matches PermissionFlagsBits', () => {
    const theirs = PermissionFlagsBits as Record<string, bigint>;
    const pascal = (n: string): string =>
      n.toLowerCase().replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
    for (const [name, bit] of Object.entries(PERMISSION_BITS)) {
      const key = Object.keys(theirs).find((k) => k.toLowerCase() === pascal(name).toLowerCase());
      expect(key, name).toBeDefined();
      expect(theirs[key!], name).toBe(bit);
    }
  });
});

describe('manifest spellings', () => {
  it.each([
    [CommandType, 'message', 3],
    [CommandType, 'CHAT_INPUT', 1],
    [CommandType, 'slash', 1],
    [CommandType, 'primary-entry-point', 4],
    [OptionType, 'STRING', 3],
    [OptionType, 'subcommand_group', 2],
    [InteractionContext, 'bot_dm', 1],
    [InteractionContext, 'dm', 1],
    [IntegrationType, 'user_install', 1],
    [ChannelType, 'forum', 15],
    [ChannelType, 'DM', 1],
  ] as const)('%#: %s', (table, spelling, value) => {
    expect(enumValue(table, spelling)).toBe(value);
  });

  it('refuses names that are not in the table', () => {
    expect(enumValue(CommandType, 'mesage')).toBeUndefined();
    expect(enumValue(CommandType, 9)).toBeUndefined();
  });

  it('permission names round-trip through bits, above 2^31 too', () => {
    expect(permissionBit('manage-guild')).toBe(32n);
    expect(permissionBit('MANAGE_EMOJIS_AND_STICKERS')).toBe(1n << 30n);
    expect(permissionNames(String((1n << 40n) | 4n))).toEqual(['BAN_MEMBERS', 'MODERATE_MEMBERS']);
    expect(permissionNames(String(1n << 47n))).toEqual([String(1n << 47n)]);
  });
});
