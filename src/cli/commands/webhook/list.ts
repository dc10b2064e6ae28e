/**
 * `cmdsync webhook list`: the webhooks of a channel (`--channel`), of a guild
 * (`--guild`), or, with neither, of the channels the manifest's webhooks are
 * declared in. Channels and guilds by id or name; rows show channel names
 * next to their ids where the emulator or the service reports them. Tokens
 * are never printed.
 */
import { CmdsyncError, UsageError } from '../../../errors.js';
import { listChannelWebhooks, listGuildWebhooks } from '../../../remote/index.js';
import { isSnowflake } from '../../../wire/snowflake.js';
import { writeLine, type CliContext } from '../../context.js';
import { readManifestForSync } from '../../manifest-input.js';
import { labelOf } from '../../names.js';
import { placeId, withBotClient, type BotOptions } from './bot.js';
import { hideTokens, type OutputOptions } from './manage.js';
import { publicWebhook, webhookRow } from './output.js';

export interface ListOptions extends BotOptions, OutputOptions {
  channel?: string;
  guild?: string;
  /** The manifest whose webhooks a bare `list` reads (default: the one in the working directory). */
  manifest?: string;
}

/** The channels the manifest declares webhooks in (each once, in order), and its guilds (for names). */
function declaredChannels(
  path: string | undefined,
  ctx: CliContext,
): { channels: string[]; guilds: string[]; display: string } {
  let loaded: ReturnType<typeof readManifestForSync>;
  try {
    loaded = readManifestForSync(path, ctx);
  } catch (err) {
    if (err instanceof CmdsyncError && err.code === 'MANIFEST_NOT_FOUND')
      throw new UsageError(
        `webhook list: give --channel ID|NAME or --guild ID|NAME, or run it beside a manifest to list the channels of its webhooks (${err.message})`,
      );
    throw err;
  }
  const { manifest } = loaded;
  const channels = [
    ...new Set(
      manifest.webhooks.flatMap((w) =>
        typeof w === 'object' && w !== null && isSnowflake((w as { channel_id?: unknown }).channel_id)
          ? [(w as { channel_id: string }).channel_id]
          : [],
      ),
    ),
  ];
  if (channels.length === 0)
    throw new UsageError(
      `webhook list: ${manifest.root.display} declares no webhooks; give --channel ID|NAME or --guild ID|NAME.`,
    );
  return { channels, guilds: manifest.guilds.map((g) => g.id), display: manifest.root.display };
}

export async function runWebhookList(opts: ListOptions, ctx: CliContext): Promise<number> {
  if (opts.channel !== undefined && opts.guild !== undefined)
    throw new UsageError(
      "webhook list: give --channel or --guild, not both (or neither, for the manifest's webhooks).",
    );
  const declared =
    opts.channel === undefined && opts.guild === undefined ? declaredChannels(opts.manifest, ctx) : undefined;
  return withBotClient(opts, ctx, async (bot) => {
    const { client } = bot;
    let where: string;
    let webhooks: unknown[];
    let guildIds: string[] = [];
    if (declared) {
      webhooks = (await Promise.all(declared.channels.map((c) => listChannelWebhooks(client, c)))).flat();
      guildIds = declared.guilds;
      where = '';
    } else if (opts.channel !== undefined) {
      const id = await placeId(bot, opts.channel, '--channel');
      webhooks = await listChannelWebhooks(client, id);
      where = `channel ${id}`;
    } else {
      const id = await placeId(bot, opts.guild!, '--guild');
      webhooks = await listGuildWebhooks(client, id);
      guildIds = [id];
      where = `guild ${id}`;
    }
    hideTokens(client, webhooks);
    if (opts.json) {
      ctx.stdout.write(`${JSON.stringify(webhooks.map(publicWebhook), null, 2)}\n`);
      return 0;
    }
    const names = await bot.names.namesIn([...guildIds, ...webhooks.map((w) => (w as { guild_id?: string }).guild_id)]);
    if (declared)
      writeLine(
        ctx.stderr,
        `The channels of ${declared.display}'s webhooks: ${declared.channels.map((c) => labelOf('channel', c, names)).join(', ')}.`,
      );
    else where = where.replace(/\d+$/, (id) => labelOf(where.startsWith('channel') ? 'channel' : 'guild', id, names));
    if (webhooks.length === 0) {
      writeLine(ctx.stderr, `No webhooks in ${declared ? 'those channels' : where}.`);
      return 0;
    }
    for (const w of webhooks) writeLine(ctx.stdout, webhookRow(w, names));
    writeLine(
      ctx.stderr,
      `${webhooks.length} webhook${webhooks.length === 1 ? '' : 's'}. Tokens are hidden; print one webhook's URL with: cmdsync webhook url ID`,
    );
    return 0;
  });
}
