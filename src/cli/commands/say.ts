/**
 * `cmdsync say CHANNEL TEXT --user MEMBER`: a member posts a message on a
 * running emulator, which bots see as MESSAGE_CREATE; prints the message as
 * the channel holds it, or the service's refusal (exit 1). The channel and
 * the member are ids or names (`general`, `@bob`), which the emulator
 * resolves as it does for `invoke`.
 */
import { say, type SayOutcome } from '../../api/messages.js';
import { UsageError } from '../../errors.js';
import type { CliContext } from '../context.js';
import { emulatorTarget } from './component-run.js';
import { refFlag } from './member-flags.js';

export interface SayCliOptions {
  channelId: string;
  text: string;
  user?: string;
  json: boolean;
  apiUrl?: string;
}

function render(outcome: SayOutcome): string {
  if (outcome.outcome === 'refused')
    return `refused: ${outcome.message}${outcome.code !== undefined ? ` (${outcome.code})` : ''}\n`;
  const m = outcome.message as { id?: string; content?: string; author?: { username?: string } };
  return `${m.author?.username ?? 'member'} said (message ${m.id}):\n  ${String(m.content ?? '').replace(/\n/g, '\n  ')}\n`;
}

export async function runSay(opts: SayCliOptions, ctx: CliContext): Promise<number> {
  refFlag(opts.channelId, 'CHANNEL');
  if (opts.user === undefined) throw new UsageError('say needs --user ID|NAME: the member who posts');
  refFlag(opts.user, '--user');
  const target = emulatorTarget({ json: opts.json, apiUrl: opts.apiUrl }, ctx, 'say');
  const outcome = await say({ channelId: opts.channelId, userId: opts.user, content: opts.text }, target);
  if (opts.json) ctx.stdout.write(`${JSON.stringify(outcome, null, 2)}\n`);
  else (outcome.outcome === 'posted' ? ctx.stdout : ctx.stderr).write(render(outcome));
  return outcome.outcome === 'posted' ? 0 : 1;
}
