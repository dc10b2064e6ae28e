/**
 * `cmdsync emulator exec -- COMMAND…`: runs a bot by hand against a running
 * emulator (issue 38), as `cmdsync test` runs it: the emulator's addresses in
 * the variables the runner sets, and the connection shims that point the
 * libraries' defaults at them, so the same unmodified bot works outside
 * tests. The bot's token is the user's DISCORD_TOKEN (the one `cmdsync
 * emulator` printed). Exits with the bot's exit code; Ctrl+C reaches the bot.
 */
import { spawn } from 'node:child_process';
import { UsageError } from '../../errors.js';
import { withShims } from '../../bot-test/run/shims.js';
import type { CliContext } from '../context.js';

export interface ExecOptions {
  apiUrl?: string;
  command: string[];
}

/** The variables the bot reads, from the emulator's API URL (`http://127.0.0.1:8787/api/v10`): its gateway is on the same port. */
export function execEnvironment(apiUrl: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new UsageError(`CMDSYNC_API_URL is not a URL: ${JSON.stringify(apiUrl)}`);
  }
  if (!/\/api\/v\d+\/?$/.test(url.pathname))
    throw new UsageError(
      `CMDSYNC_API_URL must end with the API's version, as \`cmdsync emulator\` prints it (…/api/v10), not ${apiUrl}`,
    );
  const api = url.toString().replace(/\/$/, '');
  return withShims({
    PYTHONUNBUFFERED: '1',
    ...env,
    CMDSYNC_API_URL: api,
    DISCORD_REST_BASE: api.replace(/\/v\d+$/, ''),
    CMDSYNC_GATEWAY_URL: `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`,
  });
}

export async function runEmulatorExec(opts: ExecOptions, ctx: CliContext): Promise<number> {
  const apiUrl = opts.apiUrl ?? ctx.env.CMDSYNC_API_URL?.trim();
  if (!apiUrl)
    throw new UsageError(
      'emulator exec runs a bot against a running emulator: start `cmdsync emulator` and set CMDSYNC_API_URL (or --api-url) to the URL it prints',
    );
  if (!ctx.env.DISCORD_TOKEN?.trim())
    throw new UsageError('set DISCORD_TOKEN to the bot token `cmdsync emulator` printed for the application');
  const [command, ...args] = opts.command;
  if (command === undefined)
    throw new UsageError("emulator exec needs the bot's command after --, e.g. `cmdsync emulator exec -- node bot.js`");
  const env = execEnvironment(apiUrl, ctx.env);
  const child = spawn(command, args, { cwd: ctx.cwd, env, stdio: 'inherit' });
  // The terminal's Ctrl+C reaches the bot too (same process group); a TERM sent to cmdsync alone is passed on.
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((s) => [s, forward(s)] as const);
  for (const [s, h] of handlers) process.on(s, h);
  try {
    return await new Promise<number>((resolve, reject) => {
      child.once('error', (err: NodeJS.ErrnoException) =>
        reject(err.code === 'ENOENT' ? new UsageError(`${command}: command not found`) : err),
      );
      child.once('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 143)));
    });
  } finally {
    for (const [s, h] of handlers) process.off(s, h);
  }
}
