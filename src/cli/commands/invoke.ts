/**
 * `cmdsync invoke '/config logging enable channel:#1234' --guild ID --channel ID --user ID`:
 * has the emulator deliver a command to the bot as a user would, and prints
 * what the user would see. Exit 0 when the bot answered (or the service
 * launched the Activity itself), 1 otherwise.
 */
import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { CmdsyncError, UsageError } from '../../errors.js';
import type { InvokeOutcome, InvokeRequest } from '../../emulator/index.js';
import { invoke } from '../../api/invoke.js';
import { isSnowflake } from '../../wire/snowflake.js';
import { CommandLineError, parseCommandLine } from '../../wire/interactions/command-line.js';
import type { CliContext } from '../context.js';
import { followupHint, outcomeJson, renderOutcome, userOf } from './invoke-render.js';
import { useHint } from './component-render.js';
import { localeFlag, refFlag, waitFlag } from './member-flags.js';

export interface InvokeCliOptions {
  line?: string;
  guild?: string;
  channel?: string;
  user?: string;
  /** The application whose command is invoked (default: the emulator's default one). */
  application?: string;
  locale?: string;
  userCommand?: string;
  messageCommand?: string;
  target?: string;
  /** In a DM with the bot, or in a private channel (a group DM: user-installed commands only). */
  dm?: boolean;
  privateChannel?: boolean;
  autocomplete: boolean;
  wait?: string;
  json: boolean;
  emulator: boolean;
  apiUrl?: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.txt': 'text/plain',
  '.json': 'application/json',
  '.pdf': 'application/pdf',
};

/** Files named by `file:PATH` values: their size and type, read here (the emulator does not read the user's disk). */
async function attachmentFiles(line: string, cwd: string, partial: boolean): Promise<InvokeRequest['files']> {
  let pairs: ReturnType<typeof parseCommandLine>['pairs'];
  try {
    pairs = parseCommandLine(line, partial).pairs;
  } catch (err) {
    if (err instanceof CommandLineError) return undefined; // the emulator reports it with its caret
    throw err;
  }
  const files: NonNullable<InvokeRequest['files']> = {};
  for (const p of pairs) {
    if (!p.value.startsWith('file:')) continue;
    const path = p.value.slice(5);
    try {
      const s = await stat(resolve(cwd, path));
      files[path] = {
        size: s.size,
        ...(CONTENT_TYPES[extname(path).toLowerCase()]
          ? { contentType: CONTENT_TYPES[extname(path).toLowerCase()]! }
          : {}),
      };
    } catch {
      throw new CmdsyncError('INVOKE_FILE_NOT_FOUND', `${p.name}: cannot read ${path}`);
    }
  }
  return files;
}

export function requestOf(opts: InvokeCliOptions): InvokeRequest {
  const kinds = [opts.line !== undefined, opts.userCommand !== undefined, opts.messageCommand !== undefined].filter(
    Boolean,
  ).length;
  if (kinds !== 1)
    throw new UsageError(
      "give exactly one of: a command line ('/name …'), --user-command NAME, --message-command NAME",
    );
  if ((opts.userCommand !== undefined || opts.messageCommand !== undefined) && opts.target === undefined)
    throw new UsageError('--user-command and --message-command need --target ID');
  if (opts.autocomplete && opts.line === undefined) throw new UsageError('--autocomplete works on a command line');
  if (opts.dm && opts.privateChannel) throw new UsageError('give at most one of --dm and --private-channel');
  if ((opts.dm || opts.privateChannel) && opts.guild !== undefined)
    throw new UsageError(`${opts.dm ? '--dm' : '--private-channel'} is outside every guild: leave out --guild`);
  refFlag(opts.guild, '--guild');
  refFlag(opts.channel, '--channel');
  refFlag(opts.user, '--user');
  refFlag(opts.application, '--application');
  refFlag(opts.target, '--target');
  if (opts.messageCommand !== undefined && opts.target !== undefined && !isSnowflake(opts.target))
    throw new UsageError(`--target of a message command is a message id, not ${JSON.stringify(opts.target)}`);
  localeFlag(opts.locale);
  const waitSeconds = waitFlag(opts.wait);
  return {
    line: opts.line,
    userCommand: opts.userCommand,
    messageCommand: opts.messageCommand,
    target: opts.target,
    guildId: opts.guild,
    channelId: opts.channel,
    userId: opts.user,
    applicationId: opts.application,
    ...(opts.dm ? { context: 'bot-dm' as const } : opts.privateChannel ? { context: 'private-channel' as const } : {}),
    locale: opts.locale,
    ...(opts.autocomplete ? { autocomplete: true } : {}),
    waitSeconds,
  };
}

export async function runInvoke(opts: InvokeCliOptions, ctx: CliContext): Promise<number> {
  // An emulator started inside this one command lives only while it runs: no bot can be connected to it or hold its key.
  if (opts.emulator)
    throw new UsageError(
      'invoke --emulator cannot reach a bot: that emulator would live only inside this one command, so no bot could be connected to its gateway or verify signatures with its new key. Start `cmdsync emulator` in another terminal, point the bot at it, and set CMDSYNC_API_URL and CMDSYNC_EMULATOR_CONTROL_TOKEN to what it prints.',
    );
  const request = requestOf(opts);
  if (opts.line !== undefined) {
    const files = await attachmentFiles(opts.line, ctx.cwd, opts.autocomplete);
    if (files && Object.keys(files).length > 0) request.files = files;
  }
  const apiUrl = opts.apiUrl ?? ctx.env.CMDSYNC_API_URL?.trim();
  const controlToken = ctx.env.CMDSYNC_EMULATOR_CONTROL_TOKEN?.trim();
  if (!apiUrl)
    throw new UsageError(
      'invoke talks to a running emulator: start `cmdsync emulator` and set CMDSYNC_API_URL and CMDSYNC_EMULATOR_CONTROL_TOKEN to what it prints',
    );
  if (!controlToken)
    throw new UsageError('set CMDSYNC_EMULATOR_CONTROL_TOKEN to the control token `cmdsync emulator` printed');
  try {
    new URL(apiUrl);
  } catch {
    throw new UsageError(`CMDSYNC_API_URL is not a URL: ${JSON.stringify(apiUrl)}`);
  }
  const outcome: InvokeOutcome = await invoke(request, { apiUrl, controlToken });
  const appName = 'application' in outcome && outcome.application ? outcome.application.name : 'The application';
  if (opts.json) ctx.stdout.write(outcomeJson(outcome));
  else if (outcome.outcome === 'invalid') ctx.stderr.write(renderOutcome(outcome, appName));
  else ctx.stdout.write(renderOutcome(outcome, appName));
  const hint = opts.json || request.waitSeconds !== undefined ? undefined : followupHint(outcome);
  if (hint) ctx.stderr.write(hint);
  const use =
    opts.json || outcome.outcome !== 'answered' ? undefined : useHint(outcome.original, userOf(outcome.interaction));
  if (use) ctx.stderr.write(use);
  return outcome.outcome === 'answered' || outcome.outcome === 'launched' ? 0 : 1;
}
