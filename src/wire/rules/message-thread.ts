import { isForumLike } from '../channels.js';
import type { Limits } from '../limits.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isSnowflake } from '../snowflake.js';
import { JsonCodes, MessageErrors } from './message-errors.js';
import { checkArray, checkText, describeValue, type Obj } from './values.js';

/** What an execute's thread fields are judged against. */
export interface ThreadRuleContext {
  limits: Limits;
  /** Type of the webhook's channel (not of the thread). */
  channelType: number;
  /** The `thread_id` query value, when given. */
  threadId?: string | null;
  /** Tag ids of the forum or media channel; when given, applied_tags must name them. */
  availableTags?: readonly string[];
}

/** thread_name (with the thread_id query) and applied_tags of an execute: posts only in forum or media channels. */
export function checkThreadFields(out: Problem[], b: Obj, ctx: ThreadRuleContext): void {
  const forum = isForumLike(ctx.channelType);
  const hasThreadId = ctx.threadId !== undefined && ctx.threadId !== null && ctx.threadId !== '';
  const hasThreadName = b.thread_name !== undefined && b.thread_name !== null;
  if (hasThreadName) {
    checkText(out, b.thread_name, ['thread_name'], {
      rule: 'thread-name-length',
      label: 'thread_name',
      min: 1,
      max: ctx.limits.thread_name_max,
      required: false,
    });
  }
  if (forum && !hasThreadId && !hasThreadName) {
    out.push({
      ...problem(
        'forum-thread-required',
        [],
        'A forum or media channel needs thread_id (query) or thread_name (body).',
        MessageErrors.forumNeedsThread,
      ),
      jsonCode: JsonCodes.forumNeedsThread,
    });
  } else if (forum && hasThreadId && hasThreadName) {
    out.push({
      ...problem(
        'forum-thread-both',
        ['thread_name'],
        'Give thread_id or thread_name, not both.',
        MessageErrors.forumBothThread,
      ),
      jsonCode: JsonCodes.forumBothThread,
    });
  } else if (!forum && hasThreadName) {
    out.push({
      ...problem(
        'thread-name-outside-forum',
        ['thread_name'],
        'thread_name creates a post and needs a forum or media channel.',
        MessageErrors.threadsOnlyInForum,
      ),
      jsonCode: JsonCodes.threadsOnlyInForum,
    });
  }
  const tags = checkArray(out, b.applied_tags, ['applied_tags'], 'applied-tags-type', 'applied_tags');
  if (!tags) return;
  if (!forum || !hasThreadName) {
    if (tags.length > 0) {
      out.push({
        rule: 'applied-tags-ignored',
        severity: 'warning',
        path: ['applied_tags'],
        message:
          'applied_tags only apply to a new post (thread_name) in a forum or media channel; they are ignored here.',
      });
    }
    return;
  }
  if (tags.length > ctx.limits.applied_tags_max) {
    out.push(
      problem(
        'applied-tags-count',
        ['applied_tags'],
        `A post carries at most ${ctx.limits.applied_tags_max} tags.`,
        ApiErrors.maxLength(ctx.limits.applied_tags_max),
      ),
    );
  }
  tags.forEach((t, i) => {
    if (!isSnowflake(t))
      out.push(
        problem(
          'applied-tags-type',
          ['applied_tags', i],
          `${describeValue(t)} is not a tag id.`,
          ApiErrors.snowflake(t),
        ),
      );
    else if (ctx.availableTags && !ctx.availableTags.includes(t)) {
      out.push(
        problem(
          'applied-tags-unknown',
          ['applied_tags', i],
          `Tag ${t} is not a tag of this channel.`,
          ApiErrors.choices(ctx.availableTags),
        ),
      );
    }
  });
}
