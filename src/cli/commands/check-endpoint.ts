/**
 * `cmdsync emulator check-endpoint [--application ID|NAME]`: asks a running
 * emulator to check an application's interactions endpoint URL now, as the
 * service does when the URL is saved (a signed PING must get `{"type":1}`, a
 * forged one 401). Exit 0 when the endpoint passes, 1 otherwise.
 */
import { UsageError } from '../../errors.js';
import { checkInteractionsEndpoint } from '../../api/invoke.js';
import type { CliContext } from '../context.js';
import { endpointCheckText } from './endpoint-check-text.js';

export interface CheckEndpointOptions {
  application?: string;
  apiUrl?: string;
  json: boolean;
}

export async function runCheckEndpoint(opts: CheckEndpointOptions, ctx: CliContext): Promise<number> {
  if (opts.application !== undefined && opts.application.trim() === '')
    throw new UsageError('--application takes an application id or name');
  const apiUrl = opts.apiUrl ?? ctx.env.CMDSYNC_API_URL?.trim();
  const controlToken = ctx.env.CMDSYNC_EMULATOR_CONTROL_TOKEN?.trim();
  if (!apiUrl || !controlToken)
    throw new UsageError(
      'check-endpoint asks a running emulator: set CMDSYNC_API_URL and CMDSYNC_EMULATOR_CONTROL_TOKEN to what `cmdsync emulator` printed',
    );
  try {
    new URL(apiUrl);
  } catch {
    throw new UsageError(`CMDSYNC_API_URL is not a URL: ${JSON.stringify(apiUrl)}`);
  }
  const check = await checkInteractionsEndpoint({ apiUrl, controlToken }, opts.application);
  if (opts.json) ctx.stdout.write(`${JSON.stringify(check, null, 2)}\n`);
  else (check.ok ? ctx.stdout : ctx.stderr).write(`${endpointCheckText(check)}\n`);
  return check.ok ? 0 : 1;
}
