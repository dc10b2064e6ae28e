import { ButtonStyle, ComponentType, MessageFlag, SELECT_COMPONENT_TYPES } from '../enums.js';
import { isForumLike } from '../channels.js';
import { MESSAGE_FORMAT, type Limits } from '../limits.js';
import { textLength } from '../naming.js';
import { ApiErrors, prefixPath, problem, type ApiError, type Path, type Problem } from '../problem.js';
import { isSnowflake } from '../snowflake.js';
import { validateEmbeds } from './embed.js';
import { validateWebhookName } from './webhook-name.js';
import { checkArray, checkBoolean, checkText, describeValue, has, isObject, type Obj } from './values.js';

/**
 * Bodies of webhook messages: execute (POST /webhooks/{id}/{token}) and edit
 * (PATCH …/messages/{id}). Pure: the caller says what the webhook and its
 * channel are, and whether files came with the request.
 */

/** Flags an execute may set (facts §4.5). */
export const EXECUTE_FLAGS = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.SUPPRESS_NOTIFICATIONS | MessageFlag.IS_COMPONENTS_V2;
/** Flags an edit may set; IS_COMPONENTS_V2 can be set but never removed. */
export const EDIT_FLAGS = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.IS_COMPONENTS_V2;

/** Component types a non-application webhook may not send (they need an app to answer them). */
const SELECT_TYPES = SELECT_COMPONENT_TYPES;
/** Link buttons do not call the app back. */
const NON_INTERACTIVE_BUTTON_STYLES: readonly number[] = [ButtonStyle.LINK];

/** The service's literal messages for answers that are not 50035 trees (facts §13). */
export const MessageErrors = {
  empty: { code: 'MESSAGE_EMPTY', message: 'Cannot send an empty message' },
  forumNeedsThread: { code: 'FORUM_THREAD_REQUIRED', message: 'Webhooks posted to forum channels must have a thread_name or thread_id' },
  forumBothThread: { code: 'FORUM_THREAD_BOTH', message: 'Webhooks posted to forum channels cannot have both a thread_name and thread_id' },
  threadsOnlyInForum: { code: 'THREAD_NAME_OUTSIDE_FORUM', message: 'Webhooks can only create threads in forum channels' },
  legacyWithV2: (field: string): ApiError => ({
    code: 'MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2',
    message: `The '${field}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2`,
  }),
  // The three below are not in the facts; wording and codes are ours (docs/emulator-webhooks.md).
  removeV2: { code: 'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG', message: 'The IS_COMPONENTS_V2 flag cannot be removed once set' },
  interactiveComponents: {
    code: 'COMPONENT_INTERACTIVE_NOT_ALLOWED',
    message: 'Interactive components can only be sent by application-owned webhooks',
  },
  pollEdit: { code: 'POLL_EDIT_NOT_ALLOWED', message: 'Polls can only be added when editing a deferred interaction response' },
  mentionsExclusive: (kind: 'users' | 'roles'): ApiError => ({
    code: 'MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE',
    message: `parse:["${kind}"] and ${kind}: [ids...] are mutually exclusive.`,
  }),
} as const;

export const JsonCodes = { empty: 50006, forumNeedsThread: 220001, forumBothThread: 220002, threadsOnlyInForum: 220003 } as const;

// ---------------------------------------------------------------- query

const TRUE_WORDS = ['true', '1'];
const FALSE_WORDS = ['false', '0'];

/**
 * A boolean query parameter (`wait`, `with_components`): absent → fallback;
 * `true`/`false`/`1`/`0` in any case; anything else is BOOLEAN_TYPE_COERCE at [name].
 */
export function parseQueryBoolean(raw: string | null | undefined, name: string, fallback: boolean): { value: boolean; problems: Problem[] } {
  if (raw === null || raw === undefined) return { value: fallback, problems: [] };
  const lower = raw.toLowerCase();
  if (TRUE_WORDS.includes(lower)) return { value: true, problems: [] };
  if (FALSE_WORDS.includes(lower)) return { value: false, problems: [] };
  return {
    value: fallback,
    problems: [problem('query-boolean', [name], `Query parameter ${name} must be true or false, not ${JSON.stringify(raw)}.`, ApiErrors.boolean(raw))],
  };
}

/** A snowflake query parameter (`thread_id`): absent is fine. */
export function validateSnowflakeQuery(raw: string | null | undefined, name: string): Problem[] {
  if (raw === null || raw === undefined || isSnowflake(raw)) return [];
  return [problem('query-snowflake', [name], `Query parameter ${name} must be an id (digits), not ${JSON.stringify(raw)}.`, ApiErrors.snowflake(raw))];
}

// ---------------------------------------------------------------- pieces

/** Flags as an integer; bits outside `allowed` are dropped (with a warning), as the service is believed to do. */
export function effectiveFlags(flags: unknown, allowed: number): number {
  return typeof flags === 'number' && Number.isInteger(flags) && flags >= 0 ? flags & allowed : 0;
}

function checkFlags(out: Problem[], flags: unknown, allowed: number, what: string): void {
  if (flags === undefined || flags === null) return;
  if (typeof flags !== 'number' || !Number.isInteger(flags) || flags < 0) {
    out.push(problem('message-flags-type', ['flags'], `Flags must be a non-negative integer, not ${describeValue(flags)}.`, ApiErrors.integer(flags)));
    return;
  }
  const dropped = flags & ~allowed;
  if (dropped !== 0) {
    out.push({
      rule: 'message-flags-dropped',
      severity: 'warning',
      path: ['flags'],
      message: `Flag bits ${dropped} cannot be set on ${what} (only ${allowed} may be); the service drops them.`,
    });
  }
}

function isInteractive(c: Obj): boolean {
  if (c.type === ComponentType.BUTTON) return !NON_INTERACTIVE_BUTTON_STYLES.includes(c.style as number);
  return c.type === ComponentType.TEXT_INPUT || SELECT_TYPES.includes(c.type as number);
}

/** Paths of interactive components, searching rows, containers and section accessories. */
export function interactiveComponentPaths(components: readonly unknown[], base: Path = []): Path[] {
  const found: Path[] = [];
  components.forEach((c, i) => {
    if (!isObject(c)) return;
    const here = [...base, i];
    if (isInteractive(c)) found.push(here);
    if (Array.isArray(c.components)) found.push(...interactiveComponentPaths(c.components, [...here, 'components']));
    if (isObject(c.accessory) && isInteractive(c.accessory)) found.push([...here, 'accessory']);
  });
  return found;
}

function checkComponents(out: Problem[], components: unknown, respected: boolean, applicationOwned: boolean): unknown[] {
  const list = checkArray(out, components, ['components'], 'message-components-type', 'Components');
  if (!list) return [];
  list.forEach((c, i) => {
    if (!isObject(c) || typeof c.type !== 'number') {
      out.push(problem('message-components-type', ['components', i], `A component must be a mapping with a numeric type, not ${describeValue(c)}.`, ApiErrors.object()));
    }
  });
  if (list.length > 0 && !respected) {
    out.push({
      rule: 'message-components-ignored',
      severity: 'warning',
      path: ['components'],
      message: 'Components are ignored unless with_components=true is passed for a webhook no application owns.',
    });
    return [];
  }
  if (!applicationOwned) {
    for (const p of interactiveComponentPaths(list, ['components'])) {
      out.push(
        problem(
          'message-components-interactive',
          p,
          'Only application-owned webhooks may send interactive components (buttons other than links, selects, text inputs).',
          MessageErrors.interactiveComponents,
        ),
      );
    }
  }
  return list;
}

function checkAllowedMentions(out: Problem[], am: unknown): void {
  if (am === undefined || am === null) return;
  if (!isObject(am)) {
    out.push(problem('allowed-mentions-type', ['allowed_mentions'], `allowed_mentions must be a mapping, not ${describeValue(am)}.`, ApiErrors.object()));
    return;
  }
  const parse = checkArray(out, am.parse, ['allowed_mentions', 'parse'], 'allowed-mentions-type', 'allowed_mentions.parse') ?? [];
  const kinds = ['roles', 'users', 'everyone'];
  parse.forEach((k, i) => {
    if (typeof k !== 'string' || !kinds.includes(k)) {
      out.push(
        problem(
          'allowed-mentions-parse',
          ['allowed_mentions', 'parse', i],
          `allowed_mentions.parse holds ${describeValue(k)}; use roles, users or everyone.`,
          ApiErrors.choices(kinds),
        ),
      );
    }
  });
  for (const kind of ['users', 'roles'] as const) {
    const ids = checkArray(out, am[kind], ['allowed_mentions', kind], 'allowed-mentions-type', `allowed_mentions.${kind}`);
    if (!ids) continue;
    const max = MESSAGE_FORMAT.allowed_mention_ids_max;
    if (ids.length > max) out.push(problem('allowed-mentions-ids', ['allowed_mentions', kind], `allowed_mentions.${kind} holds at most ${max} ids.`, ApiErrors.maxLength(max)));
    ids.forEach((id, i) => {
      if (!isSnowflake(id)) out.push(problem('allowed-mentions-ids', ['allowed_mentions', kind, i], `${describeValue(id)} is not an id.`, ApiErrors.snowflake(id)));
    });
    if (parse.includes(kind) && ids.length > 0) {
      out.push(
        problem('allowed-mentions-exclusive', ['allowed_mentions', kind], `allowed_mentions cannot both parse ${kind} and list ${kind}.`, MessageErrors.mentionsExclusive(kind)),
      );
    }
  }
  checkBoolean(out, am.replied_user, ['allowed_mentions', 'replied_user'], 'allowed-mentions-type', 'allowed_mentions.replied_user');
}

function checkAttachments(out: Problem[], attachments: unknown): unknown[] {
  const max = MESSAGE_FORMAT.attachment_text_max;
  const list = checkArray(out, attachments, ['attachments'], 'message-attachments-type', 'Attachments') ?? [];
  list.forEach((a, i) => {
    if (!isObject(a)) {
      out.push(problem('message-attachments-type', ['attachments', i], `An attachment must be a mapping, not ${describeValue(a)}.`, ApiErrors.object()));
      return;
    }
    if (a.id === undefined || a.id === null)
      out.push(problem('message-attachments-type', ['attachments', i, 'id'], 'An attachment entry needs the id of the file it names.', ApiErrors.required()));
    else if (!(typeof a.id === 'number' && Number.isInteger(a.id)) && !(typeof a.id === 'string' && /^\d+$/.test(a.id))) {
      out.push(problem('message-attachments-type', ['attachments', i, 'id'], `Attachment id ${describeValue(a.id)} is not an id.`, ApiErrors.snowflake(a.id)));
    }
    checkText(out, a.filename, ['attachments', i, 'filename'], { rule: 'message-attachments-type', label: 'Attachment filename', min: 1, max, required: false });
    checkText(out, a.description, ['attachments', i, 'description'], { rule: 'message-attachments-type', label: 'Attachment description', min: 0, max, required: false });
  });
  return list;
}

function checkContent(out: Problem[], content: unknown, limits: Limits): void {
  if (content === undefined || content === null) return;
  if (typeof content !== 'string') {
    out.push(problem('message-content-type', ['content'], `Content must be a string, not ${describeValue(content)}.`, ApiErrors.string()));
    return;
  }
  const len = textLength(content);
  if (len > limits.message_content_max) {
    out.push(
      problem(
        'message-content-length',
        ['content'],
        `Content holds at most ${limits.message_content_max} characters (it has ${len}).`,
        ApiErrors.maxLength(limits.message_content_max),
      ),
    );
  }
}

function checkPoll(out: Problem[], poll: unknown): void {
  if (poll === undefined || poll === null) return;
  if (!isObject(poll)) {
    out.push(problem('message-poll-type', ['poll'], `A poll must be a mapping, not ${describeValue(poll)}.`, ApiErrors.object()));
    return;
  }
  if (!isObject(poll.question)) out.push(problem('message-poll-type', ['poll', 'question'], 'A poll needs a question.', ApiErrors.required()));
  if (!Array.isArray(poll.answers) || poll.answers.length === 0) out.push(problem('message-poll-type', ['poll', 'answers'], 'A poll needs answers.', ApiErrors.required()));
  else {
    poll.answers.forEach((a, i) => {
      if (!isObject(a)) out.push(problem('message-poll-type', ['poll', 'answers', i], `A poll answer must be a mapping, not ${describeValue(a)}.`, ApiErrors.object()));
      else if (!isObject(a.poll_media)) out.push(problem('message-poll-type', ['poll', 'answers', i, 'poll_media'], 'A poll answer needs poll_media.', ApiErrors.required()));
    });
  }
  // Hours the poll stays open: up to 32 days (the interface's poll object).
  if (poll.duration !== undefined && poll.duration !== null) {
    if (typeof poll.duration !== 'number' || !Number.isInteger(poll.duration)) {
      out.push(
        problem('message-poll-type', ['poll', 'duration'], `A poll duration is a whole number of hours, not ${describeValue(poll.duration)}.`, ApiErrors.integer(poll.duration)),
      );
    } else if (poll.duration < MESSAGE_FORMAT.poll_hours_min)
      out.push(
        problem('message-poll-duration', ['poll', 'duration'], `A poll lasts at least ${MESSAGE_FORMAT.poll_hours_min} hour.`, ApiErrors.numberMin(MESSAGE_FORMAT.poll_hours_min)),
      );
    else if (poll.duration > MESSAGE_FORMAT.poll_hours_max)
      out.push(
        problem('message-poll-duration', ['poll', 'duration'], `A poll lasts at most ${MESSAGE_FORMAT.poll_hours_max} hours.`, ApiErrors.numberMax(MESSAGE_FORMAT.poll_hours_max)),
      );
  }
}

function nonEmptyText(v: unknown): boolean {
  return typeof v === 'string' && v.trim().length > 0;
}
function nonEmptyList(v: unknown): boolean {
  return Array.isArray(v) && v.length > 0;
}

/** What a message holds after a request, to apply the emptiness and IS_COMPONENTS_V2 rules once. */
interface MessageState {
  content: boolean;
  embeds: boolean;
  /** Files uploaded now or kept from before. */
  files: boolean;
  filesField: 'files' | 'attachments';
  poll: boolean;
  components: boolean;
}

function checkState(out: Problem[], s: MessageState, v2: boolean): void {
  if (v2) {
    const legacy: Array<[boolean, string]> = [
      [s.content, 'content'],
      [s.embeds, 'embeds'],
      [s.files, s.filesField],
      [s.poll, 'poll'],
    ];
    for (const [present, field] of legacy) {
      if (present)
        out.push(
          problem(
            'message-components-v2-exclusive',
            [field],
            `With IS_COMPONENTS_V2 a message holds only components; remove or null '${field}'.`,
            MessageErrors.legacyWithV2(field),
          ),
        );
    }
  }
  if (!s.content && !s.embeds && !s.files && !s.poll && !s.components) {
    out.push({ ...problem('message-empty', [], 'A message needs content, embeds, components, files or a poll.', MessageErrors.empty), jsonCode: JsonCodes.empty });
  }
}

// ---------------------------------------------------------------- execute

export interface ExecuteRuleContext {
  limits: Limits;
  /** Type of the webhook's channel (not of the thread). */
  channelType: number;
  /** The `thread_id` query value, when given. */
  threadId?: string | null;
  /** Files came with the request (multipart `files[n]`). */
  hasFiles: boolean;
  /** The `with_components` query value. */
  withComponents: boolean;
  /** The webhook has an application_id: its components are always respected, interactive ones allowed. */
  applicationOwned: boolean;
  /** Tag ids of the forum or media channel; when given, applied_tags must name them. */
  availableTags?: readonly string[];
}

/** A message body as a mapping (absent counts as empty); anything else is reported. */
function messageBody(out: Problem[], body: unknown): Obj | undefined {
  if (body === undefined || body === null) return {};
  if (isObject(body)) return body;
  out.push(problem('message-body-type', [], `The body must be a mapping, not ${describeValue(body)}.`, ApiErrors.object()));
  return undefined;
}

/** Every rule of an execute body. Safe on arbitrary JSON. */
export function validateExecuteBody(body: unknown, ctx: ExecuteRuleContext): Problem[] {
  const out: Problem[] = [];
  const b = messageBody(out, body);
  if (!b) return out;
  const { limits } = ctx;
  checkContent(out, b.content, limits);
  out.push(...validateWebhookName(b.username, limits, { field: 'username', path: ['username'], optional: true }));
  if (has(b, 'avatar_url') && b.avatar_url !== null && typeof b.avatar_url !== 'string') {
    out.push(problem('message-avatar-url', ['avatar_url'], `avatar_url must be a string, not ${describeValue(b.avatar_url)}.`, ApiErrors.string()));
  }
  checkBoolean(out, b.tts, ['tts'], 'message-tts', 'tts');
  out.push(...prefixPath(['embeds'], validateEmbeds(b.embeds, limits)));
  checkAllowedMentions(out, b.allowed_mentions);
  const components = checkComponents(out, b.components, ctx.applicationOwned || ctx.withComponents, ctx.applicationOwned);
  const attachments = checkAttachments(out, b.attachments);
  checkPoll(out, b.poll);
  checkFlags(out, b.flags, EXECUTE_FLAGS, 'an execute');
  checkThreadFields(out, b, ctx);

  const v2 = (effectiveFlags(b.flags, EXECUTE_FLAGS) & MessageFlag.IS_COMPONENTS_V2) !== 0;
  void attachments; // partial attachments only describe files; they do not make a message non-empty
  checkState(
    out,
    {
      content: nonEmptyText(b.content),
      embeds: nonEmptyList(b.embeds),
      files: ctx.hasFiles,
      filesField: 'files',
      poll: isObject(b.poll),
      components: components.length > 0,
    },
    v2,
  );
  return out;
}

function checkThreadFields(out: Problem[], b: Obj, ctx: ExecuteRuleContext): void {
  const forum = isForumLike(ctx.channelType);
  const hasThreadId = ctx.threadId !== undefined && ctx.threadId !== null && ctx.threadId !== '';
  const hasThreadName = b.thread_name !== undefined && b.thread_name !== null;
  if (hasThreadName) {
    checkText(out, b.thread_name, ['thread_name'], { rule: 'thread-name-length', label: 'thread_name', min: 1, max: ctx.limits.thread_name_max, required: false });
  }
  if (forum && !hasThreadId && !hasThreadName) {
    out.push({
      ...problem('forum-thread-required', [], 'A forum or media channel needs thread_id (query) or thread_name (body).', MessageErrors.forumNeedsThread),
      jsonCode: JsonCodes.forumNeedsThread,
    });
  } else if (forum && hasThreadId && hasThreadName) {
    out.push({ ...problem('forum-thread-both', ['thread_name'], 'Give thread_id or thread_name, not both.', MessageErrors.forumBothThread), jsonCode: JsonCodes.forumBothThread });
  } else if (!forum && hasThreadName) {
    out.push({
      ...problem('thread-name-outside-forum', ['thread_name'], 'thread_name creates a post and needs a forum or media channel.', MessageErrors.threadsOnlyInForum),
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
        message: 'applied_tags only apply to a new post (thread_name) in a forum or media channel; they are ignored here.',
      });
    }
    return;
  }
  if (tags.length > ctx.limits.applied_tags_max) {
    out.push(problem('applied-tags-count', ['applied_tags'], `A post carries at most ${ctx.limits.applied_tags_max} tags.`, ApiErrors.maxLength(ctx.limits.applied_tags_max)));
  }
  tags.forEach((t, i) => {
    if (!isSnowflake(t)) out.push(problem('applied-tags-type', ['applied_tags', i], `${describeValue(t)} is not a tag id.`, ApiErrors.snowflake(t)));
    else if (ctx.availableTags && !ctx.availableTags.includes(t)) {
      out.push(problem('applied-tags-unknown', ['applied_tags', i], `Tag ${t} is not a tag of this channel.`, ApiErrors.choices(ctx.availableTags)));
    }
  });
}

// ---------------------------------------------------------------- edit

/** What the stored message holds before the edit. */
export interface PreviousMessageState {
  content: string;
  embeds: readonly unknown[];
  attachments: readonly unknown[];
  components: readonly unknown[];
  poll: unknown;
  flags: number;
}

export interface EditRuleContext {
  limits: Limits;
  previous: PreviousMessageState;
  hasFiles: boolean;
  withComponents: boolean;
  applicationOwned: boolean;
}

/** The flags a message carries after an edit: only SUPPRESS_EMBEDS toggles, IS_COMPONENTS_V2 only turns on. */
export function editedFlags(previous: number, requested: unknown): number {
  if (requested === undefined || requested === null) return previous;
  const wanted = effectiveFlags(requested, EDIT_FLAGS);
  return (previous & ~MessageFlag.SUPPRESS_EMBEDS) | wanted | (previous & MessageFlag.IS_COMPONENTS_V2);
}

/** Every rule of an edit body, judged against the message it changes. Safe on arbitrary JSON. */
export function validateEditMessageBody(body: unknown, ctx: EditRuleContext): Problem[] {
  const out: Problem[] = [];
  const b = messageBody(out, body);
  if (!b) return out;
  const { limits, previous } = ctx;
  checkContent(out, b.content, limits);
  out.push(...prefixPath(['embeds'], validateEmbeds(b.embeds, limits)));
  checkAllowedMentions(out, b.allowed_mentions);
  const respected = ctx.applicationOwned || ctx.withComponents;
  const components = checkComponents(out, b.components, respected, ctx.applicationOwned);
  const kept = checkAttachments(out, b.attachments);
  checkFlags(out, b.flags, EDIT_FLAGS, 'an edit');
  if (b.poll !== undefined && b.poll !== null) {
    out.push(problem('message-poll-edit', ['poll'], 'A webhook message edit cannot add a poll (only a deferred interaction response can).', MessageErrors.pollEdit));
  }
  const hadV2 = (previous.flags & MessageFlag.IS_COMPONENTS_V2) !== 0;
  if (hadV2 && b.flags !== undefined && b.flags !== null && (effectiveFlags(b.flags, EDIT_FLAGS) & MessageFlag.IS_COMPONENTS_V2) === 0) {
    out.push(problem('message-components-v2-permanent', ['flags'], 'IS_COMPONENTS_V2 cannot be removed from a message; keep the bit in flags.', MessageErrors.removeV2));
  }
  const v2 = (editedFlags(previous.flags, b.flags) & MessageFlag.IS_COMPONENTS_V2) !== 0;
  const pick = <T>(key: string, before: T): unknown => (has(b, key) ? b[key] : before);
  checkState(
    out,
    {
      content: nonEmptyText(pick('content', previous.content)),
      embeds: nonEmptyList(pick('embeds', previous.embeds)),
      files: ctx.hasFiles || (has(b, 'attachments') ? kept.length > 0 : previous.attachments.length > 0),
      filesField: ctx.hasFiles ? 'files' : 'attachments',
      // Edit parameters are nullable: `poll: null` removes the poll.
      poll: has(b, 'poll') ? isObject(b.poll) : previous.poll !== null && previous.poll !== undefined,
      components: has(b, 'components') && respected ? components.length > 0 : previous.components.length > 0,
    },
    v2,
  );
  return out;
}
