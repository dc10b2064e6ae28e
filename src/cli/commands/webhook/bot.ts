/**
 * The client the bot-token subcommands (list, get, create, edit, delete, url
 * by id) use. Unlike `plan`/`apply`, managing webhooks needs no application
 * id, so the remote case does not go through `openSession` (which requires
 * one); `--emulator` does, to share its provisioned local state.
 */
import type { RestClient } from '../../../remote/index.js';
import type { CliContext } from '../../context.js';
import { Names, serviceNames, worldNames } from '../../names.js';
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
  /**
   * Names where ids go (`--channel general`, `--guild Test`) and next to ids
   * in output: with --emulator from its world, else from what the service
   * returns to the bot.
   */
  names: Names;
  close(): Promise<void>;
}

/** A --channel or --guild value as an id: an id as it is, else a name the emulator or the service knows (an unknown one lists the known ones). */
export async function placeId(bot: BotClient, value: string, flag: '--channel' | '--guild'): Promise<string> {
  return (flag === '--channel' ? await bot.names.channel(flag, value) : await bot.names.guild(flag, value)).id;
}

export async function openBotClient(opts: BotOptions, ctx: CliContext): Promise<BotClient> {
  if (opts.emulator) {
    const session = await openSession({ emulator: true, apiUrl: opts.apiUrl, debug: opts.debug }, ctx);
    const source = session.emulator ? worldNames(session.emulator.world) : serviceNames(session.client);
    return { client: session.client, apiUrl: session.apiUrl, names: new Names(source), close: () => session.close() };
  }
  const { client, apiUrl } = openRemoteClient(opts, ctx);
  return { client, apiUrl, names: new Names(serviceNames(client)), close: () => client.close() };
}

export async function withBotClient<T>(
  opts: BotOptions,
  ctx: CliContext,
  fn: (bot: BotClient) => Promise<T>,
): Promise<T> {
  const bot = await openBotClient(opts, ctx);
  try {
    return await fn(bot);
  } finally {
    await bot.close();
  }
}
