/**
 * `cmdsync select MESSAGE_ID MENU VALUE... --user ID`: a member chooses
 * values in a select (its custom_id or placeholder): option values or
 * labels, or user, role and channel ids (or names); prints what the member
 * sees afterwards.
 */
import { select } from '../../api/components.js';
import type { CliContext } from '../context.js';
import { checkMessageId } from './click.js';
import { emulatorTarget, memberFields, printOutcome, type MemberCliOptions } from './component-run.js';

export async function runSelect(
  opts: MemberCliOptions & { messageId: string; menu: string; values: string[] },
  ctx: CliContext,
): Promise<number> {
  const request = {
    messageId: checkMessageId(opts.messageId),
    menu: opts.menu,
    values: opts.values,
    ...memberFields(opts),
  };
  return printOutcome(await select(request, emulatorTarget(opts, ctx, 'select')), opts, ctx);
}
