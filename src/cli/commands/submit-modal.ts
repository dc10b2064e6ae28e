/**
 * `cmdsync submit-modal --user ID FIELD=VALUE...`: a member submits the
 * modal they have open, each field named by its custom_id or label; prints
 * what the member sees afterwards.
 */
import { submitModal } from '../../api/components.js';
import { UsageError } from '../../errors.js';
import type { CliContext } from '../context.js';
import { emulatorTarget, memberFields, printOutcome, type MemberCliOptions } from './component-run.js';

/** `FIELD=VALUE` words into a mapping; the first `=` splits (values may hold more). */
export function fieldsOf(words: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const w of words) {
    const at = w.indexOf('=');
    if (at <= 0)
      throw new UsageError(
        `each field is FIELD=VALUE (FIELD: the input's custom_id or label), not ${JSON.stringify(w)}`,
      );
    const name = w.slice(0, at);
    if (Object.hasOwn(fields, name)) throw new UsageError(`field ${JSON.stringify(name)} is given twice`);
    fields[name] = w.slice(at + 1);
  }
  return fields;
}

export async function runSubmitModal(
  opts: MemberCliOptions & { fields: string[]; application?: string },
  ctx: CliContext,
): Promise<number> {
  if (opts.user === undefined)
    throw new UsageError('submit-modal needs --user: the member whose open modal is submitted');
  const member = memberFields(opts);
  const request = {
    ...member,
    userId: member.userId!,
    fields: fieldsOf(opts.fields),
    ...(opts.application !== undefined ? { applicationId: opts.application } : {}),
  };
  return printOutcome(await submitModal(request, emulatorTarget(opts, ctx, 'submit-modal')), opts, ctx);
}
