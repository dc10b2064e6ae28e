/**
 * What a real bot sends: components and modals built with discord.js's own
 * builders (@discordjs/builders) pass the rules, so the emulator never
 * refuses a body the library makes; and what the builders let through but
 * the service refuses (a custom_id used twice) is refused.
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ChannelSelectMenuBuilder,
  ContainerBuilder,
  LabelBuilder,
  ModalBuilder,
  RoleSelectMenuBuilder,
  SectionBuilder,
  SeparatorBuilder,
  StringSelectMenuBuilder,
  TextDisplayBuilder,
  TextInputBuilder,
  UserSelectMenuBuilder,
} from '@discordjs/builders';
import { ButtonStyle, ChannelType, MessageFlags, TextInputStyle } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { checkMessageComponents, checkModalData } from '../../../src/wire/components/index.js';
import { errors } from './brief.js';

const app = { sender: 'application' } as const;

describe('bodies built with discord.js builders', () => {
  it('a confirm row, a string select and auto-populated selects pass', () => {
    const components = [
      new ActionRowBuilder().addComponents(
        new ButtonBuilder().setCustomId('confirm').setLabel('Confirm').setStyle(ButtonStyle.Success),
        new ButtonBuilder().setCustomId('cancel').setLabel('Cancel').setStyle(ButtonStyle.Secondary),
        new ButtonBuilder().setURL('https://discord.js.org').setLabel('Guide').setStyle(ButtonStyle.Link),
      ),
      new ActionRowBuilder().addComponents(
        new StringSelectMenuBuilder()
          .setCustomId('starter')
          .setPlaceholder('Make a selection!')
          .addOptions(
            { label: 'Bulbasaur', value: 'bulbasaur', description: 'The dual-type Grass/Poison Seed Pokémon.' },
            { label: 'Charmander', value: 'charmander' },
          ),
      ),
      new ActionRowBuilder().addComponents(
        new UserSelectMenuBuilder()
          .setCustomId('users')
          .setMinValues(1)
          .setMaxValues(10)
          .setDefaultUsers('140000000000000002'),
      ),
      new ActionRowBuilder().addComponents(new RoleSelectMenuBuilder().setCustomId('roles')),
      new ActionRowBuilder().addComponents(
        new ChannelSelectMenuBuilder().setCustomId('channels').setChannelTypes(ChannelType.GuildText),
      ),
    ].map((r) => r.toJSON());
    expect(errors(checkMessageComponents({ content: 'Pick', components }, app))).toEqual([]);
  });

  it('a components-v2 container with a section and a separator passes', () => {
    const container = new ContainerBuilder()
      .setAccentColor(0x0099ff)
      .addTextDisplayComponents(new TextDisplayBuilder().setContent('# Status'))
      .addSeparatorComponents(new SeparatorBuilder())
      .addSectionComponents(
        new SectionBuilder()
          .addTextDisplayComponents(new TextDisplayBuilder().setContent('All systems go'))
          .setButtonAccessory(
            new ButtonBuilder().setCustomId('details').setLabel('Details').setStyle(ButtonStyle.Primary),
          ),
      );
    expect(
      errors(checkMessageComponents({ flags: MessageFlags.IsComponentsV2, components: [container.toJSON()] }, app)),
    ).toEqual([]);
  });

  it('a modal with Labels and a legacy row passes', () => {
    const modal = new ModalBuilder()
      .setCustomId('feedback')
      .setTitle('Feedback')
      .addLabelComponents(
        new LabelBuilder()
          .setLabel('What went well?')
          .setTextInputComponent(
            new TextInputBuilder().setCustomId('good').setStyle(TextInputStyle.Paragraph).setMaxLength(500),
          ),
        new LabelBuilder()
          .setLabel('Favourite')
          .setStringSelectMenuComponent(
            new StringSelectMenuBuilder()
              .setCustomId('fav')
              .addOptions({ label: 'A', value: 'a' }, { label: 'B', value: 'b' }),
          ),
      );
    expect(errors(checkModalData(modal.toJSON()))).toEqual([]);
  });

  it('what the builders let through and the service refuses: the same custom_id twice', () => {
    const row = new ActionRowBuilder().addComponents(
      new ButtonBuilder().setCustomId('same').setLabel('A').setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId('same').setLabel('B').setStyle(ButtonStyle.Primary),
    );
    expect(errors(checkMessageComponents({ components: [row.toJSON()] }, app))).toEqual([
      {
        path: 'components.0.components.1.custom_id',
        code: 'COMPONENT_CUSTOM_ID_DUPLICATED',
        message: 'Component custom id was already specified',
      },
    ]);
  });
});
