/**
 * What a bot may do in a DM with a user. A DM has no guild, roles or
 * overwrites: its permissions are one fixed set, the text permissions less
 * what needs a guild's moderator (TTS, MANAGE_MESSAGES, threads), as
 * discord.py 2.2 `Permissions._dm_permissions` computes them for a
 * `DMChannel`. So a bot sends, reads history, reacts, embeds and attaches, and
 * deletes only its own messages.
 */
import { Permission as P } from '../permissions.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isObject } from '../rules/values.js';
import { isSnowflake, type Snowflake } from '../snowflake.js';

export const DM_PERMISSIONS: bigint =
  P.VIEW_CHANNEL |
  P.ADD_REACTIONS |
  P.SEND_MESSAGES |
  P.EMBED_LINKS |
  P.ATTACH_FILES |
  P.READ_MESSAGE_HISTORY |
  P.MENTION_EVERYONE |
  P.USE_EXTERNAL_EMOJIS |
  P.USE_APPLICATION_COMMANDS |
  P.USE_EXTERNAL_STICKERS;

/** POST /users/@me/channels: `recipient_id`, a snowflake (50035 otherwise). */
export function parseDmBody(body: unknown): { recipientId: Snowflake } | Problem[] {
  const id = isObject(body) ? body.recipient_id : undefined;
  if (id === undefined || id === null)
    return [problem('dm-recipient', ['recipient_id'], 'recipient_id is required.', ApiErrors.required())];
  if ((typeof id !== 'string' && typeof id !== 'number') || !isSnowflake(String(id)))
    return [problem('dm-recipient', ['recipient_id'], 'recipient_id must be a user id.', ApiErrors.snowflake(id))];
  return { recipientId: String(id) };
}
