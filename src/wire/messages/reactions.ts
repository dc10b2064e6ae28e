/**
 * Reactions (facts §5.2): the emoji in the path, URL-decoded, is a Unicode
 * emoji or a custom one as `name:id`; anything else is Unknown Emoji (10014).
 * A message carries at most MAX_REACTIONS_PER_MESSAGE distinct emoji. Pure.
 */
import { isSnowflake } from '../snowflake.js';

export type ReactionEmoji = { kind: 'unicode'; name: string } | { kind: 'custom'; name: string; id: string };

const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const CUSTOM = /^a?:?([A-Za-z0-9_]{2,32}):(\d+)$/;

export function parseReactionEmoji(text: string): ReactionEmoji | undefined {
  const custom = CUSTOM.exec(text);
  if (custom && isSnowflake(custom[2])) return { kind: 'custom', name: custom[1]!, id: custom[2]! };
  // One emoji, perhaps with modifiers and joiners: short, pictographic, no ASCII words.
  if (text.length > 0 && text.length <= 32 && PICTOGRAPH.test(text) && !/[A-Za-z:]/.test(text))
    return { kind: 'unicode', name: text };
  return undefined;
}

/** The key a reaction is stored under: the name, or `name:id`. */
export function reactionKey(e: ReactionEmoji): string {
  return e.kind === 'custom' ? `${e.name}:${e.id}` : e.name;
}

/** GET …/reactions/{emoji} (who reacted): `limit` 1-100 (default 25), `after` a user id; users lowest id first. */
export const REACTION_USERS_PAGE = { default: 25, min: 1, max: 100 } as const;
