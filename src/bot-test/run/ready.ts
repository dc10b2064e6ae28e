/**
 * Waiting for the bot under test to be ready, bounded: a gateway bot once
 * its session has identified, an HTTP bot once its endpoint answers the
 * service's signed PING. A bot that exits first is said with its first
 * error (or its last lines); one not ready in time with its last lines.
 */
import type { EmulatorHarness, RunningEmulator } from '../../emulator/index.js';
import { CmdsyncError } from '../../errors.js';
import type { BotProcess, ExitFacts } from './bot-process.js';

export const DEFAULT_READY_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Why the bot is not ready: it exited (what it left), or the time ran out. */
export type NotReady = { exited: ExitFacts } | { timedOut: string };

/**
 * The bot did not get ready: `exited` when its process ended first (the
 * file's report says so, with its error, rather than blame the test).
 */
export class BotNotReadyError extends CmdsyncError {
  readonly exited: ExitFacts | undefined;

  constructor(notReady: NotReady) {
    super('BOT_TEST_NOT_READY', notReadyMessage(notReady));
    this.exited = 'exited' in notReady ? notReady.exited : undefined;
  }
}

/** One text for the programmatic API's error: the exit and its first error, or the last lines. */
export function notReadyMessage(notReady: NotReady): string {
  if ('timedOut' in notReady) return notReady.timedOut;
  const { code, error, lastLines } = notReady.exited;
  const head = `the bot exited (code ${code}) before it was ready`;
  if (error)
    return [
      `${head}; its first error${error.at ? `, at ${error.at.file}:${error.at.line}` : ''}:`,
      ...error.lines.map((l) => `  ${l}`),
    ].join('\n');
  return lastLines.length
    ? [`${head}; its last output:`, ...lastLines.map((l) => `  ${l}`)].join('\n')
    : `${head} (it printed nothing)`;
}

function withOutput(message: string, bot: BotProcess): string {
  const lines = bot.lastLines();
  return lines.length
    ? `${message}; its last output:\n${lines.map((l) => `  ${l}`).join('\n')}`
    : `${message} (it printed nothing)`;
}

/** The bot's own word that it is ready (`bot.ready:`): whether a line of its output matched, and the matcher as written. */
export interface ReadyLine {
  said(): boolean;
  wanted?: string;
}

/** Undefined once ready; else why not. */
export async function waitReady(
  emulator: RunningEmulator,
  harness: EmulatorHarness,
  bot: BotProcess,
  applicationId: string,
  http: boolean,
  timeoutMs: number,
  output: ReadyLine = { said: () => true },
): Promise<NotReady | undefined> {
  const deadline = performance.now() + timeoutMs;
  let last = http ? 'its endpoint never answered the signed PING' : 'no gateway session identified';
  for (;;) {
    const exited = await bot.exitFacts();
    if (exited) return { exited };
    if (http) {
      const check = await emulator.checkInteractionsEndpoint(applicationId);
      if (check.ok && output.said()) return undefined;
      last = check.ok
        ? `no line of its output matched ready: ${output.wanted}`
        : `its endpoint did not pass the check: ${check.problems.join('; ')}`;
    } else if (harness.connected(applicationId)) {
      if (output.said()) return undefined;
      last = `its session identified, but no line of its output matched ready: ${output.wanted}`;
    }
    if (performance.now() >= deadline)
      return { timedOut: withOutput(`the bot was not ready within ${Math.round(timeoutMs / 1000)} s (${last})`, bot) };
    await sleep(http ? 200 : 50);
  }
}
