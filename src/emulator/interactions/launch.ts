/**
 * The message the service posts in the channel when a user launches an
 * Activity through an entry point command with handler 2
 * (DISCORD_LAUNCH_ACTIVITY, facts §7, §9.2): nothing reaches the app; the
 * channel shows who launched what.
 */
import { botUserObject } from '../../wire/bot-user.js';
import type { Snowflake } from '../../wire/snowflake.js';
import { userObject } from '../../wire/interactions/payload.js';
import { InteractionType } from '../../wire/interactions/payload.js';
import { MessageType } from '../../wire/enums.js';
import type { Application, StoredCommand } from '../state/world.js';
import type { Obj } from '../../wire/rules/values.js';

export interface LaunchFacts {
  id: Snowflake;
  nowMs: number;
  app: Application;
  command: StoredCommand;
  user: { id: Snowflake; username: string };
  channelId: Snowflake;
  guildId?: Snowflake;
  interactionId: Snowflake;
  owners: Record<string, string>;
}

export function launchMessage(f: LaunchFacts): Obj {
  return {
    id: f.id,
    type: MessageType.CHAT_INPUT_COMMAND,
    channel_id: f.channelId,
    ...(f.guildId ? { guild_id: f.guildId } : {}),
    author: botUserObject({ id: f.app.botUserId, username: f.app.name }),
    content: `${f.user.username} started ${f.app.name}`,
    timestamp: new Date(f.nowMs).toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    components: [],
    pinned: false,
    flags: 0,
    application_id: f.app.id,
    interaction_metadata: {
      id: f.interactionId,
      type: InteractionType.APPLICATION_COMMAND,
      user: userObject(f.user),
      authorizing_integration_owners: f.owners,
      name: f.command.name,
      command_type: f.command.type,
    },
    activity: { type: 'launch' },
  };
}
