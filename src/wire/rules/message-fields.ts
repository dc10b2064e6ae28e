import { MESSAGE_FORMAT, type Limits } from '../limits.js';
import { textLength } from '../naming.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { checkArray, checkText, describeValue, isObject } from './values.js';

/** Content, attachment entries and poll of a webhook message, each judged alone. */

export function checkAttachments(out: Problem[], attachments: unknown): unknown[] {
  const max = MESSAGE_FORMAT.attachment_text_max;
  const list = checkArray(out, attachments, ['attachments'], 'message-attachments-type', 'Attachments') ?? [];
  list.forEach((a, i) => {
    if (!isObject(a)) {
      out.push(
        problem(
          'message-attachments-type',
          ['attachments', i],
          `An attachment must be a mapping, not ${describeValue(a)}.`,
          ApiErrors.object(),
        ),
      );
      return;
    }
    if (a.id === undefined || a.id === null)
      out.push(
        problem(
          'message-attachments-type',
          ['attachments', i, 'id'],
          'An attachment entry needs the id of the file it names.',
          ApiErrors.required(),
        ),
      );
    else if (
      !(typeof a.id === 'number' && Number.isInteger(a.id)) &&
      !(typeof a.id === 'string' && /^\d+$/.test(a.id))
    ) {
      out.push(
        problem(
          'message-attachments-type',
          ['attachments', i, 'id'],
          `Attachment id ${describeValue(a.id)} is not an id.`,
          ApiErrors.snowflake(a.id),
        ),
      );
    }
    checkText(out, a.filename, ['attachments', i, 'filename'], {
      rule: 'message-attachments-type',
      label: 'Attachment filename',
      min: 1,
      max,
      required: false,
    });
    checkText(out, a.description, ['attachments', i, 'description'], {
      rule: 'message-attachments-type',
      label: 'Attachment description',
      min: 0,
      max,
      required: false,
    });
  });
  return list;
}

export function checkContent(out: Problem[], content: unknown, limits: Limits): void {
  if (content === undefined || content === null) return;
  if (typeof content !== 'string') {
    out.push(
      problem(
        'message-content-type',
        ['content'],
        `Content must be a string, not ${describeValue(content)}.`,
        ApiErrors.string(),
      ),
    );
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

export function checkPoll(out: Problem[], poll: unknown): void {
  if (poll === undefined || poll === null) return;
  if (!isObject(poll)) {
    out.push(
      problem(
        'message-poll-type',
        ['poll'],
        `A poll must be a mapping, not ${describeValue(poll)}.`,
        ApiErrors.object(),
      ),
    );
    return;
  }
  if (!isObject(poll.question))
    out.push(problem('message-poll-type', ['poll', 'question'], 'A poll needs a question.', ApiErrors.required()));
  if (!Array.isArray(poll.answers) || poll.answers.length === 0)
    out.push(problem('message-poll-type', ['poll', 'answers'], 'A poll needs answers.', ApiErrors.required()));
  else {
    poll.answers.forEach((a, i) => {
      if (!isObject(a))
        out.push(
          problem(
            'message-poll-type',
            ['poll', 'answers', i],
            `A poll answer must be a mapping, not ${describeValue(a)}.`,
            ApiErrors.object(),
          ),
        );
      else if (!isObject(a.poll_media))
        out.push(
          problem(
            'message-poll-type',
            ['poll', 'answers', i, 'poll_media'],
            'A poll answer needs poll_media.',
            ApiErrors.required(),
          ),
        );
    });
  }
  // Hours the poll stays open: up to 32 days (the interface's poll object).
  if (poll.duration !== undefined && poll.duration !== null) {
    if (typeof poll.duration !== 'number' || !Number.isInteger(poll.duration)) {
      out.push(
        problem(
          'message-poll-type',
          ['poll', 'duration'],
          `A poll duration is a whole number of hours, not ${describeValue(poll.duration)}.`,
          ApiErrors.integer(poll.duration),
        ),
      );
    } else if (poll.duration < MESSAGE_FORMAT.poll_hours_min)
      out.push(
        problem(
          'message-poll-duration',
          ['poll', 'duration'],
          `A poll lasts at least ${MESSAGE_FORMAT.poll_hours_min} hour.`,
          ApiErrors.numberMin(MESSAGE_FORMAT.poll_hours_min),
        ),
      );
    else if (poll.duration > MESSAGE_FORMAT.poll_hours_max)
      out.push(
        problem(
          'message-poll-duration',
          ['poll', 'duration'],
          `A poll lasts at most ${MESSAGE_FORMAT.poll_hours_max} hours.`,
          ApiErrors.numberMax(MESSAGE_FORMAT.poll_hours_max),
        ),
      );
  }
}
