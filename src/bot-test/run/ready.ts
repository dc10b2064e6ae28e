/**
 * Waiting for the bot under test to be ready, bounded: a gateway bot once
 * its session has identified, an HTTP bot once its endpoint answers the
 * service's signed PING. A bot that exits or does not get ready in time is a
 * problem of the file, said with the bot's last output lines.
 */
import type { EmulatorHarness, RunningEmulator } from '../../emulator/index.js';
import type { BotProcess } from './bot-process.js';

export const DEFAULT_READY_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function withOutput(message: string, bot: BotProcess): string {
  const lines = bot.lastLines();
  return lines.length ? `${message}; its last output:\n${lines.map((l) => `  ${l}`).join('\n')}` : `${message} (it printed nothing)`;
}

/** Undefined once ready; else why not. */
export async function waitReady(
  emulator: RunningEmulator,
  harness: EmulatorHarness,
  bot: BotProcess,
  applicationId: string,
  http: boolean,
  timeoutMs: number,
): Promise<string | undefined> {
  const deadline = performance.now() + timeoutMs;
  let last = http ? 'its endpoint never answered the signed PING' : 'no gateway session identified';
  for (;;) {
    if (bot.exitedWith !== undefined) return withOutput(`the bot exited (code ${bot.exitedWith}) before it was ready`, bot);
    if (http) {
      const check = await emulator.checkInteractionsEndpoint(applicationId);
      if (check.ok) return undefined;
      last = `its endpoint did not pass the check: ${check.problems.join('; ')}`;
    } else if (harness.connected(applicationId)) return undefined;
    if (performance.now() >= deadline) return withOutput(`the bot was not ready within ${Math.round(timeoutMs / 1000)} s (${last})`, bot);
    await sleep(http ? 200 : 50);
  }
}
