import { MESSAGE_FORMAT } from '../limits.js';
import { ApiErrors, problem, type Problem } from '../problem.js';
import { isSnowflake } from '../snowflake.js';
import { MessageErrors } from './message-errors.js';
import { checkArray, checkBoolean, describeValue, isObject } from './values.js';

/** The allowed_mentions of a webhook message. */
export function checkAllowedMentions(out: Problem[], am: unknown): void {
  if (am === undefined || am === null) return;
  if (!isObject(am)) {
    out.push(
      problem(
        'allowed-mentions-type',
        ['allowed_mentions'],
        `allowed_mentions must be a mapping, not ${describeValue(am)}.`,
        ApiErrors.object(),
      ),
    );
    return;
  }
  const parse =
    checkArray(out, am.parse, ['allowed_mentions', 'parse'], 'allowed-mentions-type', 'allowed_mentions.parse') ?? [];
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
    const ids = checkArray(
      out,
      am[kind],
      ['allowed_mentions', kind],
      'allowed-mentions-type',
      `allowed_mentions.${kind}`,
    );
    if (!ids) continue;
    const max = MESSAGE_FORMAT.allowed_mention_ids_max;
    if (ids.length > max)
      out.push(
        problem(
          'allowed-mentions-ids',
          ['allowed_mentions', kind],
          `allowed_mentions.${kind} holds at most ${max} ids.`,
          ApiErrors.maxLength(max),
        ),
      );
    ids.forEach((id, i) => {
      if (!isSnowflake(id))
        out.push(
          problem(
            'allowed-mentions-ids',
            ['allowed_mentions', kind, i],
            `${describeValue(id)} is not an id.`,
            ApiErrors.snowflake(id),
          ),
        );
    });
    if (parse.includes(kind) && ids.length > 0) {
      out.push(
        problem(
          'allowed-mentions-exclusive',
          ['allowed_mentions', kind],
          `allowed_mentions cannot both parse ${kind} and list ${kind}.`,
          MessageErrors.mentionsExclusive(kind),
        ),
      );
    }
  }
  checkBoolean(
    out,
    am.replied_user,
    ['allowed_mentions', 'replied_user'],
    'allowed-mentions-type',
    'allowed_mentions.replied_user',
  );
}
