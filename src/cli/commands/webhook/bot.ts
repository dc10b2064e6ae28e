/**
 * The client the bot-token subcommands (list, get, create, edit, delete, url
 * by id) use. Unlike `plan`/`apply`, managing webhooks needs no application
 * id, so the remote case does not go through `openSession` (which requires
 * one); `--emulator` does, to share its provisioned local state.
 */
import type { RestClient } from '../../../remote/index.js';
import type { CliContext } from '../../context.js';
import { openRemoteClient, openSession } from '../../session.js';

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
  const { client, apiUrl } = openRemoteClient(opts, ctx);
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
