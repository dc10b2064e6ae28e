/**
 * The client the bot-token subcommands (list, get, create, edit, delete, url
 * by id) use. Unlike `plan`/`apply`, managing webhooks needs no application
 * id, so the remote case does not go through `openSession` (which requires
 * one); `--emulator` does, to share its provisioned local state.
 */
import { UsageError } from '../../../errors.js';
import { resolveNames } from '../../../emulator/state/names.js';
import type { World } from '../../../emulator/state/world.js';
import type { RestClient } from '../../../remote/index.js';
import type { CliContext } from '../../context.js';
import { idFrom } from './flag-values.js';
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
  /** With --emulator, its world: `--channel general` and `--guild Test` are looked up there, as `invoke` looks them up. */
  world?: World;
  close(): Promise<void>;
}

/** A --channel or --guild value as an id: an id as it is, or with --emulator a name in its world (an unknown one lists the candidates). */
export function placeId(bot: BotClient, value: string, flag: '--channel' | '--guild'): string {
  if (!bot.world) return idFrom(value, flag);
  const named = resolveNames(bot.world, flag === '--channel' ? { channelId: value } : { guildId: value }, '');
  if ('problem' in named) throw new UsageError(`${flag}: ${named.problem}`);
  return (flag === '--channel' ? named.channelId : named.guildId)!;
}

export async function openBotClient(opts: BotOptions, ctx: CliContext): Promise<BotClient> {
  if (opts.emulator) {
    const session = await openSession({ emulator: true, apiUrl: opts.apiUrl, debug: opts.debug }, ctx);
    return { client: session.client, apiUrl: session.apiUrl, ...(session.emulator ? { world: session.emulator.world } : {}), close: () => session.close() };
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
