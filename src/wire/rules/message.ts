import { MessageFlag } from '../enums.js';
import type { Limits } from '../limits.js';
import { ApiErrors, prefixPath, problem, type Problem } from '../problem.js';
import { checkAllowedMentions } from './allowed-mentions.js';
import { validateEmbeds } from './embed.js';
import { checkComponents } from './message-components.js';
import { JsonCodes, MessageErrors } from './message-errors.js';
import { checkAttachments, checkContent, checkPoll } from './message-fields.js';
import { checkFlags, EDIT_FLAGS, editedFlags, effectiveFlags, EXECUTE_FLAGS } from './message-flags.js';
import { checkThreadFields, type ThreadRuleContext } from './message-thread.js';
import { validateWebhookName } from './webhook-name.js';
import { checkBoolean, describeValue, has, isObject, type Obj } from './values.js';

/**
 * Bodies of webhook messages: execute (POST /webhooks/{id}/{token}) and edit
 * (PATCH …/messages/{id}). Pure: the caller says what the webhook and its
 * channel are, and whether files came with the request.
 */

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
    out.push({
      ...problem(
        'message-empty',
        [],
        'A message needs content, embeds, components, files or a poll.',
        MessageErrors.empty,
      ),
      jsonCode: JsonCodes.empty,
    });
  }
}

export interface ExecuteRuleContext extends ThreadRuleContext {
  /** Files came with the request (multipart `files[n]`). */
  hasFiles: boolean;
  /** The `with_components` query value. */
  withComponents: boolean;
  /** The webhook has an application_id: its components are always respected, interactive ones allowed. */
  applicationOwned: boolean;
}

/** A message body as a mapping (absent counts as empty); anything else is reported. */
function messageBody(out: Problem[], body: unknown): Obj | undefined {
  if (body === undefined || body === null) return {};
  if (isObject(body)) return body;
  out.push(
    problem('message-body-type', [], `The body must be a mapping, not ${describeValue(body)}.`, ApiErrors.object()),
  );
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
    out.push(
      problem(
        'message-avatar-url',
        ['avatar_url'],
        `avatar_url must be a string, not ${describeValue(b.avatar_url)}.`,
        ApiErrors.string(),
      ),
    );
  }
  checkBoolean(out, b.tts, ['tts'], 'message-tts', 'tts');
  out.push(...prefixPath(['embeds'], validateEmbeds(b.embeds, limits)));
  checkAllowedMentions(out, b.allowed_mentions);
  const components = checkComponents(out, b, {
    sender: ctx.applicationOwned ? 'application-webhook' : 'webhook',
    withComponents: ctx.withComponents,
  });
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
  const components = checkComponents(out, b, {
    sender: ctx.applicationOwned ? 'application-webhook' : 'webhook',
    withComponents: ctx.withComponents,
    previousFlags: previous.flags,
  });
  const kept = checkAttachments(out, b.attachments);
  checkFlags(out, b.flags, EDIT_FLAGS, 'an edit');
  if (b.poll !== undefined && b.poll !== null) {
    out.push(
      problem(
        'message-poll-edit',
        ['poll'],
        'A webhook message edit cannot add a poll (only a deferred interaction response can).',
        MessageErrors.pollEdit,
      ),
    );
  }
  const hadV2 = (previous.flags & MessageFlag.IS_COMPONENTS_V2) !== 0;
  if (
    hadV2 &&
    b.flags !== undefined &&
    b.flags !== null &&
    (effectiveFlags(b.flags, EDIT_FLAGS) & MessageFlag.IS_COMPONENTS_V2) === 0
  ) {
    out.push(
      problem(
        'message-components-v2-permanent',
        ['flags'],
        'IS_COMPONENTS_V2 cannot be removed from a message; keep the bit in flags.',
        MessageErrors.removeV2,
      ),
    );
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
