/**
 * `cmdsync emulator`: runs the local emulator until SIGINT/SIGTERM. Printing
 * the default app's credentials is intended here: it is a local sandbox and
 * the user needs them to point a bot at it.
 */
import { DEFAULT_LIMITS } from '../../wire/limits.js';
import {
  controlTokenProblem,
  EmulatorDataError,
  EmulatorStartError,
  MessageCapError,
  SeedError,
  startEmulator,
  type DailyCreates,
  type RunningEmulator,
} from '../../emulator/index.js';
import { watchReportText } from './endpoint-check-text.js';
import { printableUrl, urlLines, worldLines } from './emulator-banner.js';

export interface EmulatorCliOptions {
  port?: number;
  host: string;
  data?: string;
  seed?: string;
  rateLimits: boolean;
  /** Messages kept per channel; 0 = no cap; omitted = the emulator's default. */
  maxMessagesPerChannel?: number;
  /** The default application's interactions endpoint URL. */
  interactionsUrl?: string;
  /** `--limit KEY=N` overrides of the spec's limits (already checked). */
  limits?: Record<string, number>;
  /** `--control-token`: pinned instead of the data file's or a random one. */
  controlToken?: string;
}

function line(stream: NodeJS.WritableStream, text: string): void {
  stream.write(`${text}\n`);
}

/** The create allowance, so a user who experiments knows how much is left and how to start over. */
function printDailyCreates(out: NodeJS.WritableStream, daily: DailyCreates, appId: string): void {
  line(
    out,
    `# daily command creates: ${daily.limitPerGuild} per guild per UTC day; global creates are counted, not limited`,
  );
  const mine = daily.scopes.filter((s) => s.application_id === appId);
  if (mine.length === 0) line(out, `#   none used today (${daily.day})`);
  for (const s of mine)
    line(
      out,
      s.scope === 'global' ? `#   global: ${s.used} used` : `#   guild ${s.scope}: ${s.used} used, ${s.left} left`,
    );
  line(out, '# reset: DELETE /__emulator/daily-creates (X-Cmdsync-Control: the control token)');
}

export async function runEmulator(
  opts: EmulatorCliOptions,
  io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream },
): Promise<number> {
  if (opts.port !== undefined && (!Number.isInteger(opts.port) || opts.port < 0 || opts.port > 65535)) {
    line(io.stderr, `error: --port must be a whole number from 0 to 65535, not ${String(opts.port)}`);
    return 1;
  }
  const badToken = opts.controlToken === undefined ? undefined : controlTokenProblem(opts.controlToken);
  if (badToken) {
    line(io.stderr, `error: --control-token ${badToken}`);
    return 1;
  }
  let emulator: RunningEmulator | undefined;
  try {
    emulator = await startEmulator({
      host: opts.host,
      port: opts.port,
      ...(opts.data ? { dataFile: opts.data } : {}),
      ...(opts.seed ? { seedFile: opts.seed } : {}),
      ...(opts.rateLimits ? {} : { rateLimits: false as const }),
      maxMessagesPerChannel: opts.maxMessagesPerChannel,
      interactionsUrl: opts.interactionsUrl,
      ...(opts.limits && Object.keys(opts.limits).length > 0 ? { limits: opts.limits } : {}),
      // As when a URL is saved in the developer portal: the endpoint must answer a PING and refuse a forged signature (re-checked until the bot is up).
      watchEndpoints: (appId, report) =>
        line(io.stderr, watchReportText(report, appId === emulator?.credentials.applicationId ? undefined : appId)),
      controlToken: opts.controlToken,
    });
  } catch (err) {
    if (
      err instanceof SeedError ||
      err instanceof EmulatorStartError ||
      err instanceof EmulatorDataError ||
      err instanceof MessageCapError
    ) {
      line(io.stderr, `error: ${err.message}`);
      return 1;
    }
    const code = (err as NodeJS.ErrnoException)?.code;
    line(
      io.stderr,
      `error: cannot start the emulator${code ? ` (${code})` : ''}: ${String((err as Error)?.message ?? err).split('\n')[0]}`,
    );
    return 1;
  }

  const c = emulator.credentials;
  line(io.stdout, `cmdsync emulator listening on ${emulator.url}`);
  line(io.stdout, `web view: ${emulator.viewUrl} (channels, commands, invoke, state; this machine only)`);
  line(io.stdout, '');
  for (const l of urlLines(emulator.url, emulator.restBase)) line(io.stdout, l);
  line(io.stdout, `DISCORD_APPLICATION_ID=${c.applicationId}`);
  line(io.stdout, `DISCORD_TOKEN=${c.botToken}`);
  line(io.stdout, `DISCORD_CLIENT_ID=${c.clientId}`);
  line(io.stdout, `DISCORD_CLIENT_SECRET=${c.clientSecret}`);
  line(io.stdout, `DISCORD_BEARER_TOKEN=${c.bearerToken}`);
  line(io.stdout, `CMDSYNC_EMULATOR_CONTROL_TOKEN=${emulator.controlToken}`);
  line(io.stdout, `DISCORD_PUBLIC_KEY=${c.publicKey}`);
  for (const l of worldLines(emulator.world, { applicationId: c.applicationId, guildId: c.guildId }))
    line(io.stdout, l);
  line(
    io.stdout,
    opts.data
      ? `# data: ${opts.data} (tokens, ids and the control token are kept across restarts)`
      : '# data: in memory (ids and tokens are new at every start; use --data FILE to keep them)',
  );
  const cap = opts.maxMessagesPerChannel;
  line(
    io.stdout,
    cap === 0 ? '# messages: every one kept (no cap)' : `# messages: the newest ${cap ?? 1000} per channel are kept`,
  );
  const endpoint = emulator.world.applications[c.applicationId]?.interactionsEndpointUrl;
  line(
    io.stdout,
    endpoint
      ? `# interactions: POSTed to ${printableUrl(endpoint)}`
      : '# interactions: sent over the gateway (no interactions endpoint URL)',
  );
  line(io.stdout, `# gateway: ${emulator.gatewayUrl} (bots find it through GET /gateway/bot)`);
  const changed = Object.entries(emulator.limits).filter(
    ([key, value]) => DEFAULT_LIMITS[key as keyof typeof DEFAULT_LIMITS] !== value,
  );
  if (changed.length > 0)
    line(
      io.stdout,
      `# limits: ${changed
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join(', ')} (the rest as the spec says)`,
    );
  printDailyCreates(io.stdout, emulator.dailyCreates(), c.applicationId);
  line(io.stdout, 'Press Ctrl+C to stop.');
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await emulator.close();
  line(io.stderr, 'emulator stopped');
  return 0;
}
