/**
 * The bot user of an application as the service shows it to everyone else:
 * as a message's author, an interaction answer's, a reacting user. Bot users
 * kept their 4-digit discriminators when people moved to unique usernames
 * (components-messages-gateway facts §6.2), so theirs is never the people's "0".
 */
import type { Obj } from './rules/values.js';

export const BOT_DISCRIMINATOR = '0000';

/** The public user object of a bot user (no account settings: those are /users/@me's). */
export function botUserObject(bot: { id: string; username: string }): Obj {
  return {
    id: bot.id,
    username: bot.username,
    avatar: null,
    discriminator: BOT_DISCRIMINATOR,
    bot: true,
    global_name: null,
    public_flags: 0,
    flags: 0,
  };
}
