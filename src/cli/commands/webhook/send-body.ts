/**
 * The execute body `webhook send` builds from its flags and files. Pure
 * except for reading the files the flags name; validation is separate
 * (send.ts) so what is sent is exactly what was checked.
 */
import { UsageError } from '../../../errors.js';
import type { CliContext } from '../../context.js';
import { allowedMentionsFrom, colorFrom, flagsFrom, idFrom } from './flag-values.js';
import { readComponents, readEmbeds } from './input.js';
import type { Obj } from '../../../wire/rules/values.js';

export interface MessageFlagsInput {
  content?: string;
  /** `--embeds FILE` (JSON or YAML). */
  embeds?: string;
  embedTitle?: string;
  embedDescription?: string;
  embedColor?: string;
  embedUrl?: string;
  /** `--components FILE`. */
  components?: string;
  /** `--flag NAME`, repeatable. */
  flags: string[];
  /** `--allow-mentions users,roles,everyone`; default none. */
  allowMentions?: string;
}

export interface ExecuteFlagsInput extends MessageFlagsInput {
  username?: string;
  avatarUrl?: string;
  tts: boolean;
  threadName?: string;
  /** `--tag ID`, repeatable: applied_tags of the new post. */
  tags: string[];
}

/** One embed from `--embed-*`, or undefined when none of those flags is given. */
function embedFromFlags(o: MessageFlagsInput): Obj | undefined {
  const e: Obj = {};
  if (o.embedTitle !== undefined) e.title = o.embedTitle;
  if (o.embedDescription !== undefined) e.description = o.embedDescription;
  if (o.embedUrl !== undefined) e.url = o.embedUrl;
  if (o.embedColor !== undefined) e.color = colorFrom(o.embedColor);
  return Object.keys(e).length > 0 ? e : undefined;
}

/** `embeds` from `--embeds FILE` and/or `--embed-*` (the flag embed comes last). */
export function embedsFrom(o: MessageFlagsInput, ctx: CliContext): unknown {
  const fromFlags = embedFromFlags(o);
  const fromFile = o.embeds !== undefined ? readEmbeds(o.embeds, ctx) : undefined;
  if (fromFile === undefined) return fromFlags ? [fromFlags] : undefined;
  if (!fromFlags) return fromFile;
  // A malformed file is passed through untouched so the rules can point at it.
  return Array.isArray(fromFile) ? [...fromFile, fromFlags] : fromFile;
}

export const EXECUTE_FLAG_NAMES = ['suppress-embeds', 'suppress-notifications', 'components-v2'] as const;

export function buildExecuteBody(o: ExecuteFlagsInput, ctx: CliContext): Obj {
  if (o.tags.length > 0 && o.threadName === undefined)
    throw new UsageError('--tag applies to a new forum or media post: give --thread-name too.');
  const body: Obj = {};
  if (o.content !== undefined) body.content = o.content;
  if (o.username !== undefined) body.username = o.username;
  if (o.avatarUrl !== undefined) body.avatar_url = o.avatarUrl;
  if (o.tts) body.tts = true;
  const embeds = embedsFrom(o, ctx);
  if (embeds !== undefined) body.embeds = embeds;
  if (o.components !== undefined) body.components = readComponents(o.components, ctx);
  const flags = flagsFrom(o.flags, EXECUTE_FLAG_NAMES);
  if (flags !== undefined) body.flags = flags;
  body.allowed_mentions = allowedMentionsFrom(o.allowMentions);
  if (o.threadName !== undefined) body.thread_name = o.threadName;
  if (o.tags.length > 0) body.applied_tags = o.tags.map((t) => idFrom(t, '--tag'));
  return body;
}
