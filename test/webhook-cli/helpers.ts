/** In-process runs of the `cmdsync webhook` tree (wired through register.ts) against the webhook test world. */
import { Command, CommanderError } from 'commander';
import { expect } from 'vitest';
import { registerWebhookCommands } from '../../src/cli/commands/webhook/register.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { CmdsyncError } from '../../src/errors.js';
import { captureContext } from '../pull/context.js';
import { testdir } from '../helpers/tmp.js';

export interface Run {
  code: number;
  out: string;
  err: string;
}

/**
 * Parses `argv` with a program holding only the webhook tree, and maps errors
 * as program.ts's handleError does (`error: message`, exit 1).
 */
export async function cli(
  argv: string[],
  env: Record<string, string | undefined>,
  cwd: string = testdir(),
): Promise<Run> {
  const ctx = captureContext(cwd, env);
  let code = 0;
  const program = new Command('cmdsync')
    .exitOverride()
    .configureOutput({ writeOut: (s) => ctx.stdout.write(s), writeErr: (s) => ctx.stderr.write(s) });
  registerWebhookCommands(program, ctx, (c) => (code = c));
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) code = err.exitCode === 0 ? 0 : 1;
    else if (err instanceof CmdsyncError) {
      ctx.stderr.write(`error: ${err.message}\n`);
      code = 1;
    } else throw err;
  }
  return { code, out: ctx.out(), err: ctx.err() };
}

/** The bot-token environment of the emulator's main application (no application id: webhooks need none). */
export function botEnv(emu: RunningEmulator, extra: Record<string, string> = {}): Record<string, string> {
  return { CMDSYNC_API_URL: emu.url, DISCORD_TOKEN: emu.credentials.botToken, ...extra };
}

export function hookUrl(emu: RunningEmulator, hook: { id: string; token: string }): string {
  return `${emu.url}/webhooks/${hook.id}/${hook.token}`;
}

/** No secret may appear anywhere in what a run printed. */
export function expectNoSecrets(run: Run, secrets: readonly string[]): void {
  for (const s of secrets) {
    expect(run.out).not.toContain(s);
    expect(run.err).not.toContain(s);
    expect(run.out).not.toContain(encodeURIComponent(s));
    expect(run.err).not.toContain(encodeURIComponent(s));
  }
}

export function messageCount(emu: RunningEmulator): number {
  return Object.keys(emu.world.messages).length;
}

export function lastMessage(emu: RunningEmulator): { channel_id: string; message: any } {
  const all = Object.values(emu.world.messages);
  return all[all.length - 1] as never;
}
