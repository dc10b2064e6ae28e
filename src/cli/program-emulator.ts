/** `cmdsync emulator`, and what runs against a running one: `emulator check-endpoint`, `emulator exec`. */
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { limitOverrideProblems } from '../wire/limits.js';
import type { CliContext } from './context.js';

type SetExit = (code: number) => void;

/** `cmdsync emulator`, and `emulator check-endpoint` on a running one. */
export function registerEmulator(program: Command, ctx: CliContext, setExit: SetExit): void {
  const emulatorCommand = program
    .command('emulator')
    .description('run a local, faithful implementation of the interface (no account, no network)')
    .option('-p, --port <port>', 'port to listen on (0 = any free port)', parsePort, 8787)
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--data <file>', 'persist state to this file (default: in memory)')
    .option('--seed <file>', 'YAML or JSON describing applications, guilds, channels and commands')
    .option('--no-rate-limits', "answer without modelling the service's rate limits")
    .option(
      '--max-messages-per-channel <n>',
      'keep the newest N webhook messages per channel; older ones answer Unknown Message (0 = no cap)',
      parseMessageCap,
      1000,
    )
    .option(
      '--interactions-url <url>',
      "the default application's interactions endpoint: interactions are POSTed there, signed, instead of sent over the gateway",
    )
    .option(
      '--limit <key=n>',
      "override one of the spec's limits, e.g. user_commands=15 (repeatable; wins over the seed's limits:)",
      parseLimit,
      {},
    )
    .option(
      '--control-token <token>',
      "the control token to use (default: the seed's control_token, else the one --data keeps, else a new one)",
    )
    .action(async (opts) => {
      const { runEmulator } = await import('./commands/emulator.js');
      setExit(
        await runEmulator(
          {
            port: opts.port,
            host: opts.host,
            data: opts.data,
            seed: opts.seed,
            rateLimits: opts.rateLimits,
            maxMessagesPerChannel: opts.maxMessagesPerChannel,
            interactionsUrl: opts.interactionsUrl,
            limits: opts.limit,
            controlToken: opts.controlToken,
          },
          ctx,
        ),
      );
    });

  emulatorCommand
    .command('check-endpoint')
    .description(
      "check an application's interactions endpoint URL on a running emulator now, as the service does when the URL is saved (exit 0 when it passes)",
    )
    .option('--application <id|name>', "whose endpoint (default: the emulator's default application)")
    .option(
      '--api-url <url>',
      'the running emulator (env: CMDSYNC_API_URL; its control token: CMDSYNC_EMULATOR_CONTROL_TOKEN)',
    )
    .option('--json', 'print the check as JSON')
    .action(async (opts) => {
      const { runCheckEndpoint } = await import('./commands/check-endpoint.js');
      setExit(await runCheckEndpoint({ application: opts.application, apiUrl: opts.apiUrl, json: !!opts.json }, ctx));
    });
  registerEmulatorExec(emulatorCommand, ctx, setExit);
}

/** `emulator exec -- COMMAND…`: a bot run by hand against a running emulator, connected as `cmdsync test` connects it. */
function registerEmulatorExec(emulatorCommand: Command, ctx: CliContext, setExit: SetExit): void {
  emulatorCommand
    .command('exec')
    .description(
      "run a bot against a running emulator, unmodified: its addresses in the bot's environment and the connection shims `cmdsync test` uses (the bot's token: DISCORD_TOKEN)",
    )
    .argument('<command...>', 'the bot and its arguments, after --')
    .option('--api-url <url>', 'the running emulator (env: CMDSYNC_API_URL)')
    .action(async (command: string[], opts) => {
      const { runEmulatorExec } = await import('./commands/emulator-exec.js');
      setExit(await runEmulatorExec({ command, apiUrl: opts.apiUrl }, ctx));
    });
}

function parseMessageCap(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(n) || n < 0)
    throw new UsageError(`--max-messages-per-channel takes a whole number ≥ 0 (0 = no cap), not "${value}".`);
  return n;
}

/** `--limit KEY=N`, collected over repeats into one overrides object. */
function parseLimit(value: string, previous: Record<string, number>): Record<string, number> {
  const m = /^([a-z_]+)=(\d+)$/.exec(value.trim());
  const problems = m
    ? limitOverrideProblems({ [m[1]!]: Number(m[2]) }, (key) => `--limit ${key}`)
    : [`--limit takes KEY=N (e.g. user_commands=15), not "${value}"`];
  if (problems.length > 0) throw new UsageError(`${problems.join('; ')}.`);
  return { ...previous, [m![1]!]: Number(m![2]) };
}

function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--port takes a number from 0 to 65535, not "${value}".`);
  return n;
}
