/**
 * `cmdsync click MESSAGE_ID BUTTON --user ID`: a member clicks a button (its
 * custom_id or label) on a message the emulator holds; prints what the
 * member sees afterwards.
 */
import { click } from '../../api/components.js';
import { UsageError } from '../../errors.js';
import { isSnowflake } from '../../wire/snowflake.js';
import type { CliContext } from '../context.js';
import { emulatorTarget, memberFields, printOutcome, type MemberCliOptions } from './component-run.js';

export function checkMessageId(messageId: string): string {
  if (!isSnowflake(messageId))
    throw new UsageError(`MESSAGE_ID is a message id (a snowflake), not ${JSON.stringify(messageId)}`);
  return messageId;
}

export async function runClick(
  opts: MemberCliOptions & { messageId: string; button: string },
  ctx: CliContext,
): Promise<number> {
  const request = { messageId: checkMessageId(opts.messageId), button: opts.button, ...memberFields(opts) };
  return printOutcome(await click(request, emulatorTarget(opts, ctx, 'click')), opts, ctx);
}
