/**
 * `cmdsync say CHANNEL_ID TEXT --user ID`: a member posts a message on a
 * running emulator, which bots see as MESSAGE_CREATE; prints the message as
 * the channel holds it, or the service's refusal (exit 1).
 */
import { say, type SayOutcome } from '../../api/messages.js';
import { UsageError } from '../../errors.js';
import { isSnowflake } from '../../wire/snowflake.js';
import type { CliContext } from '../context.js';
import { emulatorTarget } from './component-run.js';

export interface SayCliOptions {
  channelId: string;
  text: string;
  user?: string;
  json: boolean;
  apiUrl?: string;
}

function render(outcome: SayOutcome): string {
  if (outcome.outcome === 'refused') return `refused: ${outcome.message}${outcome.code !== undefined ? ` (${outcome.code})` : ''}\n`;
  const m = outcome.message as { id?: string; content?: string; author?: { username?: string } };
  return `${m.author?.username ?? 'member'} said (message ${m.id}):\n  ${String(m.content ?? '').replace(/\n/g, '\n  ')}\n`;
}

export async function runSay(opts: SayCliOptions, ctx: CliContext): Promise<number> {
  if (!isSnowflake(opts.channelId)) throw new UsageError(`CHANNEL_ID is a channel id (a snowflake), not ${JSON.stringify(opts.channelId)}`);
  if (opts.user === undefined) throw new UsageError('say needs --user ID: the member who posts');
  if (!isSnowflake(opts.user)) throw new UsageError(`--user takes a member's id (a snowflake), not ${JSON.stringify(opts.user)}`);
  const target = emulatorTarget({ json: opts.json, ...(opts.apiUrl !== undefined ? { apiUrl: opts.apiUrl } : {}) }, ctx, 'say');
  const outcome = await say({ channelId: opts.channelId, userId: opts.user, content: opts.text }, target);
  if (opts.json) ctx.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
  else (outcome.outcome === 'posted' ? ctx.stdout : ctx.stderr).write(render(outcome));
  return outcome.outcome === 'posted' ? 0 : 1;
}
