/**
 * What `click`, `select` and `submit-modal` share: the running emulator they
 * talk to (as `invoke` finds it), the checks of their common flags, and the
 * printing of the outcome. Exit 0 when the bot answered, 1 otherwise (as
 * `invoke`).
 */
import { UsageError } from '../../errors.js';
import type { ComponentOutcome } from '../../emulator/index.js';
import type { RemoteTarget } from '../../api/invoke.js';
import type { CliContext } from '../context.js';
import { componentJson, renderComponentOutcome, useHint } from './component-render.js';
import { localeFlag, refFlag, waitFlag } from './member-flags.js';
import { userOf } from './invoke-render.js';

export interface MemberCliOptions {
  user?: string;
  locale?: string;
  wait?: string;
  json: boolean;
  apiUrl?: string;
}

/** The running emulator, from --api-url or CMDSYNC_API_URL and CMDSYNC_EMULATOR_CONTROL_TOKEN. */
export function emulatorTarget(opts: MemberCliOptions, ctx: CliContext, command: string): RemoteTarget {
  const apiUrl = opts.apiUrl ?? ctx.env.CMDSYNC_API_URL?.trim();
  const controlToken = ctx.env.CMDSYNC_EMULATOR_CONTROL_TOKEN?.trim();
  if (!apiUrl)
    throw new UsageError(
      `${command} talks to a running emulator: start \`cmdsync emulator\` and set CMDSYNC_API_URL and CMDSYNC_EMULATOR_CONTROL_TOKEN to what it prints`,
    );
  if (!controlToken)
    throw new UsageError('set CMDSYNC_EMULATOR_CONTROL_TOKEN to the control token `cmdsync emulator` printed');
  try {
    new URL(apiUrl);
  } catch {
    throw new UsageError(`CMDSYNC_API_URL is not a URL: ${JSON.stringify(apiUrl)}`);
  }
  return { apiUrl, controlToken };
}

/** The request fields every member action takes: who, in which language, how long to wait. */
export function memberFields(opts: MemberCliOptions): { userId?: string; locale?: string; waitSeconds?: number } {
  refFlag(opts.user, '--user');
  localeFlag(opts.locale);
  const waitSeconds = waitFlag(opts.wait);
  return {
    userId: opts.user,
    locale: opts.locale,
    waitSeconds,
  };
}

/** Prints the outcome (an invalid request on stderr) and gives the exit code. */
export function printOutcome(outcome: ComponentOutcome, opts: MemberCliOptions, ctx: CliContext): number {
  if (opts.json) ctx.stdout.write(componentJson(outcome));
  else if (outcome.outcome === 'invalid') ctx.stderr.write(renderComponentOutcome(outcome));
  else ctx.stdout.write(renderComponentOutcome(outcome));
  if (!opts.json && outcome.outcome === 'answered') {
    const hint = useHint(outcome.original ?? outcome.followups.at(-1), userOf(outcome.interaction));
    if (hint) ctx.stderr.write(hint);
  }
  return outcome.outcome === 'answered' ? 0 : 1;
}
