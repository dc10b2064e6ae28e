/**
 * The client the bot-token subcommands (list, get, create, edit, delete, url
 * by id) use. Unlike `plan`/`apply`, managing webhooks needs no application
 * id, so the remote case does not go through `openSession` (which requires
 * one); `--emulator` does, to share its provisioned local state.
 */
import {
  createClient,
  describeCredentials,
  loadCredentials,
  maskSecretForActions,
  normalizeApiUrl,
  requireAppAuth,
  type RestClient,
} from '../../../remote/index.js';
import { writeLine, type CliContext } from '../../context.js';
import { openSession } from '../../session.js';

export interface BotOptions {
  emulator: boolean;
  apiUrl?: string;
  debug: boolean;
}

export interface BotClient {
  client: RestClient;
  /** The API base, e.g. to print a webhook's URL. */
  apiUrl: string;
  close(): Promise<void>;
}

export async function openBotClient(opts: BotOptions, ctx: CliContext): Promise<BotClient> {
  if (opts.emulator) {
    const session = await openSession({ emulator: true, apiUrl: opts.apiUrl, debug: opts.debug }, ctx);
    return { client: session.client, apiUrl: session.apiUrl, close: () => session.close() };
  }
  const credentials = loadCredentials(ctx.env, ctx.cwd);
  const apiUrl = opts.apiUrl !== undefined ? normalizeApiUrl(opts.apiUrl, '--api-url') : credentials.apiUrl;
  requireAppAuth(credentials);
  const onDebug = opts.debug ? (line: string) => writeLine(ctx.stderr, `debug: ${line}`) : undefined;
  onDebug?.(describeCredentials({ ...credentials, apiUrl }));
  const client = createClient(
    { ...credentials, apiUrl },
    {
      ...(onDebug ? { onDebug } : {}),
      ...(ctx.env.GITHUB_ACTIONS === 'true' ? { onSecret: (secret: string) => void maskSecretForActions(secret, (line) => ctx.stderr.write(line), ctx.env) } : {}),
    },
  );
  return { client, apiUrl, close: () => client.close() };
}

export async function withBotClient<T>(opts: BotOptions, ctx: CliContext, fn: (bot: BotClient) => Promise<T>): Promise<T> {
  const bot = await openBotClient(opts, ctx);
  try {
    return await fn(bot);
  } finally {
    await bot.close();
  }
}
