// A discord.js v14 gateway bot, written as any bot is written; only where it
// connects comes from the environment, so `cmdsync test` can point it at the
// emulator (and production at the real service):
//   DISCORD_TOKEN       the bot token
//   DISCORD_REST_BASE   the REST base without the version (discord.js adds /v10);
//                       unset: the real service. discord.js finds the gateway through
//                       GET /gateway/bot on this base, so CMDSYNC_GATEWAY_URL is not needed.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  TextInputBuilder,
  TextInputStyle,
} from 'discord.js';

const FRUITS = ['Apple', 'Banana', 'Blueberry', 'Cherry'];

const rest = process.env.DISCORD_REST_BASE ? { api: process.env.DISCORD_REST_BASE } : {};
const client = new Client({ intents: [GatewayIntentBits.Guilds], rest });

async function command(i) {
  switch (i.commandName) {
    case 'ping':
      return i.reply('pong');
    case 'report':
      // Slow work: defer (the member sees "thinking…"), then answer and follow up.
      await i.deferReply();
      await i.editReply('Report ready');
      return i.followUp('Page 2 of the report');
    case 'fruit':
      return i.reply(`You picked ${i.options.getString('name')}`);
    case 'ban':
      // Only members with BAN_MEMBERS see /ban (default_member_permissions in cmdsync.yaml).
      return i.reply(`Would ban ${i.options.getUser('who').username}`);
    case 'confirm': {
      const yes = new ButtonBuilder().setCustomId('confirm-yes').setLabel('Yes').setStyle(ButtonStyle.Success);
      return i.reply({ content: 'Sure?', components: [new ActionRowBuilder().addComponents(yes)] });
    }
    case 'feedback': {
      const text = new TextInputBuilder().setCustomId('text').setLabel('Your text').setStyle(TextInputStyle.Paragraph);
      return i.showModal(
        new ModalBuilder()
          .setCustomId('feedback')
          .setTitle('Feedback')
          .addComponents(new ActionRowBuilder().addComponents(text)),
      );
    }
  }
}

async function answer(i) {
  if (i.isAutocomplete()) {
    const typed = i.options.getFocused().toLowerCase();
    const choices = FRUITS.filter((f) => f.toLowerCase().startsWith(typed)).map((f) => ({
      name: f,
      value: f.toLowerCase(),
    }));
    return i.respond(choices);
  }
  if (i.isChatInputCommand()) return command(i);
  if (i.isButton() && i.customId === 'confirm-yes') return i.update({ content: 'Done', components: [] });
  if (i.isModalSubmit() && i.customId === 'feedback') {
    return i.reply({ content: `Thanks: ${i.fields.getTextInputValue('text')}`, flags: MessageFlags.Ephemeral });
  }
}

client.on(Events.InteractionCreate, (i) => {
  answer(i).catch((error) => console.error('interaction failed:', error));
});
client.once(Events.ClientReady, (c) => console.log(`ready as ${c.user.username}`));

process.on('SIGTERM', () => {
  client.destroy().finally(() => process.exit(0));
});

await client.login(process.env.DISCORD_TOKEN);
